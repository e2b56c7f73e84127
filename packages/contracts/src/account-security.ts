import { z } from "zod";
import { messages } from "./messages";

/** The signed-in user's own account security: sessions, sign-in history, re-authentication, export and deletion. */

/** How long a password (and code) confirmation lets the session export or delete the account. */
export const REAUTH_VALID_MINUTES = 10;
/** The text typed to confirm the deletion. */
export const DELETE_CONFIRMATION = "DELETE";

/** Texts shown to the user (one place for the web and the server). */
export const accountSecurityMessages = {
  wrongPassword: "The password is not correct",
  codeRequired: "Enter the 6-digit code from your authenticator app",
  codeFormat: "The code has 6 digits",
  wrongCode: "The code is not correct",
  lockedOut: "Too many wrong codes. Two-factor checks are locked for 15 minutes; try again later.",
  reauthRequired: `Confirm your password first (a confirmation is valid for ${REAUTH_VALID_MINUTES} minutes)`,
  confirmation: `Type ${DELETE_CONFIRMATION} to confirm`,
  ownsTeam: (team: string) => `Transfer ownership of ${team} or delete it first`,
  accountDeleted: "Your account has been deleted",
  sessionRevoked: "The session has been signed out",
  otherSessionsRevoked: (n: number) => `${n} other session${n === 1 ? "" : "s"} signed out`,
} as const;

/**
 * Plain words for Better Auth's two-factor error codes (sign-in and set-up), by code.
 * Unknown codes fall back to the server's message.
 */
export const twoFactorErrorMessages: Record<string, string> = {
  INVALID_CODE: "That code is not correct. Check the time on your phone and enter the newest code.",
  INVALID_BACKUP_CODE: "That backup code is not correct or has been used already.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Sign in again with your password to get a new try.",
  ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes. Two-factor sign-in is locked for 15 minutes; try again later.",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in has expired. Sign in again with your password.",
  INVALID_PASSWORD: accountSecurityMessages.wrongPassword,
  TOTP_ALREADY_ENABLED: "Two-factor authentication is already on.",
  TWO_FACTOR_NOT_ENABLED: "Two-factor authentication is not on.",
};

/** "Chrome on Windows", "Safari on iPhone", … from a user-agent string; "Unknown device" when there is none. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl\//i.test(ua)
              ? "curl"
              : null;
  const os = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}

export const securitySessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type SecuritySession = z.infer<typeof securitySessionSchema>;

export const securitySessionsSchema = z.object({ sessions: z.array(securitySessionSchema) });
export type SecuritySessions = z.infer<typeof securitySessionsSchema>;

export const revokeOthersResultSchema = z.object({ revoked: z.number().int() });

/** The event types shown in the sign-in history. */
export const securityEventTypes = [
  "sign_in",
  "sign_out",
  "sign_up",
  "password_change",
  "password_reset",
  "two_factor_enable",
  "two_factor_disable",
  "two_factor_verify",
  "session_revoke",
  "data_export",
] as const;

export const securityEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  action: z.string(),
  outcome: z.enum(["success", "failure"]),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsPageSchema = z.object({ events: z.array(securityEventSchema), nextBefore: z.string().nullable() });
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

export const securityEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.uuid({ message: messages.invalidFormat }).optional(),
});

const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, accountSecurityMessages.codeFormat);

export const reauthenticateBodySchema = z.object({
  password: z.string().min(1, messages.required).max(128, messages.maxLength(128)),
  code: codeSchema.optional(),
});
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

export const reauthenticateResultSchema = z.object({ validUntil: z.string() });

export const deleteAccountBodySchema = z.object({
  confirmation: z.string().refine((v) => v === DELETE_CONFIRMATION, accountSecurityMessages.confirmation),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** GET /api/me/export: everything the product keeps about the user (JSON download). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({ id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean(), createdAt: z.string(), twoFactorEnabled: z.boolean() }),
  subscription: z.record(z.string(), z.unknown()).nullable(),
  preferences: z.record(z.string(), z.unknown()).nullable(),
  savedLocations: z.array(z.record(z.string(), z.unknown())),
  routes: z.array(z.record(z.string(), z.unknown())),
  usage: z.array(z.record(z.string(), z.unknown())),
  overageCharges: z.array(z.record(z.string(), z.unknown())),
  teamMemberships: z.array(z.record(z.string(), z.unknown())),
  notifications: z.array(z.record(z.string(), z.unknown())),
  signInHistory: z.array(securityEventSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
