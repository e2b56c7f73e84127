import type { z } from "zod";
import { errorBodySchema, type MessageRef } from "@routepilot/contracts";
import { translateFieldMessages, translateMessageRef, translateMessage } from "@/lib/server-messages";

/** The stable keys of a failure's messages (decision 028, "Server message codes"). */
export type ApiErrorKeys = {
  /** The key and parameters of `message` when the server named them. */
  ref?: MessageRef | undefined;
  /** The keys of the `fields` messages the server named. */
  fieldKeys?: Record<string, MessageRef> | undefined;
};

/**
 * An API failure: the HTTP status plus the server's `{ error: { code, message, key?, params?,
 * fields?, fieldKeys? } }`. `message` and `fields` stay the server's English; `errorMessage` and
 * `fieldErrorsOf` give them in the reader's language.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly ref: MessageRef | undefined;
  readonly fieldKeys: Record<string, MessageRef> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, keys: ApiErrorKeys = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.ref = keys.ref;
    this.fieldKeys = keys.fieldKeys;
  }

  /** The message in the reader's language: `errors:<key>` when the server named a key, else the server's text. */
  get localizedMessage(): string {
    return this.ref ? translateMessageRef(this.ref, this.message) : this.message;
  }

  /** The field messages in the reader's language (each by its key when the server named one). */
  get localizedFields(): Record<string, string> | undefined {
    return this.fields ? translateFieldMessages(this.fields, this.fieldKeys) : undefined;
  }
}

export type ApiRequestOptions<T> = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  /** When given, the response body is parsed with it (one parse at the boundary). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

const GENERIC_MESSAGE = "Something went wrong. Please try again.";

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the RoutePilot API under /api with a JSON content type and same-origin credentials.
 * Resolves with the (parsed) body, or `undefined` for 204; throws an {@link ApiError} otherwise.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = "GET", body, schema, signal } = options;
  let response: Response;
  try {
    response = await fetch(path.startsWith("/api") ? path : `/api${path}`, {
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", "Could not reach RoutePilot. Check your connection and try again.");
  }

  const data = await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    if (parsed.success) {
      const { code, message, fields, key, params, fieldKeys } = parsed.data.error;
      throw new ApiError(response.status, code, message, fields, { ref: key ? { key, ...(params ? { params } : {}) } : undefined, fieldKeys });
    }
    throw new ApiError(response.status, response.status === 401 ? "UNAUTHENTICATED" : "HTTP_ERROR", GENERIC_MESSAGE);
  }
  if (response.status === 204 || data === undefined) return undefined as T;
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ApiError(response.status, "INVALID_RESPONSE", GENERIC_MESSAGE);
  }
  return result.data;
}

/**
 * The message to show a person for any thrown value, in their language: an API failure's by the
 * key the server named (else its text as sent), another error's by its text when that is a
 * contracts message (a client-side check with the contracts' words).
 */
export function errorMessage(error: unknown, fallback = GENERIC_MESSAGE): string {
  if (error instanceof ApiError) return error.localizedMessage;
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return fallback;
}
