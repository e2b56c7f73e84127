import { and, asc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { customerMessages, customerUnsubscribes, outbox, plans, routeStops, type Database, type Tx } from "@routepilot/db";
import type { Logger } from "../../lib/logger";
import { sealContact, sealContacts } from "./contacts";
import { sealField, type FieldEncryption } from "./field-encryption";
import { outboxValues } from "../../platform/mail/mail";

/** Rows sealed by sealPlainContacts, per table. */
export interface ContactSealing {
  routeStops: number;
  plans: number;
  customerMessages: number;
  customerUnsubscribes: number;
  outbox: number;
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
  const done: ContactSealing = { routeStops: 0, plans: 0, customerMessages: 0, customerUnsubscribes: 0, outbox: 0 };
  // Each batch: rows with a plain value after the last id, in id order, locked (FOR UPDATE).
  const page = (plain: PgColumn, id: PgColumn, after: string) => ({ where: and(isNotNull(plain), gt(id, after)), order: asc(id) });
  done.routeStops = await inBatches(db, async (tx, after) => {
    const { where, order } = page(routeStops.contact, routeStops.id, after);
    const rows = await tx.select().from(routeStops).where(where).orderBy(order).limit(batchSize).for("update");
    // A sealed value written meanwhile wins; the plain one only fills an empty column.
    for (const row of rows) await tx.update(routeStops).set({ contact: null, contactSealed: row.contactSealed ?? sealContact(encryption, row.contact) }).where(eq(routeStops.id, row.id));
    return rows;
  });
  done.plans = await inBatches(db, async (tx, after) => {
    const { where, order } = page(plans.legacyContacts, plans.id, after);
    const rows = await tx.select({ id: plans.id, legacy: plans.legacyContacts, sealed: plans.contactsSealed }).from(plans).where(where).orderBy(order).limit(batchSize).for("update");
    for (const row of rows) await tx.update(plans).set({ legacyContacts: null, contactsSealed: row.sealed ?? sealContacts(encryption, Object.entries(row.legacy ?? {})) }).where(eq(plans.id, row.id));
    return rows;
  });
  done.customerMessages = await inBatches(db, async (tx, after) => {
    const { where, order } = page(customerMessages.email, customerMessages.id, after);
    const rows = await tx.select().from(customerMessages).where(where).orderBy(order).limit(batchSize).for("update");
    for (const row of rows) {
      const email = (row.email as string).trim().toLowerCase();
      const sealed = sealField(encryption, JSON.stringify({ email, subject: row.subject ?? "", body: row.body ?? "" }));
      await tx.update(customerMessages).set({ email: null, subject: null, body: null, sealed, emailHash: encryption.emailHash(email) }).where(eq(customerMessages.id, row.id));
    }
    return rows;
  });
  // Customer e-mails in the outbox written before migration 0018: sealed in place (outboxValues, as the mailer writes them now).
  done.outbox = await inBatches(db, async (tx, after) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "customer-message"), isNull(outbox.sealed), gt(outbox.id, after)))
      .orderBy(asc(outbox.id))
      .limit(batchSize)
      .for("update");
    for (const row of rows) await tx.update(outbox).set(outboxValues(encryption, { to: row.to, subject: row.subject, text: row.text, html: row.html, kind: "customer-message" })).where(eq(outbox.id, row.id));
    return rows;
  });
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
  const total = done.routeStops + done.plans + done.customerMessages + done.customerUnsubscribes + done.outbox;
  if (total > 0) logger.info({ ...done }, "plain customer contacts sealed");
  return done;
}

/** Runs `batch` (one transaction each) from the first id on, after the last row of the previous one, until one is empty; the rows done. */
async function inBatches(db: Database, batch: (tx: Tx, after: string) => Promise<{ id: string }[]>): Promise<number> {
  let count = 0;
  for (let after = FIRST_ID; ; ) {
    const rows = await db.transaction((tx) => batch(tx, after));
    const last = rows.at(-1);
    if (!last) return count;
    count += rows.length;
    after = last.id;
  }
}

/** Rows still holding a plain contact (0 after sealPlainContacts). */
export async function plainContactRows(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    select (select count(*) from ${routeStops} where ${routeStops.contact} is not null)
      + (select count(*) from ${plans} where ${plans.legacyContacts} is not null)
      + (select count(*) from ${customerMessages} where ${customerMessages.email} is not null)
      + (select count(*) from ${customerUnsubscribes} where ${customerUnsubscribes.emailHash} is null)
      + (select count(*) from ${outbox} where ${outbox.kind} = 'customer-message' and ${outbox.sealed} is null) as n`)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
