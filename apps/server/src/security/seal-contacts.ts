import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { customerMessages, customerUnsubscribes, plans, routeStops, type Database } from "@routepilot/db";
import type { Logger } from "../lib/logger";
import { sealContact, sealContacts } from "./contacts";
import { sealField, type FieldEncryption } from "./field-encryption";

/** Rows sealed by sealPlainContacts, per table. */
export interface ContactSealing {
  routeStops: number;
  plans: number;
  customerMessages: number;
  customerUnsubscribes: number;
}

const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/**
 * Seals the customer contacts written before migration 0012 (decision 011): route_stops.contact,
 * plans.legacy_contacts (the migration moved them out of orders), customer_messages' plain address,
 * subject and body, and customer_unsubscribes' plain addresses (replaced by their keyed hash). Runs
 * at start, `batchSize` rows per transaction, rows locked while rewritten; a run that stops part-way
 * is continued by the next (rows are picked by their plain column, emptied when sealed).
 */
export async function sealPlainContacts(db: Database, encryption: FieldEncryption, logger: Logger, batchSize = 500): Promise<ContactSealing> {
  const done: ContactSealing = { routeStops: 0, plans: 0, customerMessages: 0, customerUnsubscribes: 0 };
  for (let after = FIRST_ID; ; ) {
    const last = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: routeStops.id, contact: routeStops.contact, contactSealed: routeStops.contactSealed })
        .from(routeStops)
        .where(and(isNotNull(routeStops.contact), gt(routeStops.id, after)))
        .orderBy(asc(routeStops.id))
        .limit(batchSize)
        .for("update");
      for (const row of rows) {
        // A sealed value written meanwhile wins; the plain one only fills an empty column.
        await tx
          .update(routeStops)
          .set({ contact: null, contactSealed: row.contactSealed ?? sealContact(encryption, row.contact) })
          .where(eq(routeStops.id, row.id));
      }
      done.routeStops += rows.length;
      return rows.at(-1)?.id ?? null;
    });
    if (last === null) break;
    after = last;
  }
  for (let after = FIRST_ID; ; ) {
    const last = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: plans.id, legacy: plans.legacyContacts, contactsSealed: plans.contactsSealed })
        .from(plans)
        .where(and(isNotNull(plans.legacyContacts), gt(plans.id, after)))
        .orderBy(asc(plans.id))
        .limit(batchSize)
        .for("update");
      for (const row of rows) {
        await tx
          .update(plans)
          .set({ legacyContacts: null, contactsSealed: row.contactsSealed ?? sealContacts(encryption, Object.entries(row.legacy ?? {})) })
          .where(eq(plans.id, row.id));
      }
      done.plans += rows.length;
      return rows.at(-1)?.id ?? null;
    });
    if (last === null) break;
    after = last;
  }
  for (let after = FIRST_ID; ; ) {
    const last = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: customerMessages.id, email: customerMessages.email, subject: customerMessages.subject, body: customerMessages.body })
        .from(customerMessages)
        .where(and(isNotNull(customerMessages.email), gt(customerMessages.id, after)))
        .orderBy(asc(customerMessages.id))
        .limit(batchSize)
        .for("update");
      for (const row of rows) {
        const email = (row.email as string).trim().toLowerCase();
        await tx
          .update(customerMessages)
          .set({
            email: null,
            subject: null,
            body: null,
            sealed: sealField(encryption, JSON.stringify({ email, subject: row.subject ?? "", body: row.body ?? "" })),
            emailHash: encryption.emailHash(email),
          })
          .where(eq(customerMessages.id, row.id));
      }
      done.customerMessages += rows.length;
      return rows.at(-1)?.id ?? null;
    });
    if (last === null) break;
    after = last;
  }
  // Unsubscribes have no id: each plain row becomes a row of its hash (kept once) and goes.
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ teamId: customerUnsubscribes.teamId, email: customerUnsubscribes.email, createdAt: customerUnsubscribes.createdAt })
        .from(customerUnsubscribes)
        .where(and(isNull(customerUnsubscribes.emailHash), isNotNull(customerUnsubscribes.email)))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const row of rows) {
        const email = row.email as string;
        await tx.insert(customerUnsubscribes).values({ teamId: row.teamId, emailHash: encryption.emailHash(email), createdAt: row.createdAt }).onConflictDoNothing();
        await tx.delete(customerUnsubscribes).where(and(eq(customerUnsubscribes.teamId, row.teamId), eq(customerUnsubscribes.email, email), isNull(customerUnsubscribes.emailHash)));
      }
      return rows.length;
    });
    done.customerUnsubscribes += count;
    if (count === 0) break;
  }
  const total = done.routeStops + done.plans + done.customerMessages + done.customerUnsubscribes;
  if (total > 0) logger.info({ ...done }, "plain customer contacts sealed");
  return done;
}

/** Rows still holding a plain contact (0 after sealPlainContacts). */
export async function plainContactRows(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    select (select count(*) from ${routeStops} where ${routeStops.contact} is not null)
      + (select count(*) from ${plans} where ${plans.legacyContacts} is not null)
      + (select count(*) from ${customerMessages} where ${customerMessages.email} is not null)
      + (select count(*) from ${customerUnsubscribes} where ${customerUnsubscribes.emailHash} is null) as n`)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
