import { Writable } from "node:stream";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitedBodySchema } from "@routepilot/contracts";
import { waitForPlans } from "../fleet/plans";
import { startFakeStripe, type FakeStripe } from "../../test/fake-stripe";
import { BASE, createTestApp, type TestApp } from "../../test/harness";
import { fuzzRequests, opKey, operationsOf, problemWith, type FuzzRequest, type IdLookup, type OpenApiDocument, type OperationRef } from "../../test/openapi-fuzz";
import { passwordHashes, refreshSession, securityWorld, snapshotTeam, type SecurityWorld } from "../../test/security-world";
import type { Account } from "../../test/team-fixtures";

/**
 * Fuzz (issue 13 "Proof in CI"): every operation of /api/openapi.json, driven from the document,
 * with bad input for a signed-out caller, an ordinary user (team A's owner, fleet_pro, so fleet
 * code runs) and an instance admin; driver routes also as team A's driver. No response may be a
 * 5xx; every 4xx is JSON with a message; no stack trace or file path in any body; the server
 * answers /api/health afterwards. Rate limits are off here (they would turn bugs into 429s).
 */

/** Request limits off, a short solver budget (valid-looking plan bodies start real solves). */
export const FUZZ_ENV = {
  ROUTE_OPTIMIZATION_RATE_LIMIT: "0",
  API_RATE_LIMIT: "0",
  PAYMENT_RATE_LIMIT: "0",
  CONTACT_RATE_LIMIT: "0",
  RATE_LIMITS: "off",
  GLOBAL_RATE_LIMIT: "false",
  AUTH_RATE_LIMIT: "false",
  SOLVER_TIME_LIMIT_MS: "100",
};

/**
 * Requests per operation and caller: every case is generated, then a seeded sample of this many
 * is sent (the base request always). The callers whose code runs deepest get the most: the user
 * everywhere, the admin on /api/admin, the signed-out caller on public operations, the driver on
 * /api/driver. FUZZ_SEED explores other samples; FUZZ_ALL=1 sends every case (about 30,000).
 */
const BUDGET = { deep: 32, shallow: 6 };
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const ALL = process.env.FUZZ_ALL === "1";

function sample<T>(cases: T[], n: number, seed: number): T[] {
  if (ALL || cases.length <= n) return cases;
  const [base, ...rest] = cases;
  const [picked] = fc.sample(fc.shuffledSubarray(rest, { minLength: n - 1, maxLength: n - 1 }), { seed, numRuns: 1 });
  return [base!, ...picked!];
}

let t: TestApp;
let w: SecurityWorld;
let doc: OpenApiDocument;
let stripe: FakeStripe;
/** Billing configured against the fake Stripe, so checkout, portal and webhook code runs too. */
const stripeEnv = () => ({
  STRIPE_SECRET_KEY: "sk_test_fuzz_fake_secret_key_1234567890",
  STRIPE_WEBHOOK_SECRET: "whsec_fuzz_signing_secret",
  STRIPE_API_BASE: stripe.base,
  STRIPE_PRICE_PREMIUM: "price_premium_test",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise_test",
  STRIPE_PRICE_FLEET_PRO: "price_fleet_test",
});
/** The server's error log lines, to say why a request failed. */
const logged: string[] = [];

beforeAll(async () => {
  // Billing configured against the fake Stripe, so checkout, portal and webhook code runs too.
  stripe = await startFakeStripe();
  t = await createTestApp({
    ...FUZZ_ENV,
    ...stripeEnv(),
  });
  t.deps.logger = pino(
    { level: "error" },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    }),
  );
  w = await securityWorld(t, "fuzz");
  doc = (await (await t.call("/api/openapi.json")).json()) as OpenApiDocument;
}, 120_000);

afterAll(async () => {
  await waitForPlans();
  await t?.close();
  await stripe?.close();
});

/** The innermost error message of a pino line (a database error's own text, not the query). */
function logCause(line: string | undefined): string {
  if (!line) return "";
  try {
    let err = (JSON.parse(line) as { err?: { message?: string; cause?: unknown } }).err;
    while (err?.cause && typeof err.cause === "object") err = err.cause as typeof err;
    return (err?.message ?? line).slice(-300);
  } catch {
    return line.slice(0, 300);
  }
}

/** Real ids of team A's side, chosen by the parameter's (or field's) name and the path it is in. */
function idsFor(world: SecurityWorld): IdLookup {
  const { ids } = world;
  return (name, path) => {
    const n = name.replace(/s$/, "");
    if (n === "teamId") return ids.teamId;
    if (n === "vehicleId") return ids.vehicleId;
    if (n === "planId") return ids.planId;
    if (n === "routeId") return ids.routeId;
    if (n === "stopId") return ids.stopId;
    if (n === "invitationId") return ids.invitationId;
    if (n === "userId" || n === "driverUserId" || n === "memberId") return ids.memberUserId;
    if (n === "id") {
      if (path.startsWith("/api/teams/")) return ids.teamId;
      if (path.startsWith("/api/routes/")) return ids.routeId;
      if (path.startsWith("/api/saved-locations/")) return ids.savedLocationId;
      if (path.startsWith("/api/notifications/")) return ids.notificationId;
      // The admin acts on team B's manager (an ordinary account), never on the suite's own callers.
      if (path.startsWith("/api/admin/users/")) return world.people.otherManager.userId;
    }
    if (n === "token") {
      if (path.startsWith("/api/invitations/")) return ids.invitationToken;
      if (path.startsWith("/api/shared-routes/")) return ids.shareToken;
      if (path.startsWith("/api/track/")) return ids.trackingToken;
    }
    return undefined;
  };
}

/** The other tenant's id of the kind the operation's path is about. */
function otherTenantId(path: string): string {
  if (path.includes("{teamId}") || path.startsWith("/api/teams/{id}")) return w.other.teamId;
  if (path.includes("{stopId}")) return w.other.stopId;
  if (path.startsWith("/api/saved-locations")) return w.other.savedLocationId;
  if (path.startsWith("/api/notifications")) return w.other.notificationId;
  return w.other.routeId;
}

/** Destructive operations last, so the others run against rows that still exist. */
function order(ops: OperationRef[]): OperationRef[] {
  const rank = (o: OperationRef) => (o.method === "delete" ? 2 : /sign-out|transfer|decline|accept|\/ban$/.test(o.path) ? 1 : 0);
  return [...ops].sort((a, b) => rank(a) - rank(b));
}

async function send(req: FuzzRequest, cookie: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { origin: BASE, ...req.headers };
  if (cookie) headers.cookie = cookie;
  const init: RequestInit = { method: req.method, headers };
  if (req.body !== undefined && req.method !== "GET") init.body = req.body;
  return t.app.request(`${BASE}${req.path}`, init);
}

describe("fuzz: every operation of the OpenAPI document", () => {
  it("never answers 5xx, always explains a 4xx in JSON, never leaks a stack trace", async () => {
    const lookup = idsFor(w);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    const slow: [number, string][] = [];
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
    const ops = order(operationsOf(doc)).filter((o) => !only || only.test(opKey(o)));
    const restoreA = await snapshotTeam(t, w.teamId);
    const hashes = await passwordHashes(t, [w.people.owner, w.admin, w.people.driver]);
    let seed = SEED;
    for (const ref of ops) {
      const isPublic = Array.isArray(ref.op.security) && ref.op.security.length === 0;
      const callers: [string, Account | undefined, boolean][] = [
        ["signed out", undefined, isPublic || ref.path.startsWith("/api/auth/")],
        ["user", w.people.owner, true],
        ["admin", w.admin, ref.path.startsWith("/api/admin/")],
      ];
      if (ref.path.startsWith("/api/driver/")) callers.push(["driver", w.people.driver, true]);
      const started = Date.now();
      const cases = fuzzRequests(doc, ref, lookup, otherTenantId(ref.path));
      for (const [who, account, deep] of callers) {
        for (const req of sample(cases, deep ? BUDGET.deep : BUDGET.shallow, seed++)) {
          let res: Response;
          try {
            res = await send(req, account?.cookie);
          } catch (error) {
            failures.push(`${opKey(ref)} [${who}] ${req.label}: threw ${String(error)}`);
            continue;
          }
          requests++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = await res.text();
          const problem = problemWith(res.status, res.headers.get("content-type") ?? "", text, ref.path.startsWith("/api/auth/"));
          if (problem) {
            const cause = res.status >= 500 ? ` — log: ${logCause(logged.at(-1))}` : "";
            failures.push(`${opKey(ref)} [${who}] ${req.label}: ${problem} — ${text.slice(0, 200)}${cause}`);
          }
        }
        if (account) await refreshSession(t, account, hashes);
      }
      await restoreA();
      slow.push([Date.now() - started, opKey(ref)]);
    }
    if (process.env.FUZZ_TIMING) console.log(slow.sort((a, b) => b[0] - a[0]).slice(0, 15));
    await waitForPlans();
    const health = await t.call("/api/health");
    expect(health.status).toBe(200);
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(`fuzz: ${requests} requests over ${ops.length} operations, ${fiveXx} × 5xx (statuses: ${[...statuses].sort().map(([s, c]) => `${s}×${c}`).join(", ")})`);
    expect(failures.slice(0, 50)).toEqual([]);
  }, 600_000);
});

/**
 * The same document with the rate limits ON (the SPEC §9 numbers, as in production): a shorter
 * pass — every operation's valid-looking request and a few of its bad ones — for a signed-in free
 * user and for signed-out callers, sent back to back so the limits trip. No 5xx; every 429 has
 * Retry-After and the SPEC §8 body; every other error is JSON with a message.
 */
describe("fuzz with the rate limits on", () => {
  const CASES_PER_CALLER = 3;
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({
      RATE_LIMITS: "on",
      GLOBAL_RATE_LIMIT: "true",
      AUTH_RATE_LIMIT: "true",
      AUTH_REQUEST_RATE_LIMIT: "5",
      CONTACT_RATE_LIMIT: "3",
      SOLVER_TIME_LIMIT_MS: "100",
      ...stripeEnv(),
    });
  }, 120_000);
  afterAll(async () => {
    await waitForPlans();
    await limited?.close();
  });

  it("never answers 5xx; every 429 has Retry-After and the SPEC body; every other error explains itself in JSON", async () => {
    const { cookie, userId } = await limited.signUp("limited-free@example.com");
    const place = await limited.call("/api/saved-locations", { cookie, body: { name: "Home", address: "1 Main St", lat: 51.5, lng: -0.12 } });
    const placeId = ((await place.json()) as { id?: string }).id;
    const lookup: IdLookup = (name, path) => (name === "id" && path.startsWith("/api/saved-locations/") ? placeId : name === "userId" ? userId : undefined);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let seed = SEED + 1_000;
    const ops = order(operationsOf(doc)).filter((o) => !/sign-out|delete-user|^\/api\/me$/.test(o.path) || o.method === "get");
    for (const ref of ops) {
      const cases = fuzzRequests(doc, ref, lookup, "00000000-0000-4000-8000-000000000001");
      for (const [who, c] of [["free user", cookie], ["signed out", undefined]] as const) {
        for (const req of sample(cases, CASES_PER_CALLER, seed++)) {
          const headers: Record<string, string> = { origin: BASE, ...req.headers };
          if (c) headers.cookie = c;
          const res = await limited.app.request(`${BASE}${req.path}`, { method: req.method, headers, ...(req.body !== undefined && req.method !== "GET" ? { body: req.body } : {}) });
          requests++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const text = await res.text();
          const where = `${opKey(ref)} [${who}] ${req.label}`;
          if (res.status === 429) {
            const retryAfter = Number(res.headers.get("retry-after"));
            if (!(retryAfter > 0)) failures.push(`${where}: 429 without a Retry-After`);
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            const parsed = rateLimitedBodySchema.safeParse(body);
            if (!parsed.success) failures.push(`${where}: 429 body is not the SPEC body — ${text.slice(0, 200)}`);
            continue;
          }
          const problem = problemWith(res.status, res.headers.get("content-type") ?? "", text, ref.path.startsWith("/api/auth/"));
          if (problem) failures.push(`${where}: ${problem} — ${text.slice(0, 200)}`);
        }
      }
    }
    await waitForPlans();
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const tooMany = statuses.get(429) ?? 0;
    console.log(`fuzz with limits on: ${requests} requests over ${ops.length} operations, ${fiveXx} × 5xx, ${tooMany} × 429 (statuses: ${[...statuses].sort().map(([s, c]) => `${s}×${c}`).join(", ")})`);
    // The pass must actually reach the limits, or it proves nothing about them.
    expect(tooMany).toBeGreaterThan(0);
    expect(failures.slice(0, 50)).toEqual([]);
  }, 600_000);
});
