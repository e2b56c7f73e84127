import { z } from "zod";
import { MAX_VEHICLE_TRIPS } from "./fleet";
import { createFormatter } from "./format";
import { safeText } from "./validation";

/** How long a new API key lasts: 30, 90 or 365 days, or no expiry (null). */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiKeyExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number] | null;

/** A user's API key as listed: never the secret, only its first characters (`start`). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the secret (`key`) is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKeySchema = z
  .object({
    name: safeText({ max: 100 }),
    expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: "Choose 30, 90 or 365 days, or no expiry" }),
  })
  .strict();
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** The public API's limits (POST /api/v1/optimize). */
export const PUBLIC_API_LIMITS = {
  /** Jobs + shipments solved synchronously by POST /api/v1/optimize. */
  syncTasks: 200,
  /** Most tasks any request may carry (POST /api/v1/jobs included). */
  maxTasks: 10_000,
  /** Longest synchronous search, in seconds (`options.time_limit` is capped to it). */
  syncTimeLimitSeconds: 10,
} as const;

/** The public API's messages are English for every caller, with English numbers ("10,000"). */
const english = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });

export const publicApiMessages = {
  keyMissing: "Send your API key in the header Authorization: Bearer <key>",
  keyInvalid: "This API key is not valid",
  keyExpired: "This API key has expired. Create a new one in Settings.",
  keyRevoked: "This API key was revoked. Create a new one in Settings.",
  ownerUnavailable: "The account this API key belongs to cannot use the API",
  tooManyForSync: (n: number) =>
    `${english.number(n)} tasks is more than the ${PUBLIC_API_LIMITS.syncTasks} that POST /api/v1/optimize solves while you wait: send the same body to POST /api/v1/jobs and read the result from GET /api/v1/jobs/{id}`,
  tooManyTasks: (n: number) => `${english.number(n)} tasks is more than the ${english.number(PUBLIC_API_LIMITS.maxTasks)} a problem may have: split it into smaller problems`,
  keyCreated: "API key created. Copy it now: it is shown only once.",
  keyRevokedDone: "API key revoked. Requests with it are refused from now on.",
  maxTrips: `must be a whole number of trips from 1 to ${MAX_VEHICLE_TRIPS}`,
  reloadTime: "must be a number of seconds from 0",
} as const;
