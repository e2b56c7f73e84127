import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { DEFAULT_FLEET_TIME_ZONE, localDate, type OrderInput, type Vehicle } from "@routepilot/contracts";
import { DEPOT, scatteredOrders } from "./fleet-fixtures";
import { waitForPlans } from "../modules/fleet/plans";
import { routeStops } from "@routepilot/db";
import { BASE, createTestApp, type TestApp } from "./harness";
import { stopContact } from "../modules/security/contacts";
import { account, addMember, createTeam, json, setTier, type Account } from "./team-fixtures";

/**
 * Test world of the driver app and live operations: a fleet_pro team with every role and two
 * drivers, each with a dispatched route of today; and a second fleet team with its own driver
 * and manager (the "other team" of the 404 checks).
 */
export const today = () => localDate(Date.now(), DEFAULT_FLEET_TIME_ZONE);

export type LiveRole = "owner" | "admin" | "manager" | "driver" | "driver2" | "member" | "outsider" | "otherDriver" | "otherManager";

export interface LiveWorld {
  teamId: string;
  otherTeamId: string;
  people: Record<LiveRole, Account>;
  /** Route of `driver` and of `driver2`, and of the other team's driver. */
  routeId: string;
  route2Id: string;
  otherRouteId: string;
  planId: string;
}

async function addVan(t: TestApp, teamId: string, owner: Account, name: string): Promise<Vehicle> {
  const res = await t.call(`/api/teams/${teamId}/vehicles`, {
    cookie: owner.cookie,
    body: { name, profile: "van", capacity: [200], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT },
  });
  expect(res.status).toBe(201);
  return json<Vehicle>(res);
}

/** Plans `orders` on the vans and dispatches them to the drivers (one van each) → route id per driver. */
export async function dispatchDay(
  t: TestApp,
  teamId: string,
  owner: Account,
  assignments: { van: Vehicle; driver: Account }[],
  orders: OrderInput[],
  settings: Record<string, unknown> = {},
): Promise<{ planId: string; routeOf: (driver: Account) => string }> {
  const created = await t.call(`/api/teams/${teamId}/plans`, {
    cookie: owner.cookie,
    body: { date: today(), objective: "balance", vehicleIds: assignments.map((a) => a.van.id), orders, settings: { timeLimitSeconds: 1, ...settings } },
  });
  expect(created.status, await created.clone().text()).toBe(202);
  const { id } = await json<{ id: string }>(created);
  await waitForPlans();
  const res = await t.call(`/api/teams/${teamId}/plans/${id}/dispatch`, {
    cookie: owner.cookie,
    body: { assignments: assignments.map((a) => ({ vehicleId: a.van.id, driverUserId: a.driver.userId })), dispatchAnyway: true },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const out = await json<{ routes: { routeId: string; driverUserId: string }[] }>(res);
  return {
    planId: id,
    routeOf: (driver) => {
      const found = out.routes.find((r) => r.driverUserId === driver.userId);
      if (!found) throw new Error(`no route for ${driver.email}`);
      return found.routeId;
    },
  };
}

/** Orders without time windows, so every stop is planned whatever the time of day. */
export const plainOrders = (n: number, seed = 7): OrderInput[] =>
  scatteredOrders(n, seed).map(({ id: _id, ...o }) => ({ ...o, timeWindows: [], demand: [1], contact: { name: `Customer ${o.label}`, email: `c-${o.label.replace(/\W/g, "")}@example.com` } }));

export async function liveWorld(t: TestApp, label: string, options: { stops?: number; settings?: Record<string, unknown> } = {}): Promise<LiveWorld> {
  const owner = await account(t, `${label}-owner`, "Olive Owner");
  await setTier(t, owner.userId, "fleet_pro");
  const teamId = await createTeam(t, owner, "Live Co");
  const people = { owner } as Record<LiveRole, Account>;
  for (const role of ["admin", "manager", "driver", "driver2", "member"] as const) {
    people[role] = await account(t, `${label}-${role}`, role === "driver" ? "Dave Driver" : role === "driver2" ? "Dora Second" : `Dana ${role}`);
    await addMember(t, teamId, people[role], role === "driver2" ? "driver" : role);
  }
  people.outsider = await account(t, `${label}-outsider`);
  const otherOwner = await account(t, `${label}-other-owner`);
  await setTier(t, otherOwner.userId, "fleet_pro");
  const otherTeamId = await createTeam(t, otherOwner, "Other Fleet");
  people.otherDriver = await account(t, `${label}-other-driver`);
  await addMember(t, otherTeamId, people.otherDriver, "driver");
  people.otherManager = await account(t, `${label}-other-manager`);
  await addMember(t, otherTeamId, people.otherManager, "manager");

  const vanA = await addVan(t, teamId, owner, "Van A");
  const vanB = await addVan(t, teamId, owner, "Van B");
  const n = options.stops ?? 6;
  const day = await dispatchDay(
    t,
    teamId,
    owner,
    [
      { van: vanA, driver: people.driver },
      { van: vanB, driver: people.driver2 },
    ],
    plainOrders(n),
    { ...options.settings },
  );
  const otherVan = await addVan(t, otherTeamId, otherOwner, "Other Van");
  const other = await dispatchDay(t, otherTeamId, otherOwner, [{ van: otherVan, driver: people.otherDriver }], plainOrders(2, 9));
  return { teamId, otherTeamId, people, routeId: day.routeOf(people.driver), route2Id: day.routeOf(people.driver2), otherRouteId: other.routeOf(people.otherDriver), planId: day.planId };
}

/** A multipart POST like a browser's (Origin and cookie set). */
export function postForm(t: TestApp, path: string, form: FormData, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: BASE };
  if (cookie) headers.cookie = cookie;
  return Promise.resolve(t.app.request(`${BASE}${path}`, { method: "POST", headers, body: form }));
}

const u32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type, "latin1"), data, u32(0)]);

/** A minimal PNG (1×1) with optional extra chunks before its image data. */
export function pngBytes(extra: { type: string; data: Buffer }[] = []): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...extra.map((c) => chunk(c.type, c.data)),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0, 1, 0, 0, 5, 0, 1])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A minimal JPEG with optional COM/APP segments (marker, text), padded to `size` bytes of image data. */
export function jpegBytes(segments: { marker: number; text: string }[] = [], size = 0): Buffer {
  const seg = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 255]), data]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), seg(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1")), ...segments.map((s) => seg(s.marker, Buffer.from(s.text, "latin1")))]);
  const sos = seg(0xda, Buffer.from([1, 1, 0, 0, 63, 0]));
  const body = Buffer.alloc(Math.max(16, size - head.length - sos.length - 2), 0x55);
  return Buffer.concat([head, sos, body, Buffer.from([0xff, 0xd9])]);
}

export const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** A test app with a live world for one test file (closed after it): `suite.t`, `suite.w`. */
export function liveSuite(label: string, options: { stops?: number } = {}): { t: TestApp; w: LiveWorld } {
  const suite = {} as { t: TestApp; w: LiveWorld };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.w = await liveWorld(suite.t, label, options);
  }, 60_000);
  afterAll(async () => {
    await waitForPlans();
    await suite.t.close();
  });
  return suite;
}

export const UNKNOWN_ID = "6f1d2f4e-1111-4222-8333-944455556666";
/** A route's stops in sequence order, as stored. */
/** A route's stored stops, their sealed customer contact opened into `contact` (decision 011). */
export const storedStops = async (t: TestApp, routeId: string) =>
  (await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(routeStops.sequence)).map((s) => ({ ...s, contact: stopContact(t.deps.encryption, s, t.deps.logger) }));
/** An error response's status, message and fields. */
export const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error });
