import { and, eq } from "drizzle-orm";
import { encryptionMessages, type DraftOrderRow, type OrderDraft, type OrderDraftInput } from "@routepilot/contracts";
import { orderDrafts, type StoredDraftOrder } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { compactContact, type Contact } from "../security/contacts";
import { openField, sealField } from "../security/field-encryption";
import { assertNoUnsafeMarkup } from "../security/sanitize";
import { requireFleetTeam } from "./access";

/**
 * A day's order drafts (issue 25): the planner's rows as typed or imported, one row of
 * order_drafts per team and day, replaced as a whole on each save (last save wins). Customers'
 * contacts and the rows' problem messages (which quote the cells typed) are sealed as one value
 * aligned with the rows (decision 011); the rest of each row is kept as JSON.
 */

type Caller = { id: string };
type DraftDeps = Pick<AppDeps, "db" | "encryption" | "logger">;
/** What `sealed` holds for one row (null: neither). */
type SealedPart = { contact?: Contact; problems?: string[] } | null;

const EMPTY: OrderDraft = { orders: [], updatedAt: null };

/** The rows as order_drafts stores them (no contact, no problems) and their sealed parts (null when no row has one). */
function sealRows(deps: Pick<AppDeps, "encryption">, rows: readonly DraftOrderRow[]): { orders: StoredDraftOrder[]; sealed: string | null } {
  const parts: SealedPart[] = [];
  const orders = rows.map(({ id, source, order, problems }) => {
    const { contact, ...rest } = order;
    const compact = compactContact(contact);
    const part: SealedPart = compact || problems.length > 0 ? { ...(compact ? { contact: compact } : {}), ...(problems.length > 0 ? { problems } : {}) } : null;
    parts.push(part);
    return { id, source, order: rest };
  });
  return { orders, sealed: parts.some((p) => p !== null) ? sealField(deps.encryption, JSON.stringify(parts)) : null };
}

/**
 * The stored rows with their contacts and problems back. When the sealed value cannot be decrypted
 * (logged by openField), each row reads the [DECRYPTION_FAILED] problem, so none is planned unseen.
 */
function openRows(deps: DraftDeps, row: { orders: StoredDraftOrder[]; sealed: string | null }): DraftOrderRow[] {
  const text = openField(deps.encryption, row.sealed, deps.logger, "order_drafts.sealed");
  const failed = text === encryptionMessages.decryptionFailed;
  const parts = text === null || failed ? [] : (JSON.parse(text) as SealedPart[]);
  return row.orders.map((stored, i) => {
    const part = parts[i] ?? null;
    const order = { ...(stored.order as DraftOrderRow["order"]), ...(part?.contact ? { contact: part.contact } : {}) };
    return { id: stored.id, source: stored.source, order, problems: failed ? [encryptionMessages.decryptionFailed] : (part?.problems ?? []) };
  });
}

/** GET /api/teams/{teamId}/order-drafts/{date} (managers): the day's rows, `{ orders: [], updatedAt: null }` when none are saved. */
export async function getOrderDraft(deps: DraftDeps, caller: Caller, teamId: string, date: string): Promise<OrderDraft> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const [row] = await deps.db.select().from(orderDrafts).where(and(eq(orderDrafts.teamId, teamId), eq(orderDrafts.date, date)));
  if (!row) return EMPTY;
  return { orders: openRows(deps, row), updatedAt: row.updatedAt.toISOString() };
}

/**
 * PUT /api/teams/{teamId}/order-drafts/{date} (managers): replaces the day's rows; `{ orders: [] }`
 * clears the day (the row is deleted). Names, notes and contact names are checked for markup like a
 * plan's orders (SPEC §5, decision 011): a 400 names the row's field (orders.3.order.label).
 */
export async function putOrderDraft(deps: DraftDeps, caller: Caller, teamId: string, date: string, input: OrderDraftInput): Promise<OrderDraft> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  assertNoUnsafeMarkup(
    Object.fromEntries(
      input.orders.flatMap((r, i) => [
        [`orders.${i}.order.label`, r.order.label],
        [`orders.${i}.order.notes`, r.order.notes],
        [`orders.${i}.order.contact.name`, r.order.contact?.name],
        [`orders.${i}.order.pickup.label`, r.order.pickup?.label],
      ]),
    ),
  );
  if (input.orders.length === 0) {
    await deps.db.delete(orderDrafts).where(and(eq(orderDrafts.teamId, teamId), eq(orderDrafts.date, date)));
    return EMPTY;
  }
  const values = { ...sealRows(deps, input.orders), updatedBy: caller.id, updatedAt: new Date() };
  const [row] = await deps.db
    .insert(orderDrafts)
    .values({ teamId, date, ...values })
    .onConflictDoUpdate({ target: [orderDrafts.teamId, orderDrafts.date], set: values })
    .returning({ updatedAt: orderDrafts.updatedAt });
  return { orders: openRows(deps, { orders: values.orders, sealed: values.sealed }), updatedAt: (row?.updatedAt ?? values.updatedAt).toISOString() };
}
