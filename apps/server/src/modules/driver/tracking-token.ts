import { randomBytes } from "node:crypto";

/** A customer's tracking link stays usable this long after dispatch (issue 12: dead after 7 days). */
export const TRACKING_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

/** An unguessable tracking token: base64url of 16 random bytes (128 bits). */
export function newTrackingToken(): string {
  return randomBytes(16).toString("base64url");
}
