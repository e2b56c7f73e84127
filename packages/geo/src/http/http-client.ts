import type { z } from "zod";
import { ProviderHttpError, ProviderNetworkError, ProviderResponseError, ProviderTimeoutError } from "../errors";

/** Settings every HTTP provider accepts. */
export interface HttpProviderOptions {
  /** Service root, e.g. "http://127.0.0.1:5000" (no trailing path needed). */
  baseUrl: string;
  /** Per-request timeout, including reading the body (default 10 s). */
  timeoutMs?: number;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Injected fetch, for tests or proxies (default: global fetch). */
  fetch?: typeof fetch;
}

export const DEFAULT_HTTP_TIMEOUT_MS = 10_000;

/** An answer whose body was read: `json` is undefined when the body was not JSON. */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  json: unknown;
  text: string;
}

/**
 * Sends one request and reads the whole body within `timeoutMs`. Throws
 * `ProviderTimeoutError` or `ProviderNetworkError`; never throws for HTTP status codes,
 * so services that put error details in 4xx JSON (OSRM, Valhalla) can be read.
 */
export async function sendRequest(
  provider: string,
  url: URL,
  init: { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> },
  options: HttpProviderOptions,
): Promise<HttpAnswer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const doFetch = options.fetch ?? fetch;
  try {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers, ...init.headers };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await doFetch(url, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: controller.signal,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, ok: response.ok, json, text };
  } catch (error) {
    if (controller.signal.aborted) throw new ProviderTimeoutError(provider, timeoutMs);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ProviderNetworkError(provider, cause?.code ?? cause?.message ?? (error as Error).message, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Throws `ProviderHttpError` for a non-2xx answer, quoting the start of its body. */
export function requireOk(provider: string, answer: HttpAnswer): void {
  if (!answer.ok) throw new ProviderHttpError(provider, answer.status, answer.text.slice(0, 200));
}

/** Parses a 2xx answer with `schema`; throws `ProviderResponseError` when the body does not fit. */
export function parseAnswer<T>(provider: string, answer: HttpAnswer, schema: z.ZodType<T>): T {
  if (answer.json === undefined) throw new ProviderResponseError(provider, "the body is not JSON");
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderResponseError(provider, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Joins a service root and a path, keeping any path prefix of the root ("http://host/osrm" + "table/v1/…"). */
export function serviceUrl(baseUrl: string, path: string, query: Record<string, string | number | undefined> = {}): URL {
  const root = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const url = new URL(path.replace(/^\//, ""), root);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}
