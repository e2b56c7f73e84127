import { z } from "zod";

/** Stable error codes in `{ error: { code, message, fields? } }` bodies. */
export const errorCodes = [
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "GONE",
  "QUOTA_EXCEEDED",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
  "BILLING_NOT_CONFIGURED",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** A contracts message's stable key and, for a message function, its parameters as strings (decision 028, "Server message codes"). */
export const messageRefSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});

/**
 * `key`/`params`: the stable key of `message` when it is a contracts message (`describeMessage`);
 * `fieldKeys`: the same for each field of `fields` whose message is one. The web app shows
 * `errors:<key>` in the reader's language, else the English `message`.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    key: z.string().optional(),
    params: z.record(z.string(), z.string()).optional(),
    fields: z.record(z.string(), z.string()).optional(),
    fieldKeys: z.record(z.string(), messageRefSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
