import { afterEach, describe, expect, it } from "vitest";
import { NoRouteError, ProviderHttpError, ProviderResponseError, ProviderTimeoutError } from "../errors";
import { decodePolyline, encodePolyline } from "../polyline";
import { startFakeServer, type FakeServer } from "../testing/fake-http-server";
import { ValhallaProvider } from "./valhalla-provider";

const a = { lat: 47.14151, lng: 9.52154 };
const b = { lat: 47.16498, lng: 9.50867 };

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("Valhalla provider", () => {
  it("posts sources_to_targets with the costing and converts kilometres to metres", async () => {
    server = await startFakeServer(() => ({
      json: {
        sources_to_targets: [
          [
            { distance: 0, time: 0, from_index: 0, to_index: 0 },
            { distance: 3.2, time: 310, from_index: 0, to_index: 1 },
          ],
          [
            { distance: null, time: null, from_index: 1, to_index: 0 },
            { distance: 0, time: 0, from_index: 1, to_index: 1 },
          ],
        ],
        units: "kilometers",
      },
    }));
    const m = await new ValhallaProvider({ baseUrl: server.baseUrl }).matrix([a, b], "truck");
    const req = server.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.url.pathname).toBe("/sources_to_targets");
    expect(JSON.parse(req.body)).toMatchObject({
      costing: "truck",
      units: "kilometers",
      sources: [{ lat: a.lat, lon: a.lng }, { lat: b.lat, lon: b.lng }],
    });
    expect(m.distances[0]?.[1]).toBeCloseTo(3200);
    expect(m.durations[0]?.[1]).toBe(310);
    expect(m.durations[1]?.[0]).toBe(Infinity);
    expect(m.unreachable).toEqual([[1, 0]]);
    expect(m.provider).toBe("valhalla");
  });

  it("reads the concise matrix form too", async () => {
    server = await startFakeServer(() => ({
      json: { sources_to_targets: { durations: [[0, 60], [70, 0]], distances: [[0, 1], [1.5, 0]] } },
    }));
    const m = await new ValhallaProvider({ baseUrl: server.baseUrl }).matrix([a, b], "foot");
    expect(JSON.parse(server.requests[0]!.body).costing).toBe("pedestrian");
    expect(m.durations).toEqual([[0, 60], [70, 0]]);
    expect(m.distances[1]?.[0]).toBe(1500);
  });

  it("re-encodes the precision-6 shapes of a route at precision 5", async () => {
    const mid = { lat: 47.15, lng: 9.515 };
    server = await startFakeServer(() => ({
      json: {
        trip: {
          status: 0,
          units: "kilometers",
          summary: { length: 3.4, time: 320 },
          legs: [{ shape: encodePolyline([a, mid, b], 6), summary: { length: 3.4, time: 320 } }],
        },
      },
    }));
    const r = await new ValhallaProvider({ baseUrl: server.baseUrl }).route([a, b], "car");
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ costing: "auto", locations: [{ lat: a.lat, lon: a.lng }, { lat: b.lat, lon: b.lng }] });
    expect(r).toMatchObject({ distance: 3400, duration: 320, provider: "valhalla" });
    expect(decodePolyline(r.geometry)).toEqual([a, mid, b]);
    expect(r.legs[0]?.geometry).toBe(r.geometry);
  });

  it("maps 'no path' errors to NoRouteError and others to ProviderHttpError", async () => {
    server = await startFakeServer((req) =>
      req.url.pathname === "/route"
        ? { status: 400, json: { error_code: 442, error: "No path could be found for input", status_code: 400, status: "Bad Request" } }
        : { status: 500, json: { error_code: 199, error: "Unknown", status_code: 500 } },
    );
    const valhalla = new ValhallaProvider({ baseUrl: server.baseUrl });
    await expect(valhalla.route([a, b], "car")).rejects.toBeInstanceOf(NoRouteError);
    await expect(valhalla.matrix([a, b], "car")).rejects.toBeInstanceOf(ProviderHttpError);
  });

  it("rejects malformed answers and times out", async () => {
    let k = 0;
    const answers = [
      { json: { trip: { summary: { length: 1, time: 1 }, legs: [{ shape: "\u0001bad", summary: { length: 1, time: 1 } }] } } },
      { json: { sources_to_targets: [[{ distance: 0, time: 0 }]] } },
      { delayMs: 2000, json: {} },
    ];
    server = await startFakeServer(() => answers[k++]!);
    const valhalla = new ValhallaProvider({ baseUrl: server.baseUrl, timeoutMs: 100 });
    await expect(valhalla.route([a, b], "car")).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(valhalla.matrix([a, b], "car")).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(valhalla.matrix([a, b], "car")).rejects.toBeInstanceOf(ProviderTimeoutError);
  });
});
