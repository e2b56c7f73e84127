import { describeMessage, type MessageRef } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";

/**
 * The contracts' messages in the reader's language (decision 028, "Server message codes"): the
 * `errors` namespace holds every contracts message key (`route.overQuota`), its English the
 * contracts' text with `{{param}}` placeholders. A server error body names the key (`key`,
 * `params`, `fieldKeys`); a message the web app has in hand (a zod message of a contracts schema)
 * is looked up by its English text with `describeMessage`.
 */

/** The text of `ref` in the active language; `fallback` (the English text) when the catalogue lacks the key. */
export function translateMessageRef(ref: MessageRef, fallback: string): string {
  const params: Record<string, unknown> = { ...ref.params };
  // Plural variants choose their form by a number; context variants (`_second_one`) by `context`.
  if (typeof params.count === "string" && /^\d+$/.test(params.count)) params.count = Number(params.count);
  const key = `errors:${ref.key}`;
  if (!i18n.exists(key, params)) return fallback;
  return i18n.t(key as never, params as never) as unknown as string;
}

/** A contracts message text in the active language; any other text (already translated, or not the contracts') as it is. */
export function translateMessage(text: string): string {
  const ref = describeMessage(text);
  return ref ? translateMessageRef(ref, text) : text;
}

/** `fields` (field → message) with each message in the active language: by its key in `fieldKeys`, else by its English text. */
export function translateFieldMessages(fields: Record<string, string>, fieldKeys?: Record<string, MessageRef>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, fieldKeys?.[field] ? translateMessageRef(fieldKeys[field], text) : text]));
}
