import { afterEach, describe, expect, it } from "vitest";
import { NoRouteError, ProviderHttpError, ProviderNetworkError, ProviderResponseError, ProviderTimeoutError } from "../errors";
import { decodePolyline, encodePolyline } from "../polyline";
import { startFakeServer, type FakeServer } from "../testing/fake-http-server";
import { OsrmProvider } from "./osrm-provider";

const a = { lat: 47.14151, lng: 9.52154 };
const b = { lat: 47.16498, lng: 9.50867 };
const c = { lat: 47.0665, lng: 9.5025 };

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An OSRM table answer for n points: duration 10·|i−j| s, distance 100·|i−j| m, null where asked. */
function tableAnswer(rows: number[], cols: number[], nullAt?: [number, number]) {
  const cell = (i: number, j: number, f: number) => (nullAt && nullAt[0] === i && nullAt[1] === j ? null : f * Math.abs(i - j));
  return {
    code: "Ok",
    durations: rows.map((i) => cols.map((j) => cell(i, j, 10))),
    distances: rows.map((i) => cols.map((j) => cell(i, j, 100))),
    sources: rows.map((i) => ({ location: [0, 0], distance: i + 0.5 })),
    destinations: cols.map(() => ({ location: [0, 0] })),
  };
}

describe("OSRM provider", () => {
  it("asks the table service for durations and distances and reports null pairs as unreachable", async () => {
    server = await startFakeServer(() => ({ json: tableAnswer([0, 1, 2], [0, 1, 2], [2, 0]) }));
    const osrm = new OsrmProvider({ baseUrl: server.baseUrl });
    const m = await osrm.matrix([a, b, c], "bicycle");
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe("/table/v1/cycling/9.521540,47.141510;9.508670,47.164980;9.502500,47.066500");
    expect(req.url.searchParams.get("annotations")).toBe("duration,distance");
    expect(m.durations[0]).toEqual([0, 10, 20]);
    expect(m.distances[1]).toEqual([100, 0, 100]);
    expect(m.durations[2]?.[0]).toBe(Infinity);
    expect(m.unreachable).toEqual([[2, 0]]);
    expect(m.snapDistances).toEqual([0.5, 1.5, 2.5]);
    expect(m.provider).toBe("osrm");
  });

  it("splits matrices larger than maxTableSize into source × destination blocks", async () => {
    server = await startFakeServer((req) => {
      const coords = req.url.pathname.split("/").at(-1)!.split(";");
      // Map local indices back to the global index encoded in the latitude (i / 1000).
      const global = coords.map((xy) => Math.round(Number(xy.split(",")[1]) * 1000));
      const src = req.url.searchParams.get("sources")!.split(";").map((k) => global[Number(k)]!);
      const dst = req.url.searchParams.get("destinations")!.split(";").map((k) => global[Number(k)]!);
      return { json: tableAnswer(src, dst) };
    });
    const points = Array.from({ length: 7 }, (_, i) => ({ lat: i / 1000, lng: 0 }));
    const m = await new OsrmProvider({ baseUrl: server.baseUrl, maxTableSize: 4 }).matrix(points, "car");
    expect(server.requests).toHaveLength(16); // blocks of 2 → 4 × 4
    for (let i = 0; i < 7; i++) for (let j = 0; j < 7; j++) expect(m.durations[i]?.[j]).toBe(10 * Math.abs(i - j));
    expect(m.unreachable).toEqual([]);
  });

  it("returns the route with its polyline and per-leg geometry from the steps", async () => {
    const leg1 = encodePolyline([a, { lat: 47.15, lng: 9.515 }, b]);
    const leg2 = encodePolyline([b, c]);
    server = await startFakeServer(() => ({
      json: {
        code: "Ok",
        routes: [
          {
            distance: 12_000,
            duration: 900,
            geometry: encodePolyline([a, { lat: 47.15, lng: 9.515 }, b, c]),
            legs: [
              { distance: 3000, duration: 300, steps: [{ geometry: leg1 }, { geometry: encodePolyline([b]) }] },
              { distance: 9000, duration: 600, steps: [{ geometry: leg2 }] },
            ],
          },
        ],
        waypoints: [],
      },
    }));
    const r = await new OsrmProvider({ baseUrl: server.baseUrl }).route([a, b, c], "car");
    expect(server.requests[0]?.url.pathname).toMatch(/^\/route\/v1\/driving\//);
    expect(server.requests[0]?.url.searchParams.get("geometries")).toBe("polyline");
    expect(r).toMatchObject({ distance: 12_000, duration: 900, provider: "osrm" });
    expect(r.legs.map((l) => l.distance)).toEqual([3000, 9000]);
    expect(decodePolyline(r.legs[0]!.geometry)).toHaveLength(3);
    expect(decodePolyline(r.geometry)).toHaveLength(4);
  });

  it("turns OSRM's NoRoute into NoRouteError", async () => {
    server = await startFakeServer(() => ({ status: 400, json: { code: "NoRoute", message: "Impossible route between points" } }));
    await expect(new OsrmProvider({ baseUrl: server.baseUrl }).route([a, b], "car")).rejects.toBeInstanceOf(NoRouteError);
  });

  it("reports HTTP errors with OSRM's code", async () => {
    server = await startFakeServer(() => ({ status: 400, json: { code: "TooBig", message: "Too many table coordinates" } }));
    const error = await new OsrmProvider({ baseUrl: server.baseUrl }).matrix([a, b], "car").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect((error as ProviderHttpError).status).toBe(400);
    expect((error as Error).message).toMatch(/TooBig/);
  });

  it("rejects malformed answers", async () => {
    const answers = [
      { text: "<html>gateway</html>" },
      { json: { code: "Ok", durations: [[0, 1]] } }, // no distances (old OSRM or wrong annotations)
      { json: { code: "Ok", durations: [[0, "x"], [1, 0]], distances: [[0, 1], [1, 0]] } },
      { json: { code: "Ok", durations: [[0]], distances: [[0]] } }, // wrong size
    ];
    let k = 0;
    server = await startFakeServer(() => answers[k++]!);
    const osrm = new OsrmProvider({ baseUrl: server.baseUrl });
    for (let i = 0; i < answers.length; i++) {
      await expect(osrm.matrix([a, b], "car")).rejects.toBeInstanceOf(ProviderResponseError);
    }
  });

  it("times out slow answers and reports unreachable servers", async () => {
    server = await startFakeServer(() => ({ delayMs: 2000, json: tableAnswer([0, 1], [0, 1]) }));
    const slow = new OsrmProvider({ baseUrl: server.baseUrl, timeoutMs: 100 });
    const t = Date.now();
    await expect(slow.matrix([a, b], "car")).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - t).toBeLessThan(1500);
    const closed = await startFakeServer(() => ({}));
    const url = closed.baseUrl;
    await closed.close();
    await expect(new OsrmProvider({ baseUrl: url }).matrix([a, b], "car")).rejects.toBeInstanceOf(ProviderNetworkError);
  });
});
