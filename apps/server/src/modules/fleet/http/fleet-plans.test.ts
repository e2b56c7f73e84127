import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fleetMessages, planMessages, routeMessages, type OrderInput, type PlanDetail, type Vehicle, type VehicleInput } from "@routepilot/contracts";
import { outbox, plans, routes, routeStops, subscribers, teamNotifications } from "@routepilot/db";
import { decodePolyline } from "@routepilot/geo";
import { checkPlan, routeToCheck, travelFromMatrix } from "../check-plan";
import { DEPOT, haversineMatrix, scatteredOrders } from "../../../test/fleet-fixtures";
import { resumeInterruptedPlans, startPlanRecovery, waitForPlans } from "../plans";
import { layoutPlan, type PlanOrder, type PlanVehicle } from "../problem";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, recordRealtime, setTier, type Account } from "../../../test/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await waitForPlans();
  await t.close();
});

const UNKNOWN = "6f1d2f4e-1111-4222-8333-944455556666";
const DATE = "2026-03-02";

const van = (name: string, input: Partial<VehicleInput> = {}): VehicleInput => ({
  name,
  profile: "van",
  capacity: [40],
  shift: { start: "08:00", end: "17:00" },
  start: DEPOT,
  end: DEPOT,
  ...input,
});

type Who = "owner" | "admin" | "manager" | "driver" | "member" | "outsider" | "plainManager" | "anon";

async function world() {
  const owner = await account(t, "plan-owner", "Olive Owner");
  await setTier(t, owner.userId, "fleet_pro");
  const teamId = await createTeam(t, owner, "Fleet Co");
  const people = { owner } as Record<Exclude<Who, "anon">, Account>;
  for (const role of ["admin", "manager", "driver", "member"] as const) {
    people[role] = await account(t, `plan-${role}`, `Dana ${role}`);
    await addMember(t, teamId, people[role], role);
  }
  people.outsider = await account(t, "plan-outsider");
  const plainOwner = await account(t, "plan-plain-owner");
  await setTier(t, plainOwner.userId, "enterprise");
  const plainTeamId = await createTeam(t, plainOwner, "Not Fleet");
  people.plainManager = await account(t, "plan-plain-manager");
  await addMember(t, plainTeamId, people.plainManager, "manager");
  return { teamId, plainTeamId, people };
}
type World = Awaited<ReturnType<typeof world>>;
const cookieOf = (w: World, who: Who) => (who === "anon" ? undefined : w.people[who].cookie);

async function addVehicles(w: World, bodies: VehicleInput[]): Promise<Vehicle[]> {
  const out: Vehicle[] = [];
  for (const body of bodies) {
    const res = await t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: w.people.owner.cookie, body });
    expect(res.status).toBe(201);
    out.push(await json<Vehicle>(res));
  }
  return out;
}

const asPlanVehicle = (v: Vehicle): PlanVehicle => ({ ...v });

async function plan(w: World, body: Record<string, unknown>, who: Who = "owner"): Promise<PlanDetail> {
  const res = await t.call(`/api/teams/${w.teamId}/plans`, { cookie: cookieOf(w, who), body: { date: DATE, settings: { timeLimitSeconds: 1 }, ...body } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(202);
  const { id } = await json<{ id: string }>(res);
  return done(w, id);
}

async function done(w: World, id: string): Promise<PlanDetail> {
  await waitForPlans();
  const res = await t.call(`/api/teams/${w.teamId}/plans/${id}`, { cookie: w.people.owner.cookie });
  expect(res.status).toBe(200);
  return json<PlanDetail>(res);
}

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { message: string; fields?: Record<string, string> } };
  return { status: res.status, message: body.error.message, fields: body.error.fields ?? {} };
}

describe("fleet plans: 60 orders for 4 vans", () => {
  let w: World;
  let vans: Vehicle[];
  let orders: PlanOrder[];
  let result: PlanDetail;
  let usedBefore: number;
  let live: ReturnType<typeof recordRealtime>;
  beforeAll(async () => {
    w = await world();
    vans = await addVehicles(w, [van("Van 1"), van("Van 2"), van("Van 3", { end: null }), van("Van 4", { breaks: [{ window: { start: "12:00", end: "13:00" }, durationMinutes: 30 }] })]);
    orders = scatteredOrders(60);
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, w.people.owner.userId));
    usedBefore = sub?.routesUsedThisPeriod ?? 0;
    live = recordRealtime(t);
    result = await plan(w, { vehicleIds: vans.map((v) => v.id), orders, objective: "min_time" });
    live.stop();
  }, 60_000);

  it("is done, with every order either on a route or unassigned with a reason in plain words", () => {
    expect(result.status).toBe("done");
    expect(result.progress).toBe(1);
    const served = result.routes.flatMap((r) => r.stops.map((s) => s.orderId));
    expect(new Set([...served, ...result.unassigned.map((u) => u.orderId)]).size).toBe(60);
    expect(served.length + result.unassigned.length).toBe(60);
    for (const u of result.unassigned) expect(u.explanation.length).toBeGreaterThan(10);
    expect(result.totals).toMatchObject({ orders: 60, assigned: served.length });
    expect(result.routes.every((r) => r.stops.every((s) => s.arrival.startsWith(DATE)))).toBe(true);
  });

  it("never exceeds a capacity, a shift or a window, checked independently of the engine's figures", async () => {
    const vehicles = vans.map(asPlanVehicle);
    const layout = layoutPlan(vehicles, orders);
    const matrix = await haversineMatrix(layout.points);
    const check = checkPlan({ date: DATE, vehicles, orders, routes: result.routes.map(routeToCheck), travel: travelFromMatrix(layout.points, matrix), dims: 1 });
    expect(check.violations).toEqual([]);
    for (const r of result.routes) expect(Math.max(0, ...r.stops.map((s) => s.load[0]!)), r.vehicleId).toBeLessThanOrEqual(40);
  });

  it("counts one route of quota per non-empty route", async () => {
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, w.people.owner.userId));
    expect(sub!.routesUsedThisPeriod - usedBefore).toBe(result.routes.filter((r) => r.stops.length > 0).length);
  });

  it("tells the team's managers of progress and completion on team:{id}, not its drivers", () => {
    const topic = `team:${w.teamId}`;
    for (const who of ["owner", "admin", "manager"] as const) expect(live.to(w.people[who].userId)).toContainEqual({ topic, type: "plan_done" });
    expect(live.to(w.people.driver.userId).filter((m) => m.type.startsWith("plan_"))).toEqual([]);
    expect(live.to(w.people.owner.userId)).toContainEqual({ topic, type: "plan_progress" });
  });

  it("lists the team's plans newest first, by date", async () => {
    const list = await json<{ plans: { id: string; orderCount: number }[] }>(t.call(`/api/teams/${w.teamId}/plans?date=${DATE}`, { cookie: w.people.manager.cookie }));
    expect(list.plans[0]).toMatchObject({ id: result.id, orderCount: 60 });
    const other = await json<{ plans: unknown[] }>(t.call(`/api/teams/${w.teamId}/plans?date=2030-01-01`, { cookie: w.people.manager.cookie }));
    expect(other.plans).toEqual([]);
  });
});

describe("fleet plans: bad input → 400 naming the order and field", () => {
  let w: World;
  let vans: Vehicle[];
  beforeAll(async () => {
    w = await world();
    vans = await addVehicles(w, [van("Van 1", { skills: ["fridge"] })]);
  });
  const post = (body: Record<string, unknown>) => t.call(`/api/teams/${w.teamId}/plans`, { cookie: w.people.owner.cookie, body: { date: DATE, vehicleIds: vans.map((v) => v.id), ...body } });
  const o = (input: Partial<OrderInput> = {}): OrderInput => ({ label: "Shop", lat: 51.51, lng: -0.12, ...input });

  it("an unknown skill", async () => {
    const e = await errorOf(await post({ orders: [o(), o({ skills: ["crane"] })] }));
    expect(e).toMatchObject({ status: 400, fields: { "orders.1.skills": fleetMessages.unknownSkill("crane") } });
    expect(e.message).toContain("Order 2");
  });
  it("demand with the wrong number of dimensions", async () => {
    expect(await errorOf(await post({ orders: [o({ demand: [1, 2] })] }))).toMatchObject({ status: 400, fields: { "orders.0.demand": fleetMessages.demandDimensions(1) } });
  });
  it("a window that ends before it starts", async () => {
    expect(await errorOf(await post({ orders: [o(), o(), o({ timeWindows: [{ start: "12:00", end: "09:00" }] })] }))).toMatchObject({
      status: 400,
      fields: { "orders.2.timeWindows.0.end": fleetMessages.windowOrder },
    });
  });
  it("10,001 orders (a body of several MB, read up to its 16 MB limit rather than refused as too large)", async () => {
    const orders = Array.from({ length: 10_001 }, (_, i) => o({ label: `Order ${i} at 12 High Street, London`, address: "12 High Street, London SW1A 1AA", demand: [1], timeWindows: [{ start: "09:00", end: "12:00" }], contact: { name: "Sam Smith", email: "sam@example.com", phone: "+44 20 7946 0000" } }));
    expect(JSON.stringify(orders).length).toBeGreaterThan(2 * 1024 * 1024);
    expect(await errorOf(await post({ orders }))).toMatchObject({ status: 400, fields: { orders: fleetMessages.tooManyOrders } });
  });
  it("a vehicle that is not the team's, and two orders with the same id", async () => {
    expect(await errorOf(await post({ vehicleIds: [vans[0]!.id, UNKNOWN], orders: [o()] }))).toMatchObject({ status: 400, fields: { "vehicleIds.1": fleetMessages.unknownVehicle } });
    expect(await errorOf(await post({ orders: [o({ id: "a" }), o({ id: "a" })] }))).toMatchObject({ status: 400, fields: { "orders.1.id": planMessages.duplicateOrderId } });
  });
});

describe("fleet plans: quota", () => {
  it("fails the plan with the quota message and stores nothing when its routes do not fit in the quota", async () => {
    const w = await world();
    const vans = await addVehicles(w, [van("Van 1", { capacity: [3] }), van("Van 2", { capacity: [3] })]);
    await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 5, routesUsedThisPeriod: 4, hasPaymentMethod: false }).where(eq(subscribers.userId, w.people.owner.userId));
    const orders = scatteredOrders(4).map((o) => ({ ...o, demand: [2], timeWindows: [] }));
    const p = await plan(w, { vehicleIds: vans.map((v) => v.id), orders });
    expect(p).toMatchObject({ status: "failed", error: routeMessages.overQuota(5), routes: [], totals: null });
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, w.people.owner.userId));
    expect(sub!.routesUsedThisPeriod).toBe(4);
  }, 30_000);

  it("gives the quota holder the usage notices its routes reach, in the bell and pushed to their open tabs", async () => {
    const w = await world();
    const vans = await addVehicles(w, [van("Van 1", { capacity: [3] }), van("Van 2", { capacity: [3] })]);
    await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 5, routesUsedThisPeriod: 3, hasPaymentMethod: false }).where(eq(subscribers.userId, w.people.owner.userId));
    const orders = scatteredOrders(2).map((o) => ({ ...o, demand: [2], timeWindows: [] }));
    const live = recordRealtime(t);
    const p = await plan(w, { vehicleIds: vans.map((v) => v.id), orders });
    live.stop();
    expect(p.status).toBe("done");
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, w.people.owner.userId));
    expect(sub!.routesUsedThisPeriod).toBe(5);
    const bell = await t.deps.db.select().from(teamNotifications).where(and(eq(teamNotifications.userId, w.people.owner.userId), eq(teamNotifications.type, "alert")));
    expect(bell.map((n) => n.title).sort()).toEqual(["Monthly limit reached", "You are near your monthly route limit"]);
    expect(live.to(w.people.owner.userId).filter((m) => m.topic === "notifications")).toEqual([
      { topic: "notifications", type: "created" },
      { topic: "notifications", type: "created" },
    ]);
    expect(live.to(w.people.manager.userId).filter((m) => m.topic === "notifications")).toEqual([]);
  }, 30_000);
});

describe("fleet plans: edits, locks, variants, dispatch", () => {
  let w: World;
  let vans: Vehicle[];
  let base: PlanDetail;
  const orders = scatteredOrders(12).map((o) => ({ ...o, demand: [2], timeWindows: [] }));
  beforeAll(async () => {
    w = await world();
    vans = await addVehicles(w, [van("Van A", { capacity: [14] }), van("Van B", { capacity: [14] })]);
    base = await plan(w, { vehicleIds: vans.map((v) => v.id), orders });
    expect(base.status).toBe("done");
  }, 30_000);

  it("a move that overloads a van is recomputed and shown as a violation, not silently accepted", async () => {
    const from = base.routes.find((r) => r.stops.length > 0)!;
    const to = base.routes.find((r) => r.vehicleId !== from.vehicleId) ?? { vehicleId: vans.find((v) => v.id !== from.vehicleId)!.id, stops: [] };
    // Move orders one by one onto the other van until it carries more than 14.
    let after: PlanDetail = base;
    for (const stop of from.stops) {
      const res = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/moves`, { cookie: w.people.manager.cookie, body: { orderId: stop.orderId, toVehicleId: to.vehicleId, position: 0 } });
      expect(res.status).toBe(200);
      after = await json<PlanDetail>(res);
    }
    const target = after.routes.find((r) => r.vehicleId === to.vehicleId)!;
    expect(target.stops.length).toBe(to.stops.length + from.stops.length);
    expect(target.load[0]).toBe(2 * target.stops.length);
    expect(after.violations.some((v) => v.kind === "capacity" && v.vehicleId === to.vehicleId)).toBe(true);
    // Stored: a reload shows the same.
    expect((await done(w, base.id)).violations).toEqual(after.violations);
    const bad = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/moves`, { cookie: w.people.manager.cookie, body: { orderId: "nope", toVehicleId: to.vehicleId, position: 0 } });
    expect(await errorOf(bad)).toMatchObject({ status: 400, fields: { orderId: planMessages.unknownOrder } });
  });

  it("re-planning keeps locked orders on their vehicles and clears the violations", async () => {
    const [a, b] = vans as [Vehicle, Vehicle];
    const locks: { orderId: string; vehicleId: string; position?: number }[] = orders.slice(0, 3).map((o, i) => ({ orderId: o.id, vehicleId: b.id, ...(i === 2 ? { position: 0 } : {}) })).concat(orders.slice(3, 5).map((o) => ({ orderId: o.id, vehicleId: a.id })));
    const put = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/locks`, { method: "PUT", cookie: w.people.owner.cookie, body: { locks } });
    expect(put.status).toBe(200);
    const badLock = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/locks`, { method: "PUT", cookie: w.people.owner.cookie, body: { locks: [{ orderId: orders[0]!.id, vehicleId: UNKNOWN }] } });
    expect(await errorOf(badLock)).toMatchObject({ status: 400, fields: { "locks.0.vehicleId": fleetMessages.unknownVehicle } });
    const res = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/replan`, { cookie: w.people.owner.cookie, body: {} });
    expect(res.status).toBe(202);
    const again = await done(w, base.id);
    expect(again.status).toBe("done");
    expect(again.violations).toEqual([]);
    for (const lock of locks) expect(again.routes.find((r) => r.stops.some((s) => s.orderId === lock.orderId))?.vehicleId).toBe(lock.vehicleId);
    // A lock with a position puts the stop there.
    expect(again.routes.find((r) => r.vehicleId === b.id)!.stops[0]!.orderId).toBe(orders[2]!.id);
  }, 30_000);

  it("a variant with another objective and fewer vehicles is solved and compared side by side", async () => {
    const res = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/variants`, { cookie: w.people.owner.cookie, body: { name: "One van", vehicleIds: [vans[0]!.id], objective: "min_vehicles", settings: { timeLimitSeconds: 1 } } });
    expect(res.status).toBe(202);
    const { id } = await json<{ id: string }>(res);
    const variant = await done(w, id);
    expect(variant).toMatchObject({ status: "done", parentPlanId: base.id, name: "One van", objective: "min_vehicles", vehicleIds: [vans[0]!.id] });
    expect(variant.totals!.unassigned).toBe(5); // 14 fits 7 orders of 2
    const cmp = await json<{ plans: { id: string; totals: { vehiclesUsed: number; unassigned: number } }[] }>(t.call(`/api/teams/${w.teamId}/plans/${base.id}/compare?with=${id}`, { cookie: w.people.owner.cookie }));
    expect(cmp.plans.map((p) => p.id)).toEqual([base.id, id]);
    expect(cmp.plans[1]!.totals).toMatchObject({ vehiclesUsed: 1, unassigned: 5 });
    expect(cmp.plans[0]!.totals.unassigned).toBe(0);
    expect((await t.call(`/api/teams/${w.teamId}/plans/${base.id}/compare?with=${UNKNOWN}`, { cookie: w.people.owner.cookie })).status).toBe(404);
  }, 30_000);

  it("dispatch makes one route per van for its driver, notifies and e-mails them, then freezes the plan", async () => {
    const [a, b] = vans as [Vehicle, Vehicle];
    const driver2 = await account(t, "plan-driver2", "Second Driver");
    await addMember(t, w.teamId, driver2, "driver");
    // Driver 1 has van B as default vehicle; van A is given to driver 2 explicitly.
    const saved = await t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { method: "PUT", cookie: w.people.owner.cookie, body: { defaultVehicleId: b.id } });
    expect(saved.status).toBe(200);
    const bad = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/dispatch`, { cookie: w.people.owner.cookie, body: { assignments: [{ vehicleId: a.id, driverUserId: w.people.member.userId }] } });
    expect(await errorOf(bad)).toMatchObject({ status: 400, fields: { "assignments.0.driverUserId": planMessages.notADriver } });

    const res = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/dispatch`, { cookie: w.people.owner.cookie, body: { assignments: [{ vehicleId: a.id, driverUserId: driver2.userId }] } });
    expect(res.status).toBe(200);
    const out = await json<{ routes: { routeId: string; vehicleId: string; driverUserId: string }[] }>(res);
    const current = await done(w, base.id);
    const used = current.routes.filter((r) => r.stops.length > 0);
    expect(out.routes).toHaveLength(used.length);
    for (const r of out.routes) {
      const [row] = await t.deps.db.select().from(routes).where(eq(routes.id, r.routeId));
      expect(row).toMatchObject({ teamId: w.teamId, planId: base.id, vehicleId: r.vehicleId, driverUserId: r.vehicleId === a.id ? driver2.userId : w.people.driver.userId });
      const stops = await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, r.routeId));
      expect(stops).toHaveLength(used.find((u) => u.vehicleId === r.vehicleId)!.stops.length);
      const driverId = r.driverUserId;
      expect(await t.deps.db.select().from(teamNotifications).where(and(eq(teamNotifications.userId, driverId), eq(teamNotifications.type, "fleet_communication")))).toHaveLength(1);
    }
    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.kind, "route-dispatch"));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([driver2.email, w.people.driver.email].slice(0, out.routes.length)));
    // The plan's day as the driver reads it (English by default): "Monday, 2 March 2026", the year only when it is not this year's.
    for (const m of mails) expect(m.subject).toMatch(/^Your route for Monday,? 2 March( 2026)?$/);
    expect(current.dispatchedAt).not.toBeNull();

    // Frozen: edits, locks, re-plan and a second dispatch are refused; a variant (new version) is not.
    const frozen = [
      t.call(`/api/teams/${w.teamId}/plans/${base.id}/moves`, { cookie: w.people.owner.cookie, body: { orderId: orders[0]!.id, toVehicleId: a.id, position: 0 } }),
      t.call(`/api/teams/${w.teamId}/plans/${base.id}/locks`, { method: "PUT", cookie: w.people.owner.cookie, body: { locks: [] } }),
      t.call(`/api/teams/${w.teamId}/plans/${base.id}/replan`, { cookie: w.people.owner.cookie, body: {} }),
      t.call(`/api/teams/${w.teamId}/plans/${base.id}/dispatch`, { cookie: w.people.owner.cookie, body: {} }),
    ];
    for (const r of await Promise.all(frozen)) expect(await errorOf(r)).toMatchObject({ status: 409, message: fleetMessages.planFrozen });
    const copy = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/variants`, { cookie: w.people.owner.cookie, body: { name: "Version 2", settings: { timeLimitSeconds: 1 } } });
    expect(copy.status).toBe(202);
    const v2 = await done(w, (await json<{ id: string }>(copy)).id);
    expect(v2).toMatchObject({ version: base.version + 1, dispatchedAt: null });
  }, 30_000);
});

describe("fleet plans: access matrix", () => {
  let w: World;
  let vehicleId: string;
  let planId: string;
  beforeAll(async () => {
    w = await world();
    [{ id: vehicleId }] = (await addVehicles(w, [van("Van 1")])) as [Vehicle];
    planId = (await plan(w, { vehicleIds: [vehicleId], orders: scatteredOrders(3) })).id;
  }, 30_000);

  const endpoints: { name: string; ok: number; call: (teamId: string, cookie: string | undefined) => Promise<Response> }[] = [
    { name: "POST plans", ok: 202, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans`, { cookie, body: { date: DATE, vehicleIds: [vehicleId], orders: [{ label: "a", lat: 51.5, lng: -0.1 }], settings: { timeLimitSeconds: 1 } } }) },
    { name: "GET plans", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans`, { cookie }) },
    { name: "GET plan", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans/${planId}`, { cookie }) },
    { name: "GET variants", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans/${planId}/variants`, { cookie }) },
    { name: "GET compare", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans/${planId}/compare`, { cookie }) },
    { name: "PUT locks", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans/${planId}/locks`, { method: "PUT", cookie, body: { locks: [] } }) },
    { name: "POST variants", ok: 202, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/plans/${planId}/variants`, { cookie, body: { name: "V", settings: { timeLimitSeconds: 1 } } }) },
  ];
  const expected: Record<Who, number | "ok"> = { owner: "ok", admin: "ok", manager: "ok", driver: 403, member: 403, plainManager: 403, outsider: 404, anon: 401 };

  for (const e of endpoints) {
    it(e.name, async () => {
      for (const who of Object.keys(expected) as Who[]) {
        // A member of a non-fleet team calls on that team; everyone else on the fleet team.
        const teamId = who === "plainManager" ? w.plainTeamId : w.teamId;
        const res = await e.call(teamId, cookieOf(w, who));
        const want = expected[who] === "ok" ? e.ok : expected[who];
        expect(res.status, `${e.name} as ${who}`).toBe(want);
      }
      await waitForPlans();
    }, 30_000);
  }

  it("moves, replan and dispatch: the same gate before anything else", async () => {
    const calls = [
      (cookie?: string) => t.call(`/api/teams/${w.teamId}/plans/${planId}/moves`, { cookie, body: { orderId: "o0", toVehicleId: vehicleId, position: 0 } }),
      (cookie?: string) => t.call(`/api/teams/${w.teamId}/plans/${planId}/replan`, { cookie, body: {} }),
      (cookie?: string) => t.call(`/api/teams/${w.teamId}/plans/${planId}/dispatch`, { cookie, body: {} }),
    ];
    for (const call of calls) {
      expect((await call(cookieOf(w, "driver"))).status).toBe(403);
      expect((await call(cookieOf(w, "outsider"))).status).toBe(404);
      expect((await call(undefined)).status).toBe(401);
    }
    expect((await t.call(`/api/teams/${w.teamId}/plans/${UNKNOWN}`, { cookie: w.people.owner.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/${w.teamId}/plans/${UNKNOWN}/variants`, { cookie: w.people.owner.cookie })).status).toBe(404);
  });

  it("a plan cut off by a restart (still solving, silent for minutes, not running here) is solved again when read", async () => {
    await t.deps.db.update(plans).set({ status: "solving", progress: 0.4, updatedAt: new Date(Date.now() - 6 * 60_000) }).where(eq(plans.id, planId));
    const read = await json<PlanDetail>(t.call(`/api/teams/${w.teamId}/plans/${planId}`, { cookie: w.people.owner.cookie }));
    expect(read).toMatchObject({ status: "queued", progress: 0, error: null });
    expect((await done(w, planId)).status).toBe("done");
  }, 30_000);
});

describe("fleet plans: plans cut off by a restart are re-queued on start", () => {
  it("claims every plan left queued or solving (not dispatched) and solves it again; a plan another process is solving is left alone; two sweeps never claim one plan twice", async () => {
    const w = await world();
    const [v] = await addVehicles(w, [van("Van 1")]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await plan(w, { vehicleIds: [v!.id], orders: scatteredOrders(3) })).id);
    const [stale, queued, live] = ids as [string, string, string];
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.deps.db.update(plans).set({ status: "solving", progress: 0.5, updatedAt: longAgo }).where(eq(plans.id, stale));
    await t.deps.db.update(plans).set({ status: "queued", progress: 0, updatedAt: longAgo }).where(eq(plans.id, queued));
    // Solving on another process: it touched the row a moment ago.
    await t.deps.db.update(plans).set({ status: "solving", progress: 0.2, updatedAt: new Date() }).where(eq(plans.id, live));
    const sweeps = await Promise.all([resumeInterruptedPlans(t.deps, { staleAfterMs: 60_000 }), resumeInterruptedPlans(t.deps, { staleAfterMs: 60_000 })]);
    expect(sweeps.flat().sort()).toEqual([stale, queued].sort());
    await waitForPlans();
    for (const id of [stale, queued]) expect((await done(w, id)).status).toBe("done");
    const [other] = await t.deps.db.select().from(plans).where(eq(plans.id, live));
    expect(other).toMatchObject({ status: "solving", progress: 0.2 });
    // On the embedded database (one process) the start-up sweep takes every plan left solving, however
    // recent; on PostgreSQL (maybe several processes) only those silent for minutes.
    const stop = startPlanRecovery(t.deps);
    stop();
    await waitForPlans();
    if (t.deps.database.kind === "pglite") expect((await done(w, live)).status).toBe("done");
    else expect((await t.deps.db.select().from(plans).where(eq(plans.id, live)))[0]).toMatchObject({ status: "solving", progress: 0.2 });
  }, 60_000);
});

describe("fleet plans: route geometry, unassigning by hand, a plan's variants", () => {
  let w: World;
  let vans: Vehicle[];
  let base: PlanDetail;
  const orders = scatteredOrders(8).map((o) => ({ ...o, timeWindows: [] }));
  beforeAll(async () => {
    w = await world();
    vans = await addVehicles(w, [van("Van A"), van("Van B")]);
    base = await plan(w, { vehicleIds: vans.map((v) => v.id), orders });
  }, 30_000);

  it("each used route carries its line for the map (encoded polyline through its stops), an empty one none", () => {
    for (const r of base.routes) {
      if (r.stops.length === 0) expect(r.geometry ?? null).toBeNull();
      else expect(decodePolyline(r.geometry!).length).toBeGreaterThanOrEqual(r.stops.length + 2);
    }
  });

  it("a move with toVehicleId null takes the order off its route: unassigned with its reason, lock dropped, route and geometry recomputed", async () => {
    const route = base.routes.find((r) => r.stops.length >= 2)!;
    const orderId = route.stops[0]!.orderId;
    const locked = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/locks`, { method: "PUT", cookie: w.people.owner.cookie, body: { locks: [{ orderId, vehicleId: route.vehicleId }] } });
    expect(locked.status).toBe(200);
    const res = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/moves`, { cookie: w.people.manager.cookie, body: { orderId, toVehicleId: null } });
    expect(res.status).toBe(200);
    const after = await json<PlanDetail>(res);
    const changed = after.routes.find((r) => r.vehicleId === route.vehicleId)!;
    expect(changed.stops.map((s) => s.orderId)).toEqual(route.stops.slice(1).map((s) => s.orderId));
    expect(changed.geometry).not.toBe(route.geometry);
    expect(after.unassigned).toContainEqual({ orderId, label: route.stops[0]!.label, reason: "dropped", explanation: planMessages.unassignedByHand });
    expect(after.locks).toEqual([]);
    expect(after.totals).toMatchObject({ assigned: 7, unassigned: 1 });
    // And back onto a van: no longer unassigned.
    const back = await json<PlanDetail>(t.call(`/api/teams/${w.teamId}/plans/${base.id}/moves`, { cookie: w.people.manager.cookie, body: { orderId, toVehicleId: route.vehicleId, position: 0 } }));
    expect(back.unassigned).toEqual([]);
    expect(back.totals).toMatchObject({ assigned: 8, unassigned: 0 });
    const bad = await t.call(`/api/teams/${w.teamId}/plans/${base.id}/moves`, { cookie: w.people.manager.cookie, body: { orderId: "nope", toVehicleId: null } });
    expect(await errorOf(bad)).toMatchObject({ status: 400, fields: { orderId: planMessages.unknownOrder } });
  });

  it("lists a plan's variants and versions: the whole family from any member, oldest first, nothing else", async () => {
    const variant = async (from: string, name: string) => {
      const res = await t.call(`/api/teams/${w.teamId}/plans/${from}/variants`, { cookie: w.people.owner.cookie, body: { name, settings: { timeLimitSeconds: 1 } } });
      expect(res.status).toBe(202);
      return (await json<{ id: string }>(res)).id;
    };
    const child = await variant(base.id, "Child");
    const grandchild = await variant(child, "Grandchild");
    const unrelated = (await plan(w, { vehicleIds: [vans[0]!.id], orders: scatteredOrders(2) })).id;
    await waitForPlans();
    for (const from of [base.id, grandchild]) {
      const list = await json<{ plans: { id: string; parentPlanId: string | null; version: number; orderCount: number }[] }>(t.call(`/api/teams/${w.teamId}/plans/${from}/variants`, { cookie: w.people.manager.cookie }));
      expect(list.plans.map((p) => p.id)).toEqual([base.id, child, grandchild]);
      expect(list.plans.map((p) => p.version)).toEqual([1, 2, 3]);
      expect(list.plans[2]).toMatchObject({ parentPlanId: child, orderCount: 8 });
    }
    const alone = await json<{ plans: { id: string }[] }>(t.call(`/api/teams/${w.teamId}/plans/${unrelated}/variants`, { cookie: w.people.owner.cookie }));
    expect(alone.plans.map((p) => p.id)).toEqual([unrelated]);
  }, 30_000);
});

describe("fleet plans: dispatch checks each driver against the day and the route's skills", () => {
  const SATURDAY = "2026-03-07";
  let w: World;
  let vans: Vehicle[];
  let driver2: Account;
  beforeAll(async () => {
    w = await world();
    vans = await addVehicles(w, [van("Van A", { skills: ["hazmat", "fridge"] }), van("Van B", { skills: ["fridge"] })]);
    driver2 = await account(t, "plan-check-driver2", "Hazel Hazmat");
    await addMember(t, w.teamId, driver2, "driver");
    // Hazel holds hazmat (a driver skill: a driver lists it) and works every day; Dana works Monday to Friday with no skill.
    const put = await t.call(`/api/teams/${w.teamId}/drivers/${driver2.userId}`, { method: "PUT", cookie: w.people.owner.cookie, body: { skills: ["hazmat"], workingDays: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] } });
    expect(put.status).toBe(200);
  }, 30_000);

  const dispatch = (planId: string, body: Record<string, unknown>) => t.call(`/api/teams/${w.teamId}/plans/${planId}/dispatch`, { cookie: w.people.owner.cookie, body });

  it("a driver who does not work on the plan's weekday: 409 naming the assignment; dispatched anyway when the manager says so", async () => {
    const p = await plan(w, { date: SATURDAY, vehicleIds: [vans[1]!.id], orders: scatteredOrders(3) });
    const assignments = [{ vehicleId: vans[1]!.id, driverUserId: w.people.driver.userId }];
    expect(await errorOf(await dispatch(p.id, { assignments }))).toEqual({
      status: 409,
      message: planMessages.unfitDrivers,
      fields: { "assignments.0.driverUserId": planMessages.driverOffDay("Van B", "Dana driver", "Saturdays") },
    });
    expect((await done(w, p.id)).dispatchedAt).toBeNull();
    expect((await dispatch(p.id, { assignments: [{ vehicleId: vans[1]!.id, driverUserId: driver2.userId }] })).status).toBe(200);
  }, 30_000);

  it("a driver without a driver skill the route's orders need (vehicle equipment like fridge is not asked of drivers): 409; dispatchAnyway dispatches", async () => {
    const orders = scatteredOrders(3).map((o, i) => ({ ...o, skills: i === 0 ? ["hazmat", "fridge"] : ["fridge"] }));
    const p = await plan(w, { vehicleIds: [vans[0]!.id], orders });
    const assignments = [{ vehicleId: vans[0]!.id, driverUserId: w.people.driver.userId }];
    expect(await errorOf(await dispatch(p.id, { assignments }))).toMatchObject({ status: 409, fields: { "assignments.0.driverUserId": planMessages.driverLacksSkill("Van A", "Dana driver", "hazmat") } });
    const res = await dispatch(p.id, { assignments, dispatchAnyway: true });
    expect(res.status).toBe(200);
    const out = await json<{ routes: { driverUserId: string }[] }>(res);
    expect(out.routes.map((r) => r.driverUserId)).toEqual([w.people.driver.userId]);
  }, 30_000);

  it("a plan whose edits broke a constraint: 409 saying so, dispatched anyway when the manager says so", async () => {
    const p = await plan(w, { vehicleIds: [vans[1]!.id], orders: scatteredOrders(2) });
    const [row] = await t.deps.db.select().from(plans).where(eq(plans.id, p.id));
    const violation = { vehicleId: vans[1]!.id, kind: "capacity", message: "Carries 45 of 40." };
    await t.deps.db.update(plans).set({ result: { ...row!.result, violations: [violation] } }).where(eq(plans.id, p.id));
    const assignments = [{ vehicleId: vans[1]!.id, driverUserId: driver2.userId }];
    expect(await errorOf(await dispatch(p.id, { assignments }))).toMatchObject({ status: 409, message: planMessages.hasViolations(1) });
    expect((await dispatch(p.id, { assignments, dispatchAnyway: true })).status).toBe(200);
  }, 30_000);

  it("a default driver is named by vehicle", async () => {
    const saved = await t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { method: "PUT", cookie: w.people.owner.cookie, body: { defaultVehicleId: vans[1]!.id } });
    expect(saved.status).toBe(200);
    const p = await plan(w, { date: SATURDAY, vehicleIds: [vans[1]!.id], orders: scatteredOrders(2) });
    expect(await errorOf(await dispatch(p.id, {}))).toMatchObject({ status: 409, fields: { [`vehicles.${vans[1]!.id}`]: planMessages.driverOffDay("Van B", "Dana driver", "Saturdays") } });
  }, 30_000);
});

describe("fleet plans: each vehicle travels by its own profile", () => {
  it("a bicycle and a van in one plan: each route timed with its profile's travel, checked independently", async () => {
    const w = await world();
    // Neither carries every order alone: both are used.
    const [bike, vanV] = await addVehicles(w, [van("Bike", { profile: "bicycle", capacity: [20] }), van("Van", { capacity: [20] })]);
    const orders = scatteredOrders(16).map((o) => ({ ...o, timeWindows: [] }));
    const result = await plan(w, { vehicleIds: [bike!.id, vanV!.id], orders });
    expect(result.unassigned).toEqual([]);
    expect(result.status).toBe("done");
    const vehicles = [bike!, vanV!].map(asPlanVehicle);
    const layout = layoutPlan(vehicles, orders);
    const byProfile = new Map([
      ["bicycle", travelFromMatrix(layout.points, await haversineMatrix(layout.points, "bicycle"))],
      ["van", travelFromMatrix(layout.points, await haversineMatrix(layout.points, "van"))],
    ]);
    const routes = result.routes.filter((r) => r.stops.length > 0);
    expect(routes.map((r) => r.vehicleId).sort()).toEqual([bike!.id, vanV!.id].sort());
    const own = checkPlan({ date: DATE, vehicles, orders, routes: routes.map(routeToCheck), travel: byProfile.get("van")!, travelOf: (v) => byProfile.get(v.profile)!, dims: 1 });
    expect(own.violations).toEqual([]);
    for (const r of own.routes) {
      const stored = routes.find((x) => x.vehicleId === r.vehicleId)!;
      expect(r.drivingSeconds, r.vehicleId).toBeCloseTo(stored.drivingSeconds, -1);
      expect(r.distanceMeters, r.vehicleId).toBeCloseTo(stored.distanceMeters, -1);
    }
    // Read with the van's travel, the bicycle's route would be much quicker than planned: not what was planned.
    const asVan = checkPlan({ date: DATE, vehicles, orders, routes: routes.filter((r) => r.vehicleId === bike!.id).map(routeToCheck), travel: byProfile.get("van")!, dims: 1 });
    expect(asVan.routes[0]!.drivingSeconds).toBeLessThan(routes.find((r) => r.vehicleId === bike!.id)!.drivingSeconds * 0.8);
  }, 30_000);
});

describe("fleet plans: dispatch what you can (fewer drivers than vans)", () => {
  let w: World;
  let vans: Vehicle[];
  let planned: PlanDetail;
  beforeAll(async () => {
    w = await world();
    // Three small vans: 12 orders of 2-3 units need all three.
    vans = await addVehicles(w, [van("Van 1", { capacity: [10] }), van("Van 2", { capacity: [10] }), van("Van 3", { capacity: [10] })]);
    planned = await plan(w, { vehicleIds: vans.map((v) => v.id), orders: scatteredOrders(12).map((o) => ({ ...o, timeWindows: [] })) });
  }, 60_000);

  it("dispatches only the routes with a driver, keeps the rest planned, and dispatches them later on the same plan", async () => {
    const used = planned.routes.filter((r) => r.stops.length > 0).map((r) => r.vehicleId);
    expect(used).toHaveLength(3);
    const [first, second, third] = used as [string, string, string];
    const url = `/api/teams/${w.teamId}/plans/${planned.id}/dispatch`;
    // No driver has a default vehicle and none is given: nothing can go, and the answer says which van needs one.
    const none = await t.call(url, { cookie: w.people.owner.cookie, body: {} });
    expect(await errorOf(none)).toMatchObject({ status: 400, message: planMessages.noDriver(vans.find((v) => v.id === first)!.name) });
    // A route asked for without a driver is named.
    const asked = await t.call(url, { cookie: w.people.owner.cookie, body: { vehicleIds: [second] } });
    expect(await errorOf(asked)).toMatchObject({ status: 400, fields: { "vehicleIds.0": expect.stringContaining("Choose a driver") } });

    // One driver, one van: 200, one route out, two still planned.
    const one = await t.call(url, { cookie: w.people.owner.cookie, body: { assignments: [{ vehicleId: first, driverUserId: w.people.driver.userId }] } });
    expect(one.status).toBe(200);
    const out1 = await json<{ routes: { vehicleId: string; routeId: string }[]; remaining: string[] }>(one);
    expect(out1.routes.map((r) => r.vehicleId)).toEqual([first]);
    expect(out1.remaining.sort()).toEqual([second, third].sort());
    expect(await t.deps.db.select().from(routes).where(eq(routes.planId, planned.id))).toHaveLength(1);
    const after1 = await done(w, planned.id);
    expect(after1.dispatchedAt).not.toBeNull();
    expect(after1.dispatched).toEqual([{ vehicleId: first, routeId: out1.routes[0]!.routeId, driverUserId: w.people.driver.userId }]);
    // Edits are frozen from the first dispatch on.
    const move = await t.call(`/api/teams/${w.teamId}/plans/${planned.id}/moves`, { cookie: w.people.owner.cookie, body: { orderId: planned.routes[0]!.stops[0]!.orderId, toVehicleId: second, position: 0 } });
    expect(await errorOf(move)).toMatchObject({ status: 409, message: fleetMessages.planFrozen });
    // The same van again: 409 naming it; nothing written.
    const again = await t.call(url, { cookie: w.people.owner.cookie, body: { vehicleIds: [first], assignments: [{ vehicleId: first, driverUserId: w.people.driver.userId }] } });
    expect(await errorOf(again)).toMatchObject({ status: 409, message: planMessages.alreadyDispatched(vans.find((v) => v.id === first)!.name) });

    // Later (the driver is back, or a second one is hired): the next van, by an explicit choice.
    const two = await t.call(url, { cookie: w.people.owner.cookie, body: { vehicleIds: [second], assignments: [{ vehicleId: second, driverUserId: w.people.driver.userId }] } });
    expect(two.status).toBe(200);
    expect((await json<{ remaining: string[] }>(two)).remaining).toEqual([third]);
    // The last one through its default driver.
    const saved = await t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { method: "PUT", cookie: w.people.owner.cookie, body: { defaultVehicleId: third } });
    expect(saved.status).toBe(200);
    const three = await t.call(url, { cookie: w.people.owner.cookie, body: {} });
    expect(three.status).toBe(200);
    expect(await json<{ routes: { vehicleId: string }[]; remaining: string[] }>(three)).toMatchObject({ routes: [{ vehicleId: third }], remaining: [] });
    expect((await done(w, planned.id)).dispatched.map((d) => d.vehicleId).sort()).toEqual([first, second, third].sort());
    // Everything is out: a further call is refused as frozen.
    expect(await errorOf(await t.call(url, { cookie: w.people.owner.cookie, body: {} }))).toMatchObject({ status: 409, message: fleetMessages.planFrozen });
    expect(await t.deps.db.select().from(routes).where(eq(routes.planId, planned.id))).toHaveLength(3);
  }, 60_000);
});

describe("fleet plans: multi-trip vehicles (issue 26)", () => {
  let w: World;
  let vanId: string;
  let orders: PlanOrder[];
  let result: PlanDetail;
  beforeAll(async () => {
    w = await world();
    // One van that carries 3 orders at a time and may go back to its depot to reload, 15 minutes each time.
    const [v] = await addVehicles(w, [van("Reloading van", { capacity: [3], maxTrips: 4, reloadMinutes: 15 })]);
    vanId = v!.id;
    orders = scatteredOrders(9).map((o) => ({ ...o, demand: [1], timeWindows: [] }));
    result = await plan(w, { vehicleIds: [vanId], orders, objective: "min_time" });
  }, 60_000);

  it("more orders than one trip carries: every order is assigned, with reloads at the depot between trips (not orders)", async () => {
    expect(result.status).toBe("done");
    expect(result.unassigned).toEqual([]);
    expect(result.totals).toMatchObject({ orders: 9, assigned: 9, unassigned: 0, vehiclesUsed: 1 });
    const [route] = result.routes;
    expect(route!.stops).toHaveLength(9);
    expect(route!.stops.every((s) => s.orderId.startsWith("o"))).toBe(true);
    expect(route!.reloads.length).toBeGreaterThanOrEqual(2);
    for (const r of route!.reloads) {
      expect(r.afterStops).toBeGreaterThan(0);
      expect(r.afterStops).toBeLessThan(9);
      expect((Date.parse(`${r.departure}Z`) - Date.parse(`${r.arrival}Z`)) / 1000 - r.waitingSeconds).toBe(15 * 60);
    }
    // Each trip leaves the depot with what it delivers, within the capacity; the independent checker agrees.
    const trips = [0, ...route!.reloads.map((r) => r.afterStops), 9];
    for (let k = 0; k + 1 < trips.length; k++) expect(trips[k + 1]! - trips[k]!).toBeLessThanOrEqual(3);
    const vehicles = [{ ...(await json<Vehicle>(t.call(`/api/teams/${w.teamId}/vehicles/${vanId}`, { cookie: w.people.owner.cookie }))) }];
    const layout = layoutPlan(vehicles, orders);
    const check = checkPlan({ date: DATE, vehicles, orders, routes: result.routes.map(routeToCheck), travel: travelFromMatrix(layout.points, await haversineMatrix(layout.points)), dims: 1 });
    expect(check.violations).toEqual([]);
    expect(result.violations).toEqual([]);
  });

  it("a stop moved by hand keeps the other stops' trips; a move that overloads a trip is shown as a violation", async () => {
    const copy = await json<{ id: string }>(t.call(`/api/teams/${w.teamId}/plans/${result.id}/variants`, { cookie: w.people.owner.cookie, body: { name: "Edited" } }));
    const edited = await done(w, copy.id);
    const route = edited.routes[0]!;
    const firstTrip = route.reloads[0]!.afterStops;
    // The last stop of the day to the front: the first trip gets one more order than the van carries when it was full.
    const last = route.stops.at(-1)!;
    const res = await t.call(`/api/teams/${w.teamId}/plans/${copy.id}/moves`, { cookie: w.people.owner.cookie, body: { orderId: last.orderId, toVehicleId: vanId, position: 0 } });
    expect(res.status).toBe(200);
    const moved = await json<PlanDetail>(res);
    const after = moved.routes[0]!;
    expect(after.stops.map((s) => s.orderId)).toEqual([last.orderId, ...route.stops.slice(0, -1).map((s) => s.orderId)]);
    expect(after.reloads[0]!.afterStops).toBe(firstTrip + 1);
    expect(after.reloads.length).toBeGreaterThanOrEqual(route.reloads.length - 1);
    if (firstTrip + 1 > 3) expect(moved.violations).toContainEqual(expect.objectContaining({ kind: "capacity", vehicleId: vanId }));
    expect(moved.totals).toMatchObject({ orders: 9, assigned: 9 });
  }, 60_000);

  it("dispatched: the driver's route, the live view and the exports show each reload as 'Reload at the depot', not as a stop", async () => {
    const res = await t.call(`/api/teams/${w.teamId}/plans/${result.id}/dispatch`, { cookie: w.people.owner.cookie, body: { assignments: [{ vehicleId: vanId, driverUserId: w.people.driver.userId }] } });
    expect(res.status).toBe(200);
    const [{ routeId }] = (await json<{ routes: { routeId: string }[] }>(res)).routes as [{ routeId: string }];
    const planned = result.routes[0]!;
    const [row] = await t.deps.db.select().from(routes).where(eq(routes.id, routeId));
    expect(row!.reloads.map((r) => r.afterSequence)).toEqual(planned.reloads.map((r) => r.afterStops));
    const stops = await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, routeId));
    expect(stops).toHaveLength(9);
    expect(row!.stopCount).toBe(9);
    // The leg into the first stop of a trip runs through the depot: the legs still add up to the route's distance.
    const legs = stops.reduce((t, s) => t + s.legDistanceM, 0) + (row!.endLegDistanceM ?? 0);
    expect(Math.abs(legs - row!.distanceM) / row!.distanceM).toBeLessThan(0.02);

    const driver = await json<{ routes: { id: string; stops: unknown[]; reloads: { afterSequence: number; plannedArrival: string; plannedDeparture: string }[] }[] }>(
      t.call(`/api/driver/routes?date=${DATE}`, { cookie: w.people.driver.cookie }),
    );
    const mine = driver.routes.find((r) => r.id === routeId)!;
    expect(mine.stops).toHaveLength(9);
    expect(mine.reloads.map((r) => r.afterSequence)).toEqual(planned.reloads.map((r) => r.afterStops));
    for (const r of mine.reloads) expect((Date.parse(r.plannedDeparture) - Date.parse(r.plannedArrival)) / 1000).toBeGreaterThanOrEqual(15 * 60);

    const live = await json<{ routes: { id: string; total: number; reloads: unknown[] }[] }>(t.call(`/api/teams/${w.teamId}/routes?date=${DATE}`, { cookie: w.people.owner.cookie }));
    expect(live.routes.find((r) => r.id === routeId)).toMatchObject({ total: 9, reloads: mine.reloads });

    const csv = await (await t.call(`/api/routes/${routeId}/export?format=csv`, { cookie: w.people.owner.cookie })).text();
    const lines = csv.trim().split("\r\n");
    expect(lines.filter((l) => l.includes(fleetMessages.reloadLabel))).toHaveLength(planned.reloads.length);
    // The 9 stops (sequence 1–9), after the start's row (sequence 0); the journey ends at the depot.
    expect(lines.filter((l) => /^[1-9]\d*,/.test(l))).toHaveLength(9);
    expect(lines[1]).toMatch(/^0,"?Start: /);
    expect(lines.at(-1)).toMatch(/^,"?(Back to the start|End): /);
    const gpx = await (await t.call(`/api/routes/${routeId}/export?format=gpx`, { cookie: w.people.owner.cookie })).text();
    expect(gpx.match(/<rtept /g)).toHaveLength(1 + 9 + planned.reloads.length + 1);
    // Waypoints are places: the depot (start and end) and the stops, each once.
    expect(gpx.match(/<wpt /g)).toHaveLength(1 + 9 + 1);
    expect(gpx).toContain(`<name>${fleetMessages.reloadLabel}:`);

    // Re-sequenced live: the van still goes back to the depot after as many stops, with new planned times.
    const reseq = await t.call(`/api/teams/${w.teamId}/routes/${routeId}/resequence`, { cookie: w.people.owner.cookie, body: {} });
    expect(reseq.status).toBe(200);
    const [again] = await t.deps.db.select().from(routes).where(eq(routes.id, routeId));
    expect(again!.reloads.map((r) => r.afterSequence)).toEqual(planned.reloads.map((r) => r.afterStops));
    const resequenced = await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, routeId));
    const bySequence = new Map(resequenced.map((s) => [s.sequence, s]));
    for (const r of again!.reloads) {
      expect(r.departureS - r.arrivalS).toBe(15 * 60);
      expect(r.arrivalS).toBeGreaterThanOrEqual(bySequence.get(r.afterSequence)!.departureS);
      expect(bySequence.get(r.afterSequence + 1)!.arrivalS).toBeGreaterThan(r.departureS);
    }
  }, 60_000);
});
