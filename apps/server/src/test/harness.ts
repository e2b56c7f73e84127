import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@routepilot/db/testing";
import { buildRuntime, type Runtime } from "../bootstrap";
import { loadEnv } from "../lib/env";
import { createLogger } from "../lib/logger";

export const BASE = "http://localhost:3000";

export interface TestApp extends Runtime {
  /** Calls the app like a browser on BASE (Origin header set, JSON bodies). */
  call(path: string, init?: { method?: string; body?: unknown; rawBody?: string; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  /** Creates an account and returns its session cookie. */
  signUp(email: string, password?: string, name?: string): Promise<{ cookie: string; userId: string }>;
  signIn(email: string, password?: string): Promise<Response>;
}

export const PASSWORD = "Str0ng!Pass";

/** Extracts `name=value` pairs from Set-Cookie headers into a Cookie header. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c): c is string => Boolean(c) && !c!.endsWith("="))
    .join("; ");
}

/** A fully wired app on a fresh database (PGlite, or TEST_DATABASE_URL in CI). */
export async function createTestApp(extraEnv: Record<string, string> = {}): Promise<TestApp> {
  // The contact form's 3 per minute would trip tests that post several messages; its own test turns it on.
  // Tests sign up many users from one address and call quickly: the auth and global limits are off
  // here; modules/security/rate-limits tests turn them on.
  // A temporary DATA_DIR: the field-encryption keyring is generated there, as on a fresh install.
  const dataDir = mkdtempSync(path.join(tmpdir(), "routepilot-test-"));
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "false", GLOBAL_RATE_LIMIT: "false", CONTACT_RATE_LIMIT: "0", BASE_URL: BASE, DATA_DIR: dataDir, ...extraEnv });
  const database = await createTestDatabase();
  const built = await buildRuntime(env, createLogger(env.LOG_LEVEL), { database, secret: "test-secret-that-is-at-least-32-characters" });
  const runtime: Runtime = {
    ...built,
    async close() {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const call: TestApp["call"] = (path, init = {}) => {
    const headers: Record<string, string> = { origin: BASE, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    return Promise.resolve(runtime.app.request(`${BASE}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body }));
  };

  return {
    ...runtime,
    call,
    async signUp(email, password = PASSWORD, name = "Test User") {
      const res = await call("/api/auth/sign-up/email", { body: { email, password, name } });
      if (res.status !== 200) throw new Error(`sign-up failed ${res.status}: ${await res.text()}`);
      const json = (await res.json()) as { user: { id: string } };
      return { cookie: cookieFrom(res), userId: json.user.id };
    },
    signIn(email, password = PASSWORD) {
      return call("/api/auth/sign-in/email", { body: { email, password } });
    },
  };
}
