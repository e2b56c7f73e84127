import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverMessages, trackingSchema, type Tracking } from "@routepilot/contracts";
import { driverPositions, stopProofs } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { getTracking, PROOF_BUCKET } from "../customer-messages/tracking";
import { customerWorld, insertRoute, setStop, type CustomerWorld } from "../../../test/customer-fixtures";

let t: TestApp;
let w: CustomerWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await customerWorld(t);
});
afterAll(() => t.close());

const track = (token: string | null) => t.call(`/api/track/${token}`);
async function tracking(token: string | null): Promise<Tracking> {
  const res = await track(token);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = (await res.json()) as Tracking;
  // Exactly the contract's keys: a strict parse fails on anything extra.
  trackingSchema.strict().parse(body);
  return body;
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("GET /api/track/{token}", () => {
  it("shows a scheduled stop with its window and the driver's first name only, with no personal data of anyone else, signed out", async () => {
    const { stops } = await insertRoute(t, w, [
      { label: "Other customer", email: "other@customer.example", name: "Otto Other", phone: "+423 111 11 11" },
      { label: "Ann's place", email: "ann@customer.example", name: "Ann Customer", phone: "+423 222 22 22" },
    ]);
    const body = await tracking(stops[1]!.trackingToken);
    expect(body).toEqual({
      status: "scheduled",
      teamName: "Fleet & Co",
      label: "Ann's place",
      window: { start: "2030-01-07T09:45:00.000Z", end: "2030-01-07T10:15:00.000Z" },
      driverFirstName: "Dora",
      driverPosition: null,
      destination: { lat: stops[1]!.lat, lng: stops[1]!.lng },
      completedAt: null,
      failureReason: null,
      proofPhotoUrl: null,
      expiresAt: stops[1]!.trackingExpiresAt!.toISOString(),
    });
    const text = JSON.stringify(body);
    for (const secret of ["Driverson", "Smith", w.driver.email, w.driver.userId, "other@customer.example", "Otto", "Other customer", "+423", "ann@customer.example", "Ann Customer", stops[0]!.trackingToken!]) {
      expect(text).not.toContain(secret);
    }
  });

  it("gives the driver's latest position only while this stop is next, and the window moved by the route's delay", async () => {
    const { routeId, stops } = await insertRoute(t, w, [{ label: "A" }, { label: "B" }, { label: "C" }], { status: "in_progress" });
    // A done 20 minutes late (planned to leave 09:35): B's 10:00 becomes 10:20.
    await setStop(t, stops[0]!.id, { status: "done", arrivedAt: new Date("2030-01-07T09:50:00Z"), completedAt: new Date("2030-01-07T09:55:00Z") });
    await t.deps.db.insert(driverPositions).values([
      { teamId: w.teamId, driverUserId: w.driver.userId, routeId, lat: 47.11, lng: 9.51, at: new Date("2030-01-07T09:56:00Z") },
      { teamId: w.teamId, driverUserId: w.driver.userId, routeId, lat: 47.12, lng: 9.52, at: new Date("2030-01-07T09:58:00Z") },
    ]);
    const b = await tracking(stops[1]!.trackingToken);
    expect(b.status).toBe("next");
    expect(b.driverPosition).toEqual({ lat: 47.12, lng: 9.52, at: "2030-01-07T09:58:00.000Z" });
    expect(b.window).toEqual({ start: "2030-01-07T10:05:00.000Z", end: "2030-01-07T10:35:00.000Z" });
    const c = await tracking(stops[2]!.trackingToken);
    expect(c.status).toBe("on_its_way");
    expect(c.driverPosition).toBeNull();
    expect(c.window).toEqual({ start: "2030-01-07T10:35:00.000Z", end: "2030-01-07T11:05:00.000Z" });
    const a = await tracking(stops[0]!.trackingToken);
    expect(a).toMatchObject({ status: "delivered", window: null, driverPosition: null, completedAt: "2030-01-07T09:55:00.000Z", proofPhotoUrl: null });

    await setStop(t, stops[1]!.id, { status: "arrived", arrivedAt: new Date("2030-01-07T10:20:00Z") });
    expect(await tracking(stops[1]!.trackingToken)).toMatchObject({ status: "arrived", driverPosition: null, window: null });
    expect((await tracking(stops[2]!.trackingToken)).status).toBe("on_its_way");
    await setStop(t, stops[1]!.id, { status: "failed", failureReason: "not_home", completedAt: new Date("2030-01-07T10:25:00Z") });
    expect(await tracking(stops[1]!.trackingToken)).toMatchObject({ status: "failed", failureReason: "not_home", completedAt: "2030-01-07T10:25:00.000Z" });
    expect((await tracking(stops[2]!.trackingToken)).status).toBe("next");
  });

  it("agrees with the service at a given time: a late driver moves the window past now", async () => {
    const expiresAt = new Date("2030-01-14T00:00:00Z");
    const { stops } = await insertRoute(t, w, [{ label: "A", expiresAt }, { label: "B", expiresAt }], { status: "in_progress" });
    await setStop(t, stops[0]!.id, { status: "done", completedAt: new Date("2030-01-07T09:35:00Z") });
    // At 10:30 the driver has not reached B (planned 10:00): it is expected now, 10:15–10:45.
    const body = await getTracking(t.deps.db, stops[1]!.trackingToken!, Date.parse("2030-01-07T10:30:00Z"));
    expect(body.window).toEqual({ start: "2030-01-07T10:15:00.000Z", end: "2030-01-07T10:45:00.000Z" });
  });

  it("links the proof photo after delivery and serves it with its type and nosniff, signed out", async () => {
    const { stops } = await insertRoute(t, w, [{ label: "Photo" }]);
    const token = stops[0]!.trackingToken!;
    await t.deps.storage.upload(PROOF_BUCKET, `test/${stops[0]!.id}`, PNG, "image/png");
    await t.deps.db.insert(stopProofs).values({ routeStopId: stops[0]!.id, teamId: w.teamId, kind: "photo", objectKey: `test/${stops[0]!.id}`, contentType: "image/png", sizeBytes: PNG.length });
    expect((await tracking(token)).proofPhotoUrl).toBeNull();
    expect((await t.call(`/api/track/${token}/photo`)).status).toBe(404);
    await setStop(t, stops[0]!.id, { status: "done", completedAt: new Date("2030-01-07T09:40:00Z") });
    expect((await tracking(token)).proofPhotoUrl).toBe(`/api/track/${token}/photo`);
    const photo = await t.call(`/api/track/${token}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("answers 404 trackingGone for an unknown, expired or malformed token", async () => {
    const { stops } = await insertRoute(t, w, [{ label: "Old", expiresAt: new Date(Date.now() - 1000) }]);
    for (const token of [stops[0]!.trackingToken, "AAAAAAAAAAAAAAAAAAAAAA", "short", "bad%20chars%20here%20!!"]) {
      for (const suffix of ["", "/photo"]) {
        const res = await t.call(`/api/track/${token}${suffix}`);
        expect(res.status).toBe(404);
        const body = (await res.json()) as { error: { message: string } };
        if (token !== "short" && !token!.includes("%")) expect(body.error.message).toBe(driverMessages.trackingGone);
      }
    }
  });
});
