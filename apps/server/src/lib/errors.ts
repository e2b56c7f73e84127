import {
  billingMessages,
  describeFieldMessages,
  describeMessage,
  placeMessages,
  rateLimitMessages,
  type ErrorBody,
  type ErrorCode,
  type ResolvedRoutePlace,
} from "@routepilot/contracts";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * A body's `error`: the code, the message and its fields, plus the stable `key` (and `params`) of a
 * message the contracts declare and `fieldKeys` for the fields whose messages they declare
 * (decision 028, "Server message codes"), so the web app can show them in the reader's language.
 */
export function errorPayload(code: string, message: string, fields?: Record<string, string>): ErrorBody["error"] {
  const ref = describeMessage(message);
  const fieldKeys = fields ? describeFieldMessages(fields) : undefined;
  return {
    code,
    message,
    ...(ref ? { key: ref.key, ...(ref.params ? { params: ref.params } : {}) } : {}),
    ...(fields ? { fields } : {}),
    ...(fieldKeys ? { fieldKeys } : {}),
  };
}

/** A typed error with a stable code; the one error mapper turns it into JSON. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Extra top-level fields of the JSON body, beside `error`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, "VALIDATION_ERROR", message, fields);
  }
}
export class InvalidJsonError extends AppError {
  constructor() {
    super(400, "INVALID_JSON", "The request body is not valid JSON");
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(limit: number) {
    super(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes`);
  }
}
export class UnauthenticatedError extends AppError {
  constructor() {
    super(401, "UNAUTHENTICATED", "Auth session missing!");
  }
}
/** 401 for a missing, unknown, expired or revoked API key: `{ error: { code: "UNAUTHENTICATED", message } }`, no details. */
export class ApiKeyError extends AppError {
  constructor(message: string) {
    super(401, "UNAUTHENTICATED", message, undefined, { "WWW-Authenticate": 'Bearer realm="RoutePilot API"' });
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "You do not have permission to do that") {
    super(403, "FORBIDDEN", message);
  }
}
export class NotFoundError extends AppError {
  constructor(what = "Resource") {
    super(404, "NOT_FOUND", `${what} not found`);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, "CONFLICT", message);
  }
}
/** 410: the thing existed and is over (an invitation accepted, revoked or expired). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, "GONE", message);
  }
}
/** The optimise request refers to a place that was flagged and not confirmed: 409 naming each one; nothing is planned or charged. */
export class PlacesNeedReviewError extends AppError {
  constructor(places: ResolvedRoutePlace[]) {
    const fields = Object.fromEntries(places.map((p) => [p.field, p.outlier?.message ?? placeMessages.needsConfirmation]));
    super(409, "CONFLICT", placeMessages.needsConfirmation, fields, undefined, { places });
  }
}
/** 415: an uploaded file of a type the endpoint does not take; the message is also the `field`'s. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string, field = "file") {
    super(415, "UNSUPPORTED_MEDIA_TYPE", message, { [field]: message });
  }
}
/** 413: an uploaded file over the endpoint's size limit; the message is also the `field`'s. */
export class FileTooLargeError extends AppError {
  constructor(message: string, field = "file") {
    super(413, "PAYLOAD_TOO_LARGE", message, { [field]: message });
  }
}
export class QuotaExceededError extends AppError {
  constructor(message: string) {
    super(402, "QUOTA_EXCEEDED", message);
  }
}
/** A bounded queue (solver threads, a rate-limited geocoder) is full: 503 with Retry-After, nothing was done. */
export class ServiceBusyError extends AppError {
  constructor(message: string, retryAfterSeconds = 5) {
    super(503, "SERVICE_UNAVAILABLE", message, undefined, { "Retry-After": String(retryAfterSeconds) });
  }
}
/** A field could not be encrypted or decrypted, or a key is malformed; the message is the SPEC's. Not an HTTP error: a 500 when it reaches the mapper. */
export class EncryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EncryptionError";
  }
}
/** 503 when self-service billing is not configured on this server. */
export class BillingNotConfiguredError extends AppError {
  constructor(message: string = billingMessages.notConfigured) {
    super(503, "BILLING_NOT_CONFIGURED", message);
  }
}
/** Stripe could not be reached or refused the request: 502, logged without the key. */
export class StripeUnavailableError extends AppError {
  constructor() {
    super(502, "SERVICE_UNAVAILABLE", billingMessages.stripeFailed);
  }
}
/** VROOM's error answer (the public API, /api/v1): code 2 = bad input (the message names the field), 1 = internal error. */
export interface VroomError {
  code: 1 | 2;
  error: string;
}
/** A request the public API refuses before solving, answered in VROOM's shape `{ code: 2, error }`. */
export class VroomInputError extends AppError {
  constructor(status: 400 | 413, message: string) {
    super(status, "VALIDATION_ERROR", message);
  }
  get body(): VroomError {
    return { code: 2, error: this.message };
  }
}
export class RateLimitedError extends AppError {
  /**
   * SPEC §8: a denial says allowed false, 0 remaining attempts, when it resets, and the violations
   * (modules/security/rate-limits); `message` is repeated at the top level for Better Auth's client.
   */
  constructor(
    readonly retryAfterSeconds: number,
    violations = 1,
    category = "api_general",
  ) {
    const message = rateLimitMessages.tooManyRequests(retryAfterSeconds);
    super(429, "RATE_LIMITED", message, undefined, { "Retry-After": String(retryAfterSeconds) }, {
      allowed: false,
      remaining: 0,
      remainingAttempts: 0,
      resetTime: new Date(Date.now() + retryAfterSeconds * 1000).toISOString(),
      violations,
      category,
      message,
    });
  }
}

/**
 * The first row of a statement that always yields one (an `insert … returning()`, a read just after
 * a write). An empty result is a broken invariant, not a user error: a plain Error, so the error
 * mapper logs it and answers a generic 500.
 */
export function firstOrThrow<T>(rows: readonly T[], message = "insert returned no row"): T {
  const row = rows[0];
  if (row === undefined) throw new Error(message);
  return row;
}
