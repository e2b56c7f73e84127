import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { driverMessages, liveMessageTypes, liveTopic, type DriverRoute, type DriverStop } from "@routepilot/contracts";
import { driverPositions, plans, routes, stopEvents, stopProofs, storageObjects, teamNotifications } from "@routepilot/db";
import { json, recordRealtime } from "../../../test/team-fixtures";
import { file, jpegBytes, liveWorld, pngBytes, postForm, today, errorOf, liveSuite, storedStops, UNKNOWN_ID, type LiveRole } from "../../../test/live-fixtures";

const suite = liveSuite("drv", { stops: 16 });
const UNKNOWN = UNKNOWN_ID;
const cookie = (who: LiveRole) => suite.w.people[who].cookie;
const routesOf = async (who: LiveRole) => (await json<{ routes: DriverRoute[] }>(suite.t.call(`/api/driver/routes?date=${today()}`, { cookie: cookie(who) }))).routes;
const stopsOf = (routeId: string) => storedStops(suite.t, routeId);
let n = 0;
const clientId = () => `evt-${Date.now().toString(36)}-${++n}`;
const event = (stopId: string, body: Record<string, unknown>, who: LiveRole = "driver") => suite.t.call(`/api/driver/stops/${stopId}/events`, { cookie: cookie(who), body: { clientEventId: clientId(), at: new Date().toISOString(), ...body } });

describe("GET /api/driver/routes", () => {
  it("answers the driver's own routes of the day with stops, planned instants and tracking data kept private", async () => {
    const mine = await routesOf("driver");
    expect(mine.map((r) => r.id)).toEqual([suite.w.routeId]);
    const route = mine[0]!;
    expect(route).toMatchObject({ status: "planned", proofRequired: false, team: { id: suite.w.teamId, name: "Live Co" }, vehicle: { name: "Van A" } });
    expect(route.stops.length).toBeGreaterThan(0);
    const first = route.stops[0]!;
    expect(first).toMatchObject({ sequence: 1, status: "pending", kind: "delivery", proof: [] });
    // The stop keeps the id of the plan order it came from.
    const [{ planId }] = (await suite.t.deps.db.select({ planId: routes.planId }).from(routes).where(eq(routes.id, suite.w.routeId))) as [{ planId: string }];
    const [plan] = await suite.t.deps.db.select({ orders: plans.orders }).from(plans).where(eq(plans.id, planId));
    expect(first.orderId).toBe(plan!.orders.find((o) => o.label === first.label)?.id);
    expect(first.contact?.name).toMatch(/^Customer /);
    expect(Date.parse(first.plannedArrival)).toBeLessThanOrEqual(Date.parse(first.plannedDeparture));
    expect(JSON.stringify(route)).not.toMatch(/tracking|@example\.com/);
    expect((await routesOf("driver2")).map((r) => r.id)).toEqual([suite.w.route2Id]);
    expect(await routesOf("manager")).toEqual([]);
    expect(await routesOf("otherDriver")).toHaveLength(1);
    const other = await json<{ routes: DriverRoute[] }>(suite.t.call(`/api/driver/routes?date=2001-01-01`, { cookie: cookie("driver") }));
    expect(other.routes).toEqual([]);
  });

  it("dispatch gave each stop an order, a kind, a contact and a 128-bit tracking token valid 7 days", async () => {
    for (const s of await stopsOf(suite.w.routeId)) {
      expect(s.trackingToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      const days = (s.trackingExpiresAt!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      expect(s.contact?.email).toMatch(/@example\.com$/);
    }
  });

  it("401 signed out, 400 on a bad date", async () => {
    expect((await suite.t.call(`/api/driver/routes?date=${today()}`)).status).toBe(401);
    const bad = await suite.t.call(`/api/driver/routes?date=tomorrow`, { cookie: cookie("driver") });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/driver/routes/next", () => {
  const next = (who: LiveRole | undefined, from?: string) => suite.t.call(`/api/driver/routes/next${from ? `?from=${from}` : ""}`, { cookie: who ? cookie(who) : undefined });
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it("answers the first day from the driver's today on with a route of theirs, with that day's routes", async () => {
    // From three days before: the route dispatched for today is the next one.
    const ahead = await json<{ date: string | null; routes: DriverRoute[] }>(next("driver", shift(today(), -3)));
    expect(ahead.date).toBe(today());
    expect(ahead.routes.map((r) => r.id)).toEqual([suite.w.routeId]);
    // Without `from`: the server's today, which has it.
    expect((await json<{ date: string | null }>(next("driver"))).date).toBe(today());
    // Each driver sees only their own.
    expect((await json<{ routes: DriverRoute[] }>(next("driver2", shift(today(), -1)))).routes.map((r) => r.id)).toEqual([suite.w.route2Id]);
  });

  it("none from after the last dispatched day, or for someone with no route: date null", async () => {
    expect(await json(next("driver", shift(today(), 1)))).toEqual({ date: null, routes: [] });
    expect(await json(next("manager", shift(today(), -3)))).toEqual({ date: null, routes: [] });
  });

  it("401 signed out, 400 on a bad date", async () => {
    expect((await next(undefined)).status).toBe(401);
    expect((await next("driver", "monday")).status).toBe(400);
  });
});

describe("POST /api/driver/stops/{stopId}/events", () => {
  it("only the route's driver may write a stop: anyone else 404, signed out 401, unknown 404", async () => {
    const [stop] = await stopsOf(suite.w.routeId);
    for (const who of ["driver2", "otherDriver", "owner", "manager", "otherManager", "outsider", "member"] as const) {
      const res = await event(stop!.id, { type: "arrived" }, who);
      expect(await errorOf(res), who).toMatchObject({ status: 404, message: driverMessages.notYourStop });
    }
    expect((await suite.t.call(`/api/driver/stops/${stop!.id}/events`, { body: { clientEventId: clientId(), type: "arrived", at: new Date().toISOString() } })).status).toBe(401);
    expect((await event(UNKNOWN, { type: "arrived" })).status).toBe(404);
    expect((await event("not-a-uuid", { type: "arrived" })).status).toBe(404);
    expect(await suite.t.deps.db.select().from(stopEvents).where(eq(stopEvents.routeStopId, stop!.id))).toEqual([]);
  });

  it("400 with the contract's messages", async () => {
    const [stop] = await stopsOf(suite.w.routeId);
    expect(await errorOf(await event(stop!.id, { type: "failed" }))).toMatchObject({ status: 400, fields: { reason: driverMessages.reasonRequired } });
    expect(await errorOf(await event(stop!.id, { type: "arrived", clientEventId: "x" }))).toMatchObject({ status: 400, fields: { clientEventId: driverMessages.clientEventId } });
    expect(await errorOf(await event(stop!.id, { type: "arrived", at: "yesterday" }))).toMatchObject({ status: 400, fields: { at: driverMessages.eventAt } });
  });

  it("arrived then done: the stop and route move on, managers hear stop_status, a replay changes nothing", async () => {
    const rec = recordRealtime(suite.t);
    const stops = await stopsOf(suite.w.route2Id);
    const stop = stops[0]!;
    const arrivedAt = new Date(Date.now() - 60_000).toISOString();
    const a = await event(stop.id, { type: "arrived", at: arrivedAt }, "driver2");
    expect(a.status).toBe(200);
    expect(await json(a)).toMatchObject({ replayed: false, stop: { status: "arrived", arrivedAt } });
    const [route] = await suite.t.deps.db.select().from(routes).where(eq(routes.id, suite.w.route2Id));
    expect(route).toMatchObject({ status: "in_progress", startedAt: new Date(arrivedAt) });
    const doneBody = { clientEventId: clientId(), type: "done", at: new Date().toISOString(), note: "Left with neighbour" };
    const done = await suite.t.call(`/api/driver/stops/${stop.id}/events`, { cookie: cookie("driver2"), body: doneBody });
    expect(await json<{ stop: DriverStop }>(done)).toMatchObject({ replayed: false, stop: { status: "done", note: "Left with neighbour" } });
    const replay = await suite.t.call(`/api/driver/stops/${stop.id}/events`, { cookie: cookie("driver2"), body: { ...doneBody, note: "changed" } });
    expect(replay.status).toBe(200);
    expect(await json(replay)).toMatchObject({ replayed: true, stop: { status: "done", note: "Left with neighbour" } });
    expect(await suite.t.deps.db.select().from(stopEvents).where(eq(stopEvents.routeStopId, stop.id))).toHaveLength(2);
    rec.stop();
    const statuses = rec.messages.filter((m) => m.message.type === liveMessageTypes.stopStatus);
    expect(statuses).toHaveLength(2);
    for (const m of statuses) {
      expect(m.message.topic).toBe(liveTopic(suite.w.teamId));
      expect(new Set(m.userIds)).toEqual(new Set([suite.w.people.owner.userId, suite.w.people.admin.userId, suite.w.people.manager.userId]));
    }
  });

  it("a late replay of an older event never undoes a newer state; failed needs a reason; a later done wins over an earlier failure", async () => {
    const stop = (await stopsOf(suite.w.route2Id))[1]!;
    const t0 = Date.now() - 10 * 60_000;
    expect((await event(stop.id, { type: "failed", reason: "not_home", at: new Date(t0 + 60_000).toISOString() }, "driver2")).status).toBe(200);
    const late = await event(stop.id, { type: "arrived", at: new Date(t0).toISOString() }, "driver2");
    expect(await json(late)).toMatchObject({ replayed: false, stop: { status: "failed", failureReason: "not_home", arrivedAt: new Date(t0).toISOString() } });
    const again = await event(stop.id, { type: "done", at: new Date(t0 + 120_000).toISOString() }, "driver2");
    expect(await json(again)).toMatchObject({ stop: { status: "done", failureReason: null } });
  });

  it("concurrent replays of one event: one effect, one row", async () => {
    const stop = (await stopsOf(suite.w.route2Id))[2]!;
    const body = { clientEventId: clientId(), type: "arrived", at: new Date().toISOString() };
    const results = await Promise.all(Array.from({ length: 5 }, () => suite.t.call(`/api/driver/stops/${stop.id}/events`, { cookie: cookie("driver2"), body })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const flags = await Promise.all(results.map(async (r) => (await r.json()) as { replayed: boolean }));
    expect(flags.filter((f) => !f.replayed)).toHaveLength(1);
    expect(await suite.t.deps.db.select().from(stopEvents).where(eq(stopEvents.routeStopId, stop.id))).toHaveLength(1);
  });
});

describe("100 queued events replayed in random order, twice", () => {
  it("ends in the same state with 100 stop_events rows", async () => {
    const own = await liveWorld(suite.t, "replay", { stops: 130 });
    const stops = await stopsOf(own.routeId);
    const cookieOf = own.people.driver.cookie;
    const start = Date.now() - 6 * 3600_000;
    // Two events per stop (arrived, then done or failed) for the first 50 stops.
    const queue = stops.slice(0, 50).flatMap((s, i) => {
      const at = start + i * 5 * 60_000;
      return [
        { stopId: s.id, body: { clientEventId: `q-${i}-arrived`, type: "arrived", at: new Date(at).toISOString() } },
        {
          stopId: s.id,
          body: i % 7 === 3 ? { clientEventId: `q-${i}-failed`, type: "failed", reason: "refused", at: new Date(at + 120_000).toISOString() } : { clientEventId: `q-${i}-done`, type: "done", at: new Date(at + 120_000).toISOString() },
        },
      ];
    });
    expect(queue).toHaveLength(100);
    const shuffled = (seed: number) => {
      const copy = [...queue];
      let x = seed;
      for (let i = copy.length - 1; i > 0; i--) {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        const j = x % (i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    };
    const replay = async (seed: number) => {
      for (const q of shuffled(seed)) {
        const res = await suite.t.call(`/api/driver/stops/${q.stopId}/events`, { cookie: cookieOf, body: q.body });
        expect(res.status).toBe(200);
      }
      return (await stopsOf(own.routeId)).map((s) => ({ id: s.id, status: s.status, arrivedAt: s.arrivedAt?.toISOString(), completedAt: s.completedAt?.toISOString(), failureReason: s.failureReason }));
    };
    const first = await replay(1);
    const second = await replay(2);
    expect(second).toEqual(first);
    expect(await suite.t.deps.db.select().from(stopEvents).where(eq(stopEvents.routeId, own.routeId))).toHaveLength(100);
    first.slice(0, 50).forEach((s, i) => {
      expect(s.status).toBe(i % 7 === 3 ? "failed" : "done");
      expect(s.arrivedAt).toBe(new Date(start + i * 5 * 60_000).toISOString());
    });
    expect(first.slice(50).every((s) => s.status === "pending")).toBe(true);
    const [route] = await suite.t.deps.db.select().from(routes).where(eq(routes.id, own.routeId));
    expect(route).toMatchObject({ status: "in_progress", startedAt: new Date(start) });
  }, 120_000);
});

describe("POST /api/driver/stops/{stopId}/proof and GET /api/driver/proof/{id}", () => {
  const storageFiles = () => {
    const dir = path.join(suite.t.deps.env.DATA_DIR, "storage", "proofs");
    if (!existsSync(dir)) return 0;
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  };
  const nothingStored = async (stopId: string, filesBefore: number) => {
    expect(await suite.t.deps.db.select().from(stopProofs).where(eq(stopProofs.routeStopId, stopId))).toEqual([]);
    expect(storageFiles()).toBe(filesBefore);
  };

  it("refuses an 11 MB photo, a PDF, a text file called .jpg, a JPEG or PNG with script in its metadata, a JPEG signature — storing nothing", async () => {
    const stop = (await stopsOf(suite.w.routeId))[3]!;
    const before = storageFiles();
    const objectsBefore = (await suite.t.deps.db.select().from(storageObjects)).length;
    const send = (fields: Record<string, File | string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return postForm(suite.t, `/api/driver/stops/${stop.id}/proof`, form, cookie("driver"));
    };
    const cases: [Record<string, File | string>, number, string][] = [
      [{ photo: file(jpegBytes([], 11 * 1024 * 1024), "big.jpg", "image/jpeg") }, 413, driverMessages.photoTooLarge],
      [{ photo: file(Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF"), "doc.jpg", "image/jpeg") }, 415, driverMessages.photoType],
      [{ photo: file(Buffer.from("hello, I am text"), "a.jpg", "image/jpeg") }, 415, driverMessages.photoType],
      [{ photo: file(pngBytes([{ type: "tEXt", data: Buffer.from("Comment\0<script>alert(1)</script>", "latin1") }]), "p.png", "image/png") }, 400, driverMessages.unsafeImage],
      [{ photo: file(pngBytes([{ type: "zTXt", data: Buffer.concat([Buffer.from("Comment\0\0", "latin1"), deflateSync(Buffer.from("<?php system($_GET['c']); ?>"))]) }]), "z.png", "image/png") }, 400, driverMessages.unsafeImage],
      [{ photo: file(pngBytes([{ type: "iTXt", data: Buffer.from("XML\0\0\0\0\0<a href='javascript:alert(1)'>", "latin1") }]), "i.png", "image/png") }, 400, driverMessages.unsafeImage],
      [{ photo: file(jpegBytes([{ marker: 0xfe, text: "<script src=//evil></script>" }]), "c.jpg", "image/jpeg") }, 400, driverMessages.unsafeImage],
      [{ photo: file(jpegBytes([{ marker: 0xe1, text: "Exif\0\0<?php echo 1; ?>" }]), "e.jpg", "image/jpeg") }, 400, driverMessages.unsafeImage],
      [{ photo: file(jpegBytes(), "ok.jpg", "image/jpeg"), signature: file(jpegBytes(), "s.png", "image/png") }, 415, driverMessages.signatureType],
      [{ recipient: "" }, 400, driverMessages.proofEmpty],
    ];
    for (const [fields, status, message] of cases) {
      const res = await send(fields);
      expect(await errorOf(res), message).toMatchObject({ status, message });
    }
    await nothingStored(stop.id, before);
    expect(await suite.t.deps.db.select().from(storageObjects)).toHaveLength(objectsBefore);
    // Another driver's stop: 404 before anything is read.
    const form = new FormData();
    form.append("photo", file(jpegBytes(), "ok.jpg", "image/jpeg"));
    expect((await postForm(suite.t, `/api/driver/stops/${stop.id}/proof`, form, cookie("otherDriver"))).status).toBe(404);
    expect((await postForm(suite.t, `/api/driver/stops/${stop.id}/proof`, form)).status).toBe(401);
    await nothingStored(stop.id, before);
  });

  it("stores a photo, a signature and the recipient; served to the driver and the team's managers only; a resend answers the same proof", async () => {
    const stop = (await stopsOf(suite.w.routeId))[4]!;
    const photo = jpegBytes([{ marker: 0xe1, text: "Exif\0\0camera data" }], 2048);
    const signature = pngBytes([{ type: "tEXt", data: Buffer.from("Software\0signature_pad", "latin1") }]);
    const form = new FormData();
    form.append("clientEventId", "proof-0001-abc");
    form.append("photo", file(photo, "photo-1.jpg", "application/octet-stream"));
    form.append("signature", file(signature, "signature.png", "image/png"));
    form.append("recipient", "  Mrs Jones ");
    const res = await postForm(suite.t, `/api/driver/stops/${stop.id}/proof`, form, cookie("driver"));
    expect(res.status, await res.clone().text()).toBe(200);
    const proof = await json<{ id: string; url: string; files: { id: string; kind: string; url: string }[]; recipientName: string }>(res);
    expect(proof).toMatchObject({ recipientName: "Mrs Jones", url: `/api/driver/proof/${proof.id}` });
    expect(proof.files.map((f) => f.kind)).toEqual(["photo", "signature"]);
    const resend = await postForm(suite.t, `/api/driver/stops/${stop.id}/proof`, form, cookie("driver"));
    expect(await json(resend)).toEqual(proof);
    expect(await suite.t.deps.db.select().from(stopProofs).where(eq(stopProofs.routeStopId, stop.id))).toHaveLength(2);

    for (const who of ["driver", "owner", "admin", "manager"] as const) {
      const got = await suite.t.call(proof.url, { cookie: cookie(who) });
      expect(got.status, who).toBe(200);
      expect(got.headers.get("content-type")).toBe("image/jpeg");
      expect(got.headers.get("x-content-type-options")).toBe("nosniff");
      expect(got.headers.get("content-disposition")).toMatch(/^inline/);
      expect(got.headers.get("cache-control")).toMatch(/private/);
      expect(Buffer.from(await got.arrayBuffer()).equals(photo)).toBe(true);
    }
    expect((await suite.t.call(proof.files[1]!.url, { cookie: cookie("driver") })).headers.get("content-type")).toBe("image/png");
    for (const who of ["driver2", "member", "otherDriver", "otherManager", "outsider"] as const) expect((await suite.t.call(proof.url, { cookie: cookie(who) })).status, who).toBe(404);
    expect((await suite.t.call(proof.url)).status).toBe(401);
    expect((await suite.t.call(`/api/driver/proof/${UNKNOWN}`, { cookie: cookie("driver") })).status).toBe(404);

    // The driver's route shows the proof; the stop can now be done.
    const route = (await routesOf("driver"))[0]!;
    expect(route.stops.find((s) => s.id === stop.id)).toMatchObject({ recipientName: "Mrs Jones", proof: proof.files });
  });

  it("a route that needs proof refuses done without it (409 proofRequired), then accepts it once there is a photo", async () => {
    const own = await liveWorld(suite.t, "proofreq", { stops: 2, settings: { proofRequired: true } });
    const [route] = await suite.t.deps.db.select().from(routes).where(eq(routes.id, own.routeId));
    expect(route!.proofRequired).toBe(true);
    const stop = (await stopsOf(own.routeId))[0]!;
    const body = { clientEventId: "needs-proof-1", type: "done", at: new Date().toISOString() };
    const refused = await suite.t.call(`/api/driver/stops/${stop.id}/events`, { cookie: own.people.driver.cookie, body });
    expect(await errorOf(refused)).toMatchObject({ status: 409, message: driverMessages.proofRequired });
    expect(await suite.t.deps.db.select().from(stopEvents).where(eq(stopEvents.routeStopId, stop.id))).toEqual([]);
    const form = new FormData();
    form.append("photo", file(pngBytes(), "p.png", "image/png"));
    expect((await postForm(suite.t, `/api/driver/stops/${stop.id}/proof`, form, own.people.driver.cookie)).status).toBe(200);
    const ok = await suite.t.call(`/api/driver/stops/${stop.id}/events`, { cookie: own.people.driver.cookie, body });
    expect(await json(ok)).toMatchObject({ replayed: false, stop: { status: "done" } });
  }, 60_000);
});

describe("POST /api/driver/positions", () => {
  it("stores a batch in one go, counts the distance driven (skipping imprecise fixes) and tells the managers", async () => {
    const rec = recordRealtime(suite.t);
    const base = Date.now() - 60_000;
    const points = Array.from({ length: 10 }, (_, i) => ({ lat: 51.5 + i * 0.001, lng: -0.12, accuracy: i === 5 ? 500 : 10, heading: 0, speed: 8, at: new Date(base + i * 5000).toISOString() }));
    const res = await suite.t.call("/api/driver/positions", { cookie: cookie("driver2"), body: points });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toEqual({ accepted: 10, routeId: suite.w.route2Id });
    expect(await suite.t.deps.db.select().from(driverPositions).where(eq(driverPositions.routeId, suite.w.route2Id))).toHaveLength(10);
    const [route] = await suite.t.deps.db.select().from(routes).where(eq(routes.id, suite.w.route2Id));
    // 9 steps of ~111 m; the imprecise fix is skipped, the straight line past it is the same length.
    expect(route!.actualDistanceM).toBeGreaterThan(990);
    expect(route!.actualDistanceM).toBeLessThan(1010);
    const next = (await stopsOf(suite.w.route2Id)).find((s) => s.status === "pending")!;
    expect(next.actualLegDistanceM).toBeCloseTo(route!.actualDistanceM!, 3);
    rec.stop();
    const sent = rec.messages.filter((m) => m.message.type === liveMessageTypes.driverPosition);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message.topic).toBe(liveTopic(suite.w.teamId));
    expect(new Set(sent[0]!.userIds)).toEqual(new Set([suite.w.people.owner.userId, suite.w.people.admin.userId, suite.w.people.manager.userId]));
    expect(sent[0]!.message.data).toMatchObject({ driverUserId: suite.w.people.driver2.userId, driverName: "Dora Second", routeId: suite.w.route2Id, lat: 51.509, positions: expect.any(Array) });
    expect((sent[0]!.message.data as { positions: unknown[] }).positions).toHaveLength(10);
  });

  it("1 to 100 positions: 0 or 101 → 400; bad points → 400; signed out 401; no route today 409", async () => {
    const p = { lat: 51.5, lng: -0.1, at: new Date().toISOString() };
    expect(await errorOf(await suite.t.call("/api/driver/positions", { cookie: cookie("driver"), body: [] }))).toMatchObject({ status: 400, message: driverMessages.tooManyPositions });
    expect(await errorOf(await suite.t.call("/api/driver/positions", { cookie: cookie("driver"), body: Array.from({ length: 101 }, () => p) }))).toMatchObject({ status: 400, message: driverMessages.tooManyPositions });
    expect((await suite.t.call("/api/driver/positions", { cookie: cookie("driver"), body: Array.from({ length: 100 }, () => p) })).status).toBe(200);
    expect(await errorOf(await suite.t.call("/api/driver/positions", { cookie: cookie("driver"), body: [{ ...p, at: "now" }] }))).toMatchObject({ status: 400, message: driverMessages.positionAt });
    expect((await suite.t.call("/api/driver/positions", { cookie: cookie("driver"), body: [{ ...p, lat: 95 }] })).status).toBe(400);
    expect((await suite.t.call("/api/driver/positions", { body: [p] })).status).toBe(401);
    expect(await errorOf(await suite.t.call("/api/driver/positions", { cookie: cookie("member"), body: [p] }))).toMatchObject({ status: 409, message: driverMessages.noActiveRoute });
  });
});

describe("late alert", () => {
  it("a route more than 15 minutes behind notifies its managers once, and again only after it was back on time", async () => {
    const own = await liveWorld(suite.t, "late", { stops: 8 });
    const stops = await stopsOf(own.routeId);
    const notes = async () => (await suite.t.deps.db.select().from(teamNotifications).where(eq(teamNotifications.userId, own.people.manager.userId))).filter((n) => n.title === driverMessages.lateTitle);
    const rec = recordRealtime(suite.t);
    // Planned arrivals are today from the departure; finishing stop 1 an hour after its planned departure is late.
    const [route] = await suite.t.deps.db.select().from(routes).where(eq(routes.id, own.routeId));
    const live = await json<{ routes: { id: string; stops: { id: string; plannedArrival: string }[] }[] }>(suite.t.call(`/api/teams/${own.teamId}/routes?date=${today()}`, { cookie: own.people.owner.cookie }));
    const planned = Date.parse(live.routes.find((r) => r.id === route!.id)!.stops[0]!.plannedArrival);
    const lateAt = new Date(planned + stops[0]!.serviceS * 1000 + 60 * 60_000).toISOString();
    expect((await suite.t.call(`/api/driver/stops/${stops[0]!.id}/events`, { cookie: own.people.driver.cookie, body: { clientEventId: "late-1-done", type: "done", at: lateAt } })).status).toBe(200);
    expect(await notes()).toHaveLength(1);
    expect((await notes())[0]!.message).toMatch(/Dave Driver is \d+ minutes behind plan/);
    expect(rec.messages.filter((m) => m.message.type === liveMessageTypes.routeLate && m.message.topic === liveTopic(own.teamId))).toHaveLength(1);
    // Still late: no second alert.
    expect((await suite.t.call(`/api/driver/stops/${stops[1]!.id}/events`, { cookie: own.people.driver.cookie, body: { clientEventId: "late-2-arr", type: "arrived", at: lateAt } })).status).toBe(200);
    const { checkLateRoutes } = await import("../late");
    await checkLateRoutes(suite.t.deps);
    expect(await notes()).toHaveLength(1);
    rec.stop();
  }, 60_000);
});
