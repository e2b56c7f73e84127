import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForPlans } from "../fleet/plans";
import { createTestApp, type TestApp } from "../../test/harness";
import { securityWorld, type SecurityWorld } from "../../test/security-world";

/** The 5xx the fuzz found (issue 13), each pinned by the request that caused it. */
let t: TestApp;
let w: SecurityWorld;

beforeAll(async () => {
  t = await createTestApp({ SOLVER_TIME_LIMIT_MS: "100" });
  w = await securityWorld(t, "regress");
}, 120_000);
afterAll(async () => {
  await waitForPlans();
  await t.close();
});

const errorOf = async (res: Response) => ({ status: res.status, message: ((await res.json()) as { error: { message: string } }).error.message });

describe("fuzz findings", () => {
  it("NUL in a path, a query or an auth body is 400 Invalid format, not a database error", async () => {
    const owner = w.people.owner.cookie;
    expect(await errorOf(await t.call(`/api/invitations/a%00b`))).toEqual({ status: 400, message: "Invalid format" });
    expect(await errorOf(await t.call(`/api/teams/${w.teamId}/drivers/a%00b`, { cookie: owner }))).toEqual({ status: 400, message: "Invalid format" });
    expect(await errorOf(await t.call(`/api/admin/users?q=a%00b`, { cookie: w.admin.cookie }))).toEqual({ status: 400, message: "Invalid format" });
    expect((await t.call("/api/saved-locations", { cookie: owner, body: { name: "N", address: "1 Main St", lat: 51.5, lng: -0.12, placeId: "a\u0000b" } })).status).toBe(400);
    expect(await errorOf(await t.call("/api/auth/reset-password", { body: { token: "a\u0000b", newPassword: "Str0ng!Pass2" } }))).toEqual({ status: 400, message: "Invalid format" });
    // A lone surrogate (half an emoji) made Better Auth's two-factor enable fail with a 500.
    expect(await errorOf(await t.call("/api/auth/sign-in/email", { rawBody: '{"email":"x@example.com","password":"\\ud800x"}', headers: { "content-type": "application/json" } }))).toEqual({ status: 400, message: "Invalid format" });
  });

  it("'%00' in a JSON body is ordinary text: a password holding it signs up", async () => {
    const res = await t.call("/api/auth/sign-up/email", { body: { name: "Percent", email: "percent-zero@example.com", password: "Str0ng!%00Pass" } });
    expect(res.status).toBe(200);
  });

  it("duplicating a dispatched route copies its stops without their tracking links (unique per stop)", async () => {
    const res = await t.call(`/api/routes/${w.ids.routeId}/duplicate`, { method: "POST", cookie: w.people.owner.cookie });
    expect(res.status).toBe(201);
  });

  it("moving a live stop to a route id that is not a uuid is 400, not a database error", async () => {
    const res = await t.call(`/api/teams/${w.teamId}/routes/${w.ids.routeId}/stops/${w.ids.stopId}/move`, { cookie: w.people.owner.cookie, body: { toRouteId: "not-a-route" } });
    expect(await errorOf(res)).toEqual({ status: 400, message: "Choose a route of this team" });
  });
});
