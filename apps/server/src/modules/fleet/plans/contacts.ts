import type { AppDeps } from "../../../lib/context";
import { compactContact, openContacts, sealContacts, type Contact } from "../../security/contacts";
import type { PlanOrder } from "../problem";
import type { PlanRow } from "./rows";

/**
 * The orders as plans.orders stores them (no contacts) and their contacts sealed as one value
 * (plans.contacts_sealed): customers' names, addresses and phones are encrypted at rest (decision 011).
 */
export function sealedOrders(deps: Pick<AppDeps, "encryption">, orders: readonly PlanOrder[]): { orders: PlanRow["orders"]; contactsSealed: string | null } {
  const stored = orders.map(({ contact: _contact, ...rest }) => rest);
  return { orders: stored as unknown as PlanRow["orders"], contactsSealed: sealContacts(deps.encryption, orders.map((o) => [o.id, o.contact] as const)) };
}

/**
 * A plan's contacts by order id: the sealed ones, and those of a plan from before migration 0012
 * the start-up sealing has not reached yet (legacy_contacts).
 */
export function planContacts(deps: Pick<AppDeps, "encryption" | "logger">, row: Pick<PlanRow, "contactsSealed" | "legacyContacts" | "orders">): Map<string, Contact> {
  const contacts = openContacts(deps.encryption, row.contactsSealed, deps.logger, row.orders.map((o) => o.id));
  for (const [id, contact] of Object.entries(row.legacyContacts ?? {})) {
    const compact = compactContact(contact);
    if (compact && !contacts.has(id)) contacts.set(id, compact);
  }
  return contacts;
}
