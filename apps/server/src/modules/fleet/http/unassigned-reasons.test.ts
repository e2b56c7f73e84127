import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanDetail, Vehicle } from "@routepilot/contracts";
import { DEPOT } from "../../../test/fleet-fixtures";
import { waitForPlans } from "../plans";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, createTeam, json, setTier } from "../../../test/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await waitForPlans();
  await t.close();
});

describe("fleet plans: unassigned reasons name the team's capacity dimensions (issue 25)", () => {
  it('says "Needs 200 kg; Van 1 carries at most 100 kg", not "Needs 200 of capacity 1"', async () => {
    const owner = await account(t, "reasons-owner", "Rita Owner");
    await setTier(t, owner.userId, "fleet_pro");
    const teamId = await createTeam(t, owner, "Heavy Goods");
    const settings = await t.call(`/api/teams/${teamId}/fleet-settings`, { method: "PUT", cookie: owner.cookie, body: { capacityDimensions: ["kg"], timeZone: "Europe/Vaduz" } });
    expect(settings.status).toBe(200);
    const res = await t.call(`/api/teams/${teamId}/vehicles`, {
      cookie: owner.cookie,
      body: { name: "Van 1", profile: "van", capacity: [100], shift: { start: "08:00", end: "17:00" }, start: DEPOT, end: DEPOT },
    });
    expect(res.status).toBe(201);
    const van = await json<Vehicle>(res);

    const orders = [
      { id: "piano", label: "Piano", lat: DEPOT.lat + 0.01, lng: DEPOT.lng, demand: [200] },
      { id: "parcel", label: "Parcel", lat: DEPOT.lat, lng: DEPOT.lng + 0.01, demand: [5] },
    ];
    const created = await t.call(`/api/teams/${teamId}/plans`, { cookie: owner.cookie, body: { date: "2026-03-02", vehicleIds: [van.id], orders, settings: { timeLimitSeconds: 1 } } });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(202);
    const { id } = await json<{ id: string }>(created);
    await waitForPlans();
    const plan = await json<PlanDetail>(t.call(`/api/teams/${teamId}/plans/${id}`, { cookie: owner.cookie }));
    expect(plan.status).toBe("done");
    expect(plan.unassigned).toEqual([
      { orderId: "piano", label: "Piano", reason: "capacity", explanation: "Needs 200 kg; Van 1 carries at most 100 kg. Add a larger vehicle or split the order." },
    ]);

    // Moved onto the van by hand anyway: the violation says the load with its unit too.
    const moved = await t.call(`/api/teams/${teamId}/plans/${id}/moves`, { cookie: owner.cookie, body: { orderId: "piano", toVehicleId: van.id, position: 0 } });
    expect(moved.status).toBe(200);
    const after = await json<PlanDetail>(moved);
    expect(after.violations.map((v) => v.message)).toContain("Leaves the depot with 205 kg on board; the vehicle takes 100 kg.");
  }, 60_000);
});
