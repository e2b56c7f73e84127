import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DriverRoute, FleetSettings, PlanDetail, Vehicle } from "@routepilot/contracts";
import { DEPOT } from "../../../test/fleet-fixtures";
import { waitForPlans } from "../plans";
import { zonedEpoch } from "../../driver/time";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, setTier, type Account } from "../../../test/team-fixtures";

/**
 * No avoidable waiting (issue 25): a route leaves as late as its windows allow, and the driver's
 * planned times follow the plan's to the second.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await waitForPlans();
  await t.close();
});

const DATE = "2026-03-02";
// 10 km north of the depot (0.0899° of latitude).
const customer = { lat: DEPOT.lat + 0.0899, lng: DEPOT.lng };

describe("a van leaving at 08:00 for an 11:00–12:00 window 10 km away", () => {
  let plan: PlanDetail;
  let teamId: string;
  let van: Vehicle;
  let owner: Account;
  let driver: Account;

  beforeAll(async () => {
    owner = await account(t, "wait-owner", "Olive Owner");
    await setTier(t, owner.userId, "fleet_pro");
    teamId = await createTeam(t, owner, "No Waiting Co");
    driver = await account(t, "wait-driver", "Dave Driver");
    await addMember(t, teamId, driver, "driver");
    const added = await t.call(`/api/teams/${teamId}/vehicles`, {
      cookie: owner.cookie,
      body: { name: "Van 1", profile: "van", capacity: [10], shift: { start: "08:00", end: "18:00" }, start: DEPOT, end: DEPOT },
    });
    expect(added.status).toBe(201);
    van = await json<Vehicle>(added);
    const created = await t.call(`/api/teams/${teamId}/plans`, {
      cookie: owner.cookie,
      body: {
        date: DATE,
        objective: "min_time",
        vehicleIds: [van.id],
        orders: [{ label: "Customer", ...customer, serviceMinutes: 5, demand: [1], timeWindows: [{ start: "11:00", end: "12:00" }] }],
        settings: { timeLimitSeconds: 1 },
      },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const { id } = await json<{ id: string }>(created);
    await waitForPlans();
    const res = await t.call(`/api/teams/${teamId}/plans/${id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    plan = await json<PlanDetail>(res);
  }, 60_000);

  it("leaves so as to arrive at 11:00: no waiting on the route or in the totals", () => {
    expect(plan.status).toBe("done");
    const route = plan.routes[0]!;
    expect(route.stops).toHaveLength(1);
    expect(route.waitingSeconds).toBe(0);
    expect(plan.totals?.waitingSeconds).toBe(0);
    const [stop] = route.stops;
    expect(stop).toMatchObject({ arrival: `${DATE}T11:00:00`, waitingSeconds: 0, departure: `${DATE}T11:05:00` });
    // Out and back on the same road: half the driving before the stop.
    const leg = route.drivingSeconds / 2;
    expect(leg).toBeGreaterThan(10 * 60);
    expect(Date.parse(`${route.start}Z`)).toBe(Date.parse(`${DATE}T11:00:00Z`) - Math.round(leg) * 1000);
    expect(route.durationSeconds).toBe(route.drivingSeconds + route.serviceSeconds);
    expect(plan.totals?.durationSeconds).toBe(route.durationSeconds);
  });

  it("gives the driver the same planned times once dispatched", async () => {
    const res = await t.call(`/api/teams/${teamId}/plans/${plan.id}/dispatch`, {
      cookie: owner.cookie,
      body: { assignments: [{ vehicleId: van.id, driverUserId: driver.userId }], dispatchAnyway: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { routes } = await json<{ routes: DriverRoute[] }>(t.call(`/api/driver/routes?date=${DATE}`, { cookie: driver.cookie }));
    const { timeZone } = await json<FleetSettings>(t.call(`/api/teams/${teamId}/fleet-settings`, { cookie: owner.cookie }));
    const local = (hhmm: string) => new Date(zonedEpoch(DATE, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3)) * 60, timeZone)).toISOString();
    expect(routes).toHaveLength(1);
    expect(routes[0]!.stops[0]).toMatchObject({ plannedArrival: local("11:00"), plannedDeparture: local("11:05"), timeWindow: { start: local("11:00"), end: local("12:00") } });
  });
});
