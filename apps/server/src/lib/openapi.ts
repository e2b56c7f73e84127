import { z } from "@hono/zod-openapi";

/** The JSON error body every failing request returns. */
export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "VALIDATION_ERROR" }),
      message: z.string().openapi({ example: "This field is required" }),
      key: z.string().optional().openapi({ description: "The message's stable key when the contracts declare it (the web app's errors:<key>)", example: "messages.required" }),
      params: z.record(z.string(), z.string()).optional().openapi({ description: "The parameters of a keyed message, as strings" }),
      fields: z.record(z.string(), z.string()).optional(),
      fieldKeys: z
        .record(z.string(), z.object({ key: z.string(), params: z.record(z.string(), z.string()).optional() }))
        .optional()
        .openapi({ description: "For each field whose message the contracts declare: its key and parameters" }),
    }),
  })
  .openapi("Error");

export const jsonError = (description: string) => ({ content: { "application/json": { schema: ErrorResponse } }, description });

/** Standard error responses for signed-in JSON endpoints. */
export const authErrors = {
  400: jsonError("Invalid input; `fields` names each bad field with its SPEC message"),
  401: jsonError("Not signed in"),
  413: jsonError("Body too large"),
} as const;

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/**
 * SPEC §8 rate-limit denial: the error plus allowed false, 0 remaining attempts, reset time and
 * violations, the SPEC §9 category, and the message again at the top level (Better Auth's client).
 */
export const RateLimitedResponse = ErrorResponse.extend({
  allowed: z.literal(false),
  remaining: z.literal(0),
  remainingAttempts: z.literal(0),
  resetTime: z.string().openapi({ format: "date-time" }),
  violations: z.number().int().openapi({ description: "Consecutive violations of this subject; each doubles the block, at most 5 times" }),
  category: z.string().openapi({ description: "The limit that refused: a SPEC §9 category (auth, route_optimization, api_general, payment, contact_form) or a tier window" }),
  message: z.string().openapi({ example: "Too many requests. Please try again in 30 minutes." }),
}).openapi("RateLimited");

export const rateLimited = (description: string) => ({ content: { "application/json": { schema: RateLimitedResponse } }, description });
