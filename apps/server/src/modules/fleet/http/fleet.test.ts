import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fleetMessages, type Driver, type FleetSettings, type Me, type Vehicle, type VehicleInput } from "@routepilot/contracts";
import { fleetDrivers, userPreferences, vehicles } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, setTier, type Account } from "../../../test/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = "6f1d2f4e-1111-4222-8333-944455556666";

const van: VehicleInput = {
  name: "Van 1",
  plate: "AB12 CDE",
  profile: "van",
  capacity: [100],
  skills: ["fridge"],
  shift: { start: "08:00", end: "17:00" },
  start: { lat: 51.5, lng: -0.12, address: "Depot, London" },
  end: null,
  breaks: [{ window: { start: "12:00", end: "14:00" }, durationMinutes: 30 }],
  vin: "1HGCM82633A004352",
  insurancePolicy: "POL-778899",
};

type Who = "owner" | "admin" | "manager" | "driver" | "member" | "outsider" | "plainOwner" | "plainManager" | "anon";
const everyone: Who[] = ["owner", "admin", "manager", "driver", "member", "outsider", "plainOwner", "plainManager", "anon"];

/** A fleet_pro team with one account per role, an outsider, and an enterprise (non-fleet) team with its owner and a manager. */
async function world() {
  const owner = await account(t, "fleet-owner", "Olive Owner");
  await setTier(t, owner.userId, "fleet_pro");
  const teamId = await createTeam(t, owner, "Fleet Co");
  const people = { owner } as Record<Exclude<Who, "anon">, Account>;
  for (const role of ["admin", "manager", "driver", "member"] as const) {
    people[role] = await account(t, role, `Dana ${role}`);
    await addMember(t, teamId, people[role], role);
  }
  people.outsider = await account(t, "outsider");
  people.plainOwner = await account(t, "plain-owner");
  await setTier(t, people.plainOwner.userId, "enterprise");
  const plainTeamId = await createTeam(t, people.plainOwner, "Not Fleet");
  people.plainManager = await account(t, "plain-manager");
  await addMember(t, plainTeamId, people.plainManager, "manager");
  return { teamId, plainTeamId, people };
}
type World = Awaited<ReturnType<typeof world>>;

const cookieOf = (w: World, who: Who) => (who === "anon" ? undefined : w.people[who].cookie);

async function addVehicle(w: World, body: VehicleInput = van, who: Who = "owner"): Promise<Vehicle> {
  const res = await t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: cookieOf(w, who), body });
  expect(res.status).toBe(201);
  return json<Vehicle>(res);
}

async function errorOf(res: Response): Promise<{ status: number; message: string; fields: Record<string, string> }> {
  const body = (await res.json()) as { error: { message: string; fields?: Record<string, string> } };
  return { status: res.status, message: body.error.message, fields: body.error.fields ?? {} };
}

describe("fleet access (SPEC §5/§6, decision 008)", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  type Endpoint = { name: string; ok: number; call: (teamId: string, cookie: string | undefined) => Promise<Response>; driverOk?: boolean };
  const endpoints: Endpoint[] = [
    { name: "GET vehicles", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/vehicles`, { cookie }) },
    { name: "POST vehicles", ok: 201, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/vehicles`, { cookie, body: van }) },
    {
      name: "GET vehicle",
      ok: 200,
      call: async (teamId, cookie) => t.call(`/api/teams/${teamId}/vehicles/${teamId === w.teamId ? (await addVehicle(w)).id : UNKNOWN}`, { cookie }),
    },
    {
      name: "PATCH vehicle",
      ok: 200,
      call: async (teamId, cookie) =>
        t.call(`/api/teams/${teamId}/vehicles/${teamId === w.teamId ? (await addVehicle(w)).id : UNKNOWN}`, { cookie, method: "PATCH", body: { name: "Renamed" } }),
    },
    {
      name: "DELETE vehicle",
      ok: 204,
      call: async (teamId, cookie) => t.call(`/api/teams/${teamId}/vehicles/${teamId === w.teamId ? (await addVehicle(w)).id : UNKNOWN}`, { cookie, method: "DELETE" }),
    },
    { name: "GET fleet-settings", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/fleet-settings`, { cookie }) },
    {
      name: "PUT fleet-settings",
      ok: 200,
      call: (teamId, cookie) => t.call(`/api/teams/${teamId}/fleet-settings`, { cookie, method: "PUT", body: { capacityDimensions: ["kg"], timeZone: "Europe/Paris" } }),
    },
    { name: "GET drivers", ok: 200, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/drivers`, { cookie }) },
    { name: "GET driver (the driver's own row)", ok: 200, driverOk: true, call: (teamId, cookie) => t.call(`/api/teams/${teamId}/drivers/${w.people.driver.userId}`, { cookie }) },
    {
      name: "PUT driver",
      ok: 200,
      call: (teamId, cookie) => t.call(`/api/teams/${teamId}/drivers/${w.people.driver.userId}`, { cookie, method: "PUT", body: { phone: "+44 7700 900123" } }),
    },
  ];

  it.each(endpoints)("$name: managers yes, driver/member 403, outsider 404, non-fleet team 403, signed out 401", async (endpoint) => {
    const got = {} as Record<Who, number>;
    const messages = {} as Partial<Record<Who, string>>;
    for (const who of everyone) {
      // The non-fleet team's own people call their own team; everyone else calls the fleet team.
      const teamId = who === "plainOwner" || who === "plainManager" ? w.plainTeamId : w.teamId;
      const res = await endpoint.call(teamId, cookieOf(w, who));
      got[who] = res.status;
      if (res.status === 403) messages[who] = (await errorOf(res)).message;
    }
    expect(got).toEqual({
      owner: endpoint.ok,
      admin: endpoint.ok,
      manager: endpoint.ok,
      driver: endpoint.driverOk ? endpoint.ok : 403,
      member: 403,
      outsider: 404,
      plainOwner: 403,
      plainManager: 403,
      anon: 401,
    });
    if (!endpoint.driverOk) expect(messages.driver).toBe(fleetMessages.notManager);
    expect(messages.member).toBe(fleetMessages.notManager);
    expect(messages.plainOwner).toBe(fleetMessages.noFleetAccess);
    expect(messages.plainManager).toBe(fleetMessages.noFleetAccess);
  });

  it("a driver reads only their own row: another driver's is 403, a user who is not a driver is 404 for managers", async () => {
    const second = await account(t, "driver-two");
    await addMember(t, w.teamId, second, "driver");
    const other = await t.call(`/api/teams/${w.teamId}/drivers/${second.userId}`, { cookie: w.people.driver.cookie });
    expect(other.status).toBe(403);
    expect((await t.call(`/api/teams/${w.teamId}/drivers/${w.people.member.userId}`, { cookie: w.people.manager.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/${w.teamId}/drivers/${w.people.outsider.userId}`, { cookie: w.people.manager.cookie })).status).toBe(404);
    const put = await t.call(`/api/teams/${w.teamId}/drivers/${w.people.member.userId}`, { cookie: w.people.owner.cookie, method: "PUT", body: {} });
    expect(put.status).toBe(404);
  });

  it("GET /api/me reports fleet access and the fleet roles of each kind of member", async () => {
    const me = async (who: Exclude<Who, "anon">) => json<Me>(t.call("/api/me", { cookie: w.people[who].cookie }));
    expect(await me("owner")).toMatchObject({ access: { fleet: true }, fleetRoles: ["manager"] });
    expect(await me("admin")).toMatchObject({ access: { fleet: true }, fleetRoles: ["manager"] });
    expect(await me("manager")).toMatchObject({ access: { fleet: true }, fleetRoles: ["manager"] });
    expect(await me("driver")).toMatchObject({ access: { fleet: true }, fleetRoles: ["driver"] });
    expect((await me("member")).access.fleet).toBe(true);
    expect((await me("outsider")).access.fleet).toBe(false);
    expect((await me("plainManager")).access.fleet).toBe(false);
    expect((await me("plainOwner")).access.fleet).toBe(false);
  });
});

describe("vehicles", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it("creates (201), lists, reads, changes some fields and archives a vehicle", async () => {
    const created = await addVehicle(w);
    expect(created).toMatchObject({ ...van, teamId: w.teamId, maxStops: null, fixedCostPence: 0, costPerHourPence: 0 });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await json<{ vehicles: Vehicle[] }>(t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: w.people.manager.cookie }));
    expect(list.vehicles.map((v) => v.id)).toEqual([created.id]);
    expect(await json(t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, { cookie: w.people.admin.cookie }))).toEqual(created);

    const patched = await t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, {
      cookie: w.people.manager.cookie,
      method: "PATCH",
      body: { name: "Fridge van", end: { lat: 51.6, lng: -0.1 }, maxStops: 40 },
    });
    expect(patched.status).toBe(200);
    const after = await json<Vehicle>(patched);
    // Fields not named keep their values, the encrypted ones included.
    expect(after).toMatchObject({ ...van, name: "Fridge van", end: { lat: 51.6, lng: -0.1 }, maxStops: 40 });

    const cleared = await json<Vehicle>(t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, { cookie: w.people.manager.cookie, method: "PATCH", body: { vin: "", plate: "" } }));
    expect(cleared.vin).toBeUndefined();
    expect(cleared.plate).toBeUndefined();
    expect(cleared.insurancePolicy).toBe(van.insurancePolicy);

    expect((await t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, { cookie: w.people.owner.cookie, method: "DELETE" })).status).toBe(204);
    const afterArchive = await json<{ vehicles: Vehicle[] }>(t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: w.people.owner.cookie }));
    expect(afterArchive.vehicles).toEqual([]);
    expect((await t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, { cookie: w.people.owner.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, { cookie: w.people.owner.cookie, method: "DELETE" })).status).toBe(404);
    // Archived, not deleted: plans made with it still find it.
    const [row] = await t.deps.db.select().from(vehicles).where(eq(vehicles.id, created.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
  });

  it("a minimal vehicle gets the defaults (van, no capacity limit, open routes allowed)", async () => {
    const v = await addVehicle(w, { name: "Bike", profile: "bicycle", shift: { start: "09:00", end: "12:00" }, start: null, end: null });
    expect(v).toMatchObject({ profile: "bicycle", capacity: [], skills: [], breaks: [], start: null, end: null });
    expect(v.vin).toBeUndefined();
  });

  it("stores VIN and insurance policy encrypted: the raw row holds no plaintext", async () => {
    const v = await addVehicle(w);
    const [row] = await t.deps.db.select({ vin: vehicles.vin, insurance: vehicles.insurancePolicy }).from(vehicles).where(eq(vehicles.id, v.id));
    for (const stored of [row!.vin!, row!.insurance!]) {
      expect(stored).not.toContain(van.vin);
      expect(stored).not.toContain(van.insurancePolicy);
      expect(JSON.parse(stored)).toMatchObject({ keyVersion: 1, data: expect.any(String), salt: expect.any(String) });
    }
    expect(Buffer.from(JSON.parse(row!.vin!).data, "base64").toString("latin1")).not.toContain(van.vin);
  });

  it("400 names each bad field: shift, too many dimensions, capacity per dimension, latitude, unknown field", async () => {
    const post = (body: unknown) => t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: w.people.owner.cookie, body });
    const shift = await errorOf(await post({ ...van, shift: { start: "17:00", end: "08:00" } }));
    expect(shift).toMatchObject({ status: 400, fields: { "shift.end": fleetMessages.shiftOrder } });
    expect((await errorOf(await post({ ...van, shift: { start: "8am", end: "17:00" } }))).fields["shift.start"]).toBe(fleetMessages.time);
    expect((await errorOf(await post({ ...van, capacity: [1, 2, 3, 4] }))).fields.capacity).toBe(fleetMessages.tooManyDimensions);
    // The team has one dimension ("units") until its settings say otherwise.
    const perDimension = await errorOf(await post({ ...van, capacity: [1, 2] }));
    expect(perDimension).toMatchObject({ status: 400, fields: { capacity: fleetMessages.demandDimensions(1) } });
    expect((await errorOf(await post({ ...van, start: { lat: 91, lng: 0 } }))).fields["start.lat"]).toBe(fleetMessages.latitude);
    expect((await errorOf(await post({ ...van, name: "" }))).fields.name).toBe(fleetMessages.vehicleName);
    expect((await post({ ...van, colour: "red" })).status).toBe(400);
    expect((await post({ ...van, profile: "rocket" })).status).toBe(400);
    const list = await json<{ vehicles: Vehicle[] }>(t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: w.people.owner.cookie }));
    expect(list.vehicles.every((v) => v.name !== "" && v.capacity.length <= 1)).toBe(true);
  });

  it("PATCH validates the vehicle as a whole and changes nothing on a 400", async () => {
    const v = await addVehicle(w);
    const patch = (body: unknown) => t.call(`/api/teams/${w.teamId}/vehicles/${v.id}`, { cookie: w.people.owner.cookie, method: "PATCH", body });
    // Only the end moves, before the stored start.
    expect(await errorOf(await patch({ shift: { start: "08:00", end: "07:00" } }))).toMatchObject({ status: 400, fields: { "shift.end": fleetMessages.shiftOrder } });
    expect((await errorOf(await patch({ capacity: [5, 5] }))).fields.capacity).toBe(fleetMessages.demandDimensions(1));
    expect((await errorOf(await patch({ end: { lat: 0, lng: 200 } }))).fields["end.lng"]).toBe(fleetMessages.longitude);
    expect(await json(t.call(`/api/teams/${w.teamId}/vehicles/${v.id}`, { cookie: w.people.owner.cookie }))).toEqual(v);
  });

  it("404 for an unknown or malformed vehicle id, and for another team's vehicle", async () => {
    const other = await world();
    const theirs = await addVehicle(other);
    for (const id of [UNKNOWN, "not-a-uuid", theirs.id]) {
      expect((await t.call(`/api/teams/${w.teamId}/vehicles/${id}`, { cookie: w.people.owner.cookie })).status).toBe(404);
      expect((await t.call(`/api/teams/${w.teamId}/vehicles/${id}`, { cookie: w.people.owner.cookie, method: "PATCH", body: { name: "x" } })).status).toBe(404);
      expect((await t.call(`/api/teams/${w.teamId}/vehicles/${id}`, { cookie: w.people.owner.cookie, method: "DELETE" })).status).toBe(404);
    }
    expect((await t.call(`/api/teams/${UNKNOWN}/vehicles`, { cookie: w.people.owner.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/not-a-team/vehicles`, { cookie: w.people.owner.cookie })).status).toBe(404);
  });
});

describe("multi-trip vehicles (issue 26)", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  const post = (body: unknown, who: Who = "owner") => t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: cookieOf(w, who), body });
  const patch = (id: string, body: unknown, who: Who = "owner", teamId = w.teamId) => t.call(`/api/teams/${teamId}/vehicles/${id}`, { cookie: cookieOf(w, who), method: "PATCH", body });

  it("stores how many trips a vehicle makes and its reload time; a vehicle says nothing of them: one trip, no reload", async () => {
    const created = await addVehicle(w, { ...van, maxTrips: 3, reloadMinutes: 20 });
    expect(created).toMatchObject({ maxTrips: 3, reloadMinutes: 20 });
    const [row] = await t.deps.db.select({ maxTrips: vehicles.maxTrips, reloadMinutes: vehicles.reloadMinutes }).from(vehicles).where(eq(vehicles.id, created.id));
    expect(row).toEqual({ maxTrips: 3, reloadMinutes: 20 });
    expect(await json(t.call(`/api/teams/${w.teamId}/vehicles/${created.id}`, { cookie: w.people.manager.cookie }))).toMatchObject({ maxTrips: 3, reloadMinutes: 20 });

    const plain = await addVehicle(w, { name: "Bike", profile: "bicycle", shift: { start: "09:00", end: "12:00" }, start: null, end: null });
    expect(plain).toMatchObject({ maxTrips: 1, reloadMinutes: 0 });

    // PATCH changes only what it names; back to one trip keeps the depot rule out of the way.
    const more = await json<Vehicle>(patch(created.id, { maxTrips: 5 }));
    expect(more).toMatchObject({ maxTrips: 5, reloadMinutes: 20, name: van.name });
    const once = await json<Vehicle>(patch(created.id, { maxTrips: 1, reloadMinutes: 0, start: null }));
    expect(once).toMatchObject({ maxTrips: 1, reloadMinutes: 0, start: null });
    const list = await json<{ vehicles: Vehicle[] }>(t.call(`/api/teams/${w.teamId}/vehicles`, { cookie: w.people.owner.cookie }));
    expect(list.vehicles.find((v) => v.id === created.id)).toMatchObject({ maxTrips: 1, reloadMinutes: 0 });
  });

  it("400 with the field's message for trips outside 1–10 or not whole, a reload time outside 0–240, and a vehicle that reloads without a start depot", async () => {
    for (const maxTrips of [0, 11, 1.5, "3", null]) {
      expect(await errorOf(await post({ ...van, maxTrips })), String(maxTrips)).toMatchObject({ status: 400, fields: { maxTrips: fleetMessages.maxTrips } });
    }
    for (const reloadMinutes of [-1, 241, 2.5, "10"]) {
      expect(await errorOf(await post({ ...van, maxTrips: 2, reloadMinutes })), String(reloadMinutes)).toMatchObject({ status: 400, fields: { reloadMinutes: fleetMessages.reloadMinutes } });
    }
    expect(await errorOf(await post({ ...van, maxTrips: 2, start: null }))).toMatchObject({ status: 400, message: fleetMessages.reloadNeedsDepot, fields: { start: fleetMessages.reloadNeedsDepot } });

    // PATCH checks the merged vehicle: a multi-trip van cannot lose its depot, nor go past 10 trips; nothing changes on a 400.
    const v = await addVehicle(w, { ...van, maxTrips: 2, reloadMinutes: 15 });
    expect(await errorOf(await patch(v.id, { start: null }))).toMatchObject({ status: 400, fields: { start: fleetMessages.reloadNeedsDepot } });
    expect(await errorOf(await patch(v.id, { maxTrips: 11 }))).toMatchObject({ status: 400, fields: { maxTrips: fleetMessages.maxTrips } });
    expect(await errorOf(await patch(v.id, { reloadMinutes: 300 }))).toMatchObject({ status: 400, fields: { reloadMinutes: fleetMessages.reloadMinutes } });
    expect(await json(t.call(`/api/teams/${w.teamId}/vehicles/${v.id}`, { cookie: w.people.owner.cookie }))).toEqual(v);
  });

  it("the database refuses what the API would: trips 1–10 and reloads 0–240 minutes are checks on the table", async () => {
    const v = await addVehicle(w, { ...van, maxTrips: 2 });
    await expect(t.deps.db.update(vehicles).set({ maxTrips: 11 }).where(eq(vehicles.id, v.id))).rejects.toThrow();
    await expect(t.deps.db.update(vehicles).set({ reloadMinutes: 241 }).where(eq(vehicles.id, v.id))).rejects.toThrow();
    await expect(t.deps.db.update(vehicles).set({ maxTrips: 0 }).where(eq(vehicles.id, v.id))).rejects.toThrow();
  });

  it("401 signed out, 403 for a driver or a member, 404 for another team's vehicle", async () => {
    const v = await addVehicle(w, { ...van, maxTrips: 2 });
    expect((await post({ ...van, maxTrips: 3 }, "anon")).status).toBe(401);
    expect((await patch(v.id, { maxTrips: 3 }, "anon")).status).toBe(401);
    expect((await patch(v.id, { maxTrips: 3 }, "driver")).status).toBe(403);
    expect((await post({ ...van, maxTrips: 3 }, "member")).status).toBe(403);
    const other = await world();
    const theirs = await addVehicle(other, { ...van, maxTrips: 2 });
    expect((await patch(theirs.id, { maxTrips: 3 })).status).toBe(404);
    expect(await json(t.call(`/api/teams/${other.teamId}/vehicles/${theirs.id}`, { cookie: other.people.owner.cookie }))).toMatchObject({ maxTrips: 2 });
    expect(await json(t.call(`/api/teams/${w.teamId}/vehicles/${v.id}`, { cookie: w.people.owner.cookie }))).toMatchObject({ maxTrips: 2 });
  });
});

describe("fleet settings", () => {
  it("default to one dimension and the owner's time zone (else Europe/London); save 1–3 dimensions; capacities follow", async () => {
    const w = await world();
    const url = `/api/teams/${w.teamId}/fleet-settings`;
    const cookie = w.people.manager.cookie;
    expect(await json<FleetSettings>(t.call(url, { cookie }))).toEqual({ capacityDimensions: ["units"], timeZone: "Europe/London" });
    await t.deps.db.insert(userPreferences).values({ userId: w.people.owner.userId, preferences: { timezone: "America/New_York" } });
    expect((await json<FleetSettings>(t.call(url, { cookie }))).timeZone).toBe("America/New_York");

    const put = (body: unknown) => t.call(url, { cookie, method: "PUT", body });
    const saved = await put({ capacityDimensions: ["kg", "crates", "m³"], timeZone: "Europe/Berlin" });
    expect(saved.status).toBe(200);
    expect(await json(t.call(url, { cookie }))).toEqual({ capacityDimensions: ["kg", "crates", "m³"], timeZone: "Europe/Berlin" });

    const truck = await addVehicle(w, { ...van, capacity: [1000, 40, 12] });
    expect(truck.capacity).toEqual([1000, 40, 12]);
    expect((await errorOf(await t.call(`/api/teams/${w.teamId}/vehicles`, { cookie, body: { ...van, capacity: [1] } }))).fields.capacity).toBe(fleetMessages.demandDimensions(3));

    // Renaming is fine; changing how many there are is refused while a vehicle has capacities for the current ones.
    expect((await put({ capacityDimensions: ["kg", "boxes", "m³"], timeZone: "Europe/Berlin" })).status).toBe(200);
    const conflict = await errorOf(await put({ capacityDimensions: ["kg"], timeZone: "Europe/Berlin" }));
    expect(conflict).toMatchObject({ status: 409, message: fleetMessages.dimensionsInUse(1) });
    await t.call(`/api/teams/${w.teamId}/vehicles/${truck.id}`, { cookie, method: "DELETE" });
    expect((await put({ capacityDimensions: ["kg"], timeZone: "Europe/Berlin" })).status).toBe(200);
  });

  it("400 for too many or unnamed dimensions and an unknown time zone", async () => {
    const w = await world();
    const put = async (body: unknown) => errorOf(await t.call(`/api/teams/${w.teamId}/fleet-settings`, { cookie: w.people.owner.cookie, method: "PUT", body }));
    expect((await put({ capacityDimensions: ["a", "b", "c", "d"], timeZone: "UTC" })).fields.capacityDimensions).toBe(fleetMessages.tooManyDimensions);
    expect((await put({ capacityDimensions: [], timeZone: "UTC" })).fields.capacityDimensions).toBe(fleetMessages.dimensionsRequired);
    expect((await put({ capacityDimensions: [" "], timeZone: "UTC" })).fields["capacityDimensions.0"]).toBe(fleetMessages.dimensionName);
    expect((await put({ capacityDimensions: ["kg"], timeZone: "Mars/Olympus" })).fields.timeZone).toBe(fleetMessages.timeZone);
    expect(await json(t.call(`/api/teams/${w.teamId}/fleet-settings`, { cookie: w.people.owner.cookie }))).toMatchObject({ capacityDimensions: ["units"] });
  });
});

describe("drivers", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it("lists the team's drivers with defaults, saves details (encrypted at rest) and lets the driver read their own", async () => {
    const list = await json<{ drivers: Driver[] }>(t.call(`/api/teams/${w.teamId}/drivers`, { cookie: w.people.manager.cookie }));
    expect(list.drivers).toEqual([
      { userId: w.people.driver.userId, email: w.people.driver.email, name: "Dana driver", defaultVehicleId: null, skills: [], workingDays: ["mon", "tue", "wed", "thu", "fri"] },
    ]);

    const vehicle = await addVehicle(w);
    const details = { phone: "+44 7700 900123", licenceNumber: "MORGA753116SM9IJ", defaultVehicleId: vehicle.id, skills: ["fridge"], workingDays: ["mon", "sat"] };
    const res = await t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { cookie: w.people.manager.cookie, method: "PUT", body: details });
    expect(res.status).toBe(200);
    const saved = await json<Driver>(res);
    expect(saved).toEqual({ userId: w.people.driver.userId, email: w.people.driver.email, name: "Dana driver", ...details });

    const [row] = await t.deps.db.select().from(fleetDrivers).where(eq(fleetDrivers.userId, w.people.driver.userId));
    for (const stored of [row!.phone!, row!.licenceNumber!]) {
      expect(stored).not.toContain("7700");
      expect(stored).not.toContain("MORGA");
      expect(JSON.parse(stored)).toMatchObject({ keyVersion: 1 });
    }

    expect(await json(t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { cookie: w.people.driver.cookie }))).toEqual(saved);
    expect((await json<{ drivers: Driver[] }>(t.call(`/api/teams/${w.teamId}/drivers`, { cookie: w.people.owner.cookie }))).drivers).toEqual([saved]);

    // Saving again replaces the details: what is left out is cleared.
    const again = await json<Driver>(t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { cookie: w.people.admin.cookie, method: "PUT", body: { defaultVehicleId: vehicle.id } }));
    expect(again).toEqual({ userId: w.people.driver.userId, email: w.people.driver.email, name: "Dana driver", defaultVehicleId: vehicle.id, skills: [], workingDays: ["mon", "tue", "wed", "thu", "fri"] });

    // Archiving the default vehicle leaves the driver without one.
    await t.call(`/api/teams/${w.teamId}/vehicles/${vehicle.id}`, { cookie: w.people.owner.cookie, method: "DELETE" });
    expect((await json<Driver>(t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { cookie: w.people.owner.cookie }))).defaultVehicleId).toBeNull();
  });

  it("400 for a default vehicle that is not the team's, a bad weekday or an unknown field; nothing saved", async () => {
    const other = await world();
    const theirs = await addVehicle(other);
    const archived = await addVehicle(w);
    await t.call(`/api/teams/${w.teamId}/vehicles/${archived.id}`, { cookie: w.people.owner.cookie, method: "DELETE" });
    const put = async (body: unknown) => errorOf(await t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { cookie: w.people.owner.cookie, method: "PUT", body }));
    for (const id of [theirs.id, archived.id, "not-a-uuid", UNKNOWN]) {
      expect(await put({ defaultVehicleId: id, phone: "123" })).toMatchObject({ status: 400, fields: { defaultVehicleId: fleetMessages.unknownVehicle } });
    }
    expect((await put({ workingDays: ["funday"] })).status).toBe(400);
    expect((await put({ email: "x@example.com" })).status).toBe(400);
    const me = await json<Driver>(t.call(`/api/teams/${w.teamId}/drivers/${w.people.driver.userId}`, { cookie: w.people.driver.cookie }));
    expect(me.phone).not.toBe("123");
  });
});

describe("OpenAPI", () => {
  it("documents every vehicles, drivers and fleet-settings endpoint with its access errors", async () => {
    const doc = await json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(t.call("/api/openapi.json"));
    const expected: [string, string][] = [
      ["/api/teams/{teamId}/vehicles", "get"],
      ["/api/teams/{teamId}/vehicles", "post"],
      ["/api/teams/{teamId}/vehicles/{vehicleId}", "get"],
      ["/api/teams/{teamId}/vehicles/{vehicleId}", "patch"],
      ["/api/teams/{teamId}/vehicles/{vehicleId}", "delete"],
      ["/api/teams/{teamId}/fleet-settings", "get"],
      ["/api/teams/{teamId}/fleet-settings", "put"],
      ["/api/teams/{teamId}/drivers", "get"],
      ["/api/teams/{teamId}/drivers/{userId}", "get"],
      ["/api/teams/{teamId}/drivers/{userId}", "put"],
    ];
    for (const [p, method] of expected) expect(Object.keys(doc.paths[p]?.[method]?.responses ?? {}), `${method} ${p}`).toEqual(expect.arrayContaining(["401", "403", "404"]));
  });
});
