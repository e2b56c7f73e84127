import { z } from "zod";
import { messageRefSchema } from "@routepilot/contracts";
import { ApiError } from "@/lib/api-client";
import { apiErrorFromBody, errorKeysOf } from "@/lib/api-error-body";

/** Better Auth's own error body: `{ code, message, fields? }` at the top level (message keys, when named, beside them). */
const authErrorBody = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  key: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  fieldKeys: z.record(z.string(), messageRefSchema).optional(),
});

/**
 * Sends a request and returns the parsed JSON body, or throws an {@link ApiError} carrying the
 * server's message and field errors and their message keys (so `errorMessage` shows them in the
 * reader's language). It reads both error shapes the profile meets: RoutePilot's
 * `{ error: { code, message, key?, fields, fieldKeys? } }` and Better Auth's flat `{ code, message }`
 * (whose contracts texts are keyed by their words). A failure with no message says its HTTP
 * status, so nothing fails silently.
 */
export async function send(path: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "Could not reach RoutePilot. Check your connection and try again.");
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) return data;
  const wrapped = apiErrorFromBody(response.status, data);
  if (wrapped) throw wrapped;
  const flat = authErrorBody.safeParse(data);
  const message = (flat.success && flat.data.message) || `The server refused this (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}).`;
  const fields = flat.success ? flat.data.fields : undefined;
  throw new ApiError(response.status, (flat.success && flat.data.code) || "HTTP_ERROR", message, fields, errorKeysOf(flat.success ? flat.data : {}, message, fields));
}

/** POST a JSON body to a Better Auth endpoint under /api/auth. */
export function postAuth(path: `/api/auth/${string}`, body: unknown): Promise<unknown> {
  return send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}
