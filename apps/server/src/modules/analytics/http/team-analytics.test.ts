import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsMessages, clockToSeconds, teamAnalyticsMessages, type OrderInput, type TeamAnalytics, type Vehicle } from "@routepilot/contracts";
import { routeStops, routes, teamMembers } from "@routepilot/db";
import { zonedEpoch } from "../../driver/time";
import { waitForPlans } from "../../fleet/plans";
import { DEPOT } from "../../../test/fleet-fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { dispatchDay, errorOf, storedStops, today, UNKNOWN_ID } from "../../../test/live-fixtures";
import { account, addMember, createTeam, json, setTier, type Account } from "../../../test/team-fixtures";

const ZONE = "America/New_York";
type Role = "owner" | "admin" | "manager" | "member" | "driver" | "outsider" | "otherManager";

let t: TestApp;
let teamId: string;
let otherTeamId: string;
let enterpriseTeamId: string;
let people: Record<Role, Account>;
let enterpriseOwner: Account;
let van: Vehicle;
let routeId: string;
const date = today();

const window = [{ start: "08:00", end: "18:00" }];
const orders: OrderInput[] = [
  { label: "A", lat: DEPOT.lat + 0.01, lng: DEPOT.lng, serviceMinutes: 5, timeWindows: window, demand: [3], skills: [], priority: 0 },
  { label: "B", lat: DEPOT.lat - 0.01, lng: DEPOT.lng, serviceMinutes: 5, timeWindows: window, demand: [2], skills: [], priority: 0 },
  { label: "C", lat: DEPOT.lat, lng: DEPOT.lng + 0.01, serviceMinutes: 5, timeWindows: [], demand: [4], skills: [], priority: 0 },
  { label: "D", lat: DEPOT.lat, lng: DEPOT.lng - 0.01, serviceMinutes: 5, timeWindows: window, demand: [1], skills: [], priority: 0 },
];
/** The instant of "HH:MM" on the plan's day in the team's zone. */
const at = (hhmm: string) => new Date(zonedEpoch(date, clockToSeconds(hhmm), ZONE)).toISOString();

const get = (id: string, query: string, who?: Role | Account) =>
  t.call(`/api/analytics/teams/${id}${query}`, { cookie: typeof who === "string" ? people[who].cookie : who?.cookie });
const analytics = async (query = `?from=${date}&to=${date}`, who: Role = "owner") => {
  const res = await get(teamId, query, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<TeamAnalytics>(res);
};

/** A member's own route, made at `createdAt` with `stops` destinations and `distanceM`. */
async function memberRoute(userId: string, createdAt: string, distanceM: number, stops: number) {
  const place = { label: "Home", address: null, lat: 51.5, lng: -0.1 };
  const [row] = await t.deps.db
    .insert(routes)
    .values({ userId, name: `R ${createdAt}`, start: place, distanceM, durationS: 600, provider: "test", createdAt: new Date(createdAt) })
    .returning({ id: routes.id });
  const id = (row as { id: string }).id;
  await t.deps.db.insert(routeStops).values(
    Array.from({ length: stops }, (_, i) => ({ routeId: id, sequence: i + 1, inputIndex: i, label: `S${i}`, lat: 51.5, lng: -0.1, arrivalS: 0, departureS: 0, legDistanceM: 0, legDurationS: 0 })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  people = {} as Record<Role, Account>;
  people.owner = await account(t, "ta-owner", "Olive Owner");
  await setTier(t, people.owner.userId, "fleet_pro");
  teamId = await createTeam(t, people.owner, "Analytics Co");
  for (const role of ["admin", "manager", "member", "driver"] as const) {
    people[role] = await account(t, `ta-${role}`, role === "driver" ? "Dave Driver" : `Dana ${role}`);
    await addMember(t, teamId, people[role], role, role === "member" ? 5 : 0);
  }
  people.outsider = await account(t, "ta-outsider");
  const otherOwner = await account(t, "ta-other-owner");
  await setTier(t, otherOwner.userId, "fleet_pro");
  otherTeamId = await createTeam(t, otherOwner, "Other");
  people.otherManager = await account(t, "ta-other-manager");
  await addMember(t, otherTeamId, people.otherManager, "manager");
  enterpriseOwner = await account(t, "ta-ent-owner");
  await setTier(t, enterpriseOwner.userId, "enterprise");
  enterpriseTeamId = await createTeam(t, enterpriseOwner, "Planners");

  const settings = await t.call(`/api/teams/${teamId}/fleet-settings`, { cookie: people.owner.cookie, method: "PUT", body: { capacityDimensions: ["kg"], timeZone: ZONE } });
  expect(settings.status).toBe(200);
  const created = await t.call(`/api/teams/${teamId}/vehicles`, {
    cookie: people.owner.cookie,
    body: { name: "Van A", profile: "van", capacity: [10], shift: { start: "08:00", end: "18:00" }, start: DEPOT, end: DEPOT },
  });
  expect(created.status).toBe(201);
  van = await json<Vehicle>(created);
  const day = await dispatchDay(t, teamId, people.owner, [{ van, driver: people.driver }], orders);
  routeId = day.routeOf(people.driver);

  // The member joined on 1 January 2026 and used 2 of 5 routes this usage period.
  await t.deps.db
    .update(teamMembers)
    .set({ createdAt: new Date("2026-01-01T00:00:00Z"), usedQuota: 2 })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, people.member.userId)));
  await memberRoute(people.member.userId, "2025-12-31T12:00:00Z", 9999, 9); // before joining: never counted
  await memberRoute(people.member.userId, "2026-03-10T03:30:00Z", 1000, 2); // 23:30 on 9 March in New York
  await memberRoute(people.member.userId, "2026-03-10T12:00:00Z", 500, 1);
}, 120_000);

afterAll(async () => {
  await waitForPlans();
  await t.close();
});

describe("team analytics: access", () => {
  it("owner, admin and manager 200; member and driver 403; outsiders, another team's manager and unknown teams 404; signed out 401", async () => {
    const q = `?from=${date}&to=${date}`;
    for (const who of ["owner", "admin", "manager"] as const) expect((await get(teamId, q, who)).status, who).toBe(200);
    for (const who of ["member", "driver"] as const) expect(await errorOf(await get(teamId, q, who)), who).toMatchObject({ status: 403, message: teamAnalyticsMessages.notManager });
    for (const who of ["outsider", "otherManager"] as const) expect((await get(teamId, q, who)).status, who).toBe(404);
    expect((await get(UNKNOWN_ID, q, "owner")).status).toBe(404);
    expect((await get(otherTeamId, q, "owner")).status).toBe(404);
    expect((await get(teamId, q)).status).toBe(401);
  });

  it("400 on a bad period, with the field's message; a malformed team id is not found", async () => {
    expect(await errorOf(await get(teamId, "?from=2026-03-10&to=2026-03-09", "owner"))).toMatchObject({ status: 400, fields: { to: analyticsMessages.reversed } });
    expect(await errorOf(await get(teamId, "?from=2023-01-01&to=2026-01-01", "owner"))).toMatchObject({ status: 400, fields: { to: analyticsMessages.tooLong } });
    expect(await errorOf(await get(teamId, "?from=2026-02-30&to=2026-03-01", "owner"))).toMatchObject({ status: 400, fields: { from: analyticsMessages.date } });
    expect((await get(teamId, "", "owner")).status).toBe(400);
    expect((await get("not-a-team", `?from=${date}&to=${date}`, "owner")).status).toBe(404);
  });
});

describe("team analytics: figures", () => {
  it("members: allocation and use; routes, stops and distance of their own routes in the team's time zone since they joined", async () => {
    const march9 = await analytics("?from=2026-03-09&to=2026-03-09");
    expect(march9.timezone).toBe(ZONE);
    const member = march9.members.find((m) => m.userId === people.member.userId);
    expect(member).toEqual({ userId: people.member.userId, name: "Dana member", email: people.member.email, role: "member", allocation: 5, used: 2, routes: 1, stops: 2, distanceMeters: 1000 });
    expect(march9.members.find((m) => m.userId === people.owner.userId)).toMatchObject({ role: "owner", routes: 0 });
    expect(march9.members).toHaveLength(5);
    expect(march9.byDay).toEqual([{ date: "2026-03-09", memberRoutes: 1, dispatchedRoutes: 0, done: 0, failed: 0, onTime: 0, withWindow: 0 }]);

    const march10 = await analytics("?from=2026-03-10&to=2026-03-11");
    expect(march10.members.find((m) => m.userId === people.member.userId)).toMatchObject({ routes: 1, stops: 1, distanceMeters: 500 });
    expect(march10.byDay.map((d) => [d.date, d.memberRoutes])).toEqual([
      ["2026-03-10", 1],
      ["2026-03-11", 0],
    ]);
    // The route made before the member joined never counts.
    const wide = await analytics("?from=2025-12-01&to=2026-03-31");
    expect(wide.members.find((m) => m.userId === people.member.userId)).toMatchObject({ routes: 2, stops: 3, distanceMeters: 1500 });
  });

  it("drivers and vehicles: on-time rate against windows, planned vs actual, stops per hour, failures by reason, utilisation", async () => {
    const stops = await storedStops(t, routeId);
    expect(stops).toHaveLength(4);
    const stop = (label: string) => stops.find((s) => s.label === label)!;
    const event = async (label: string, type: "arrived" | "done" | "failed", time: string, reason?: string) => {
      const res = await t.call(`/api/driver/stops/${stop(label).id}/events`, {
        cookie: people.driver.cookie,
        body: { clientEventId: `ta-${label}-${type}`, type, at: at(time), ...(reason ? { reason } : {}) },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    // Before anything is recorded: routes and stops, nothing finished, no rate.
    const before = await analytics();
    expect(before.drivers).toEqual([expect.objectContaining({ driverUserId: people.driver.userId, routes: 1, completedRoutes: 0, stops: 4, done: 0, onTimeRate: null, stopsPerHour: null })]);

    await event("A", "arrived", "09:00"); // inside 08:00–18:00
    await event("A", "done", "09:10");
    await event("B", "arrived", "18:30"); // after the window
    await event("B", "done", "18:40");
    await event("C", "arrived", "10:00"); // no window
    await event("C", "failed", "10:05", "not_home");
    await event("D", "failed", "07:30", "refused"); // no arrival recorded: finished before the window opened
    // Distances the app measured on the legs to A and B (positions are summed per leg).
    await t.deps.db.update(routeStops).set({ actualLegDistanceM: 1500 }).where(eq(routeStops.id, stop("A").id));
    await t.deps.db.update(routeStops).set({ actualLegDistanceM: 2500 }).where(eq(routeStops.id, stop("B").id));

    const out = await analytics();
    const actualSeconds = 11 * 3600 + 10 * 60; // 07:30 → 18:40
    const plannedSeconds = Math.max(...stops.map((s) => s.departureS)) - Math.min(...stops.map((s) => s.arrivalS));
    expect(out.drivers).toEqual([
      {
        driverUserId: people.driver.userId,
        name: "Dave Driver",
        routes: 1,
        completedRoutes: 1,
        stops: 4,
        done: 2,
        failedStops: 2,
        onTime: 1,
        early: 1,
        late: 1,
        withoutWindow: 1,
        onTimeRate: 1 / 3,
        plannedDurationSeconds: plannedSeconds,
        actualDurationSeconds: actualSeconds,
        plannedDistanceMeters: stop("A").legDistanceM + stop("B").legDistanceM,
        actualDistanceMeters: 4000,
        stopsPerHour: (4 * 3600) / actualSeconds,
        failed: { not_home: 1, refused: 1 },
      },
    ]);
    expect(out.failedByReason).toEqual({ not_home: 1, refused: 1 });
    expect(out.vehicles).toEqual([
      { vehicleId: van.id, name: "Van A", routes: 1, completedRoutes: 1, load: [{ dimension: "kg", delivered: 5, capacity: 10 }], capacityUtilisation: 0.5, shiftUtilisation: actualSeconds / (10 * 3600) },
    ]);
    expect(out.byDay).toEqual([{ date, memberRoutes: 0, dispatchedRoutes: 1, done: 2, failed: 2, onTime: 1, withWindow: 3 }]);
    expect(out.fleet).toBe(true);

    // The route counts on its plan's day only.
    const previousDay = new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const other = await analytics(`?from=${previousDay}&to=${previousDay}`);
    expect(other.drivers[0]).toMatchObject({ routes: 0, stops: 0, onTimeRate: null, failed: {} });
    expect(other.failedByReason).toEqual({});
    expect(other.vehicles[0]).toMatchObject({ routes: 0, capacityUtilisation: null, shiftUtilisation: null });
  });

  it("a team whose owner is not on Fleet Pro: members only, no drivers or vehicles", async () => {
    const res = await get(enterpriseTeamId, `?from=${date}&to=${date}`, enterpriseOwner);
    expect(res.status).toBe(200);
    const out = await json<TeamAnalytics>(res);
    expect(out).toMatchObject({ fleet: false, drivers: [], vehicles: [], failedByReason: {}, teamName: "Planners" });
    expect(out.members).toEqual([expect.objectContaining({ userId: enterpriseOwner.userId, role: "owner", routes: 0 })]);
  });
});
