import { encryptionMessages } from "@routepilot/contracts";
import type { Logger } from "../../lib/logger";
import { openField, sealField, type FieldEncryption } from "./field-encryption";

/**
 * Fleet customers' contacts at rest (decision 011): a stop's contact is one sealed JSON value
 * (route_stops.contact_sealed), a plan's are one sealed map order id → contact (plans.contacts_sealed).
 * Addresses are compared through FieldEncryption.emailHash, never stored plain.
 */
export interface Contact {
  name?: string;
  email?: string;
  phone?: string;
}

/** Only the non-empty fields; null when none is left. */
export function compactContact(contact: Contact | null | undefined): Contact | null {
  if (!contact) return null;
  const out: Contact = {};
  if (contact.name) out.name = contact.name;
  if (contact.email) out.email = contact.email;
  if (contact.phone) out.phone = contact.phone;
  return Object.keys(out).length > 0 ? out : null;
}

/** A contact sealed for route_stops.contact_sealed; null when it has no field. */
export function sealContact(encryption: FieldEncryption, contact: Contact | null | undefined): string | null {
  const compact = compactContact(contact);
  return compact ? sealField(encryption, JSON.stringify(compact)) : null;
}

/**
 * A stop's contact back (null when none). One that cannot be decrypted is logged and shows
 * [DECRYPTION_FAILED] as its name and phone, with no address (nothing is mailed to it).
 */
export function openContact(encryption: FieldEncryption, stored: string | null, logger: Logger): Contact | null {
  const text = openField(encryption, stored, logger, "route_stops.contact_sealed");
  if (text === null) return null;
  if (text === encryptionMessages.decryptionFailed) return { name: text, phone: text };
  return JSON.parse(text) as Contact;
}

/** A plan's contacts by order id, sealed as one value (null when no order has one). */
export function sealContacts(encryption: FieldEncryption, contacts: Iterable<readonly [string, Contact | null | undefined]>): string | null {
  const map: Record<string, Contact> = {};
  for (const [id, contact] of contacts) {
    const compact = compactContact(contact);
    if (compact) map[id] = compact;
  }
  return Object.keys(map).length > 0 ? sealField(encryption, JSON.stringify(map)) : null;
}

/**
 * A plan's contacts by order id. When they cannot be decrypted (logged), every order of `orderIds`
 * reads [DECRYPTION_FAILED] as name and phone, so a dispatch shows the failure instead of dropping them.
 */
export function openContacts(encryption: FieldEncryption, stored: string | null, logger: Logger, orderIds: readonly string[] = []): Map<string, Contact> {
  const text = openField(encryption, stored, logger, "plans.contacts_sealed");
  if (text === null) return new Map();
  if (text === encryptionMessages.decryptionFailed) return new Map(orderIds.map((id) => [id, { name: text, phone: text }]));
  return new Map(Object.entries(JSON.parse(text) as Record<string, Contact>));
}

/** A stop's contact: the sealed one, or the plain one of a row the start-up sealing has not reached yet. */
export function stopContact(encryption: FieldEncryption, stop: { contactSealed: string | null; contact: Contact | null }, logger: Logger): Contact | null {
  return stop.contactSealed !== null ? openContact(encryption, stop.contactSealed, logger) : compactContact(stop.contact);
}
