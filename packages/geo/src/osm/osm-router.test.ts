import { beforeAll, describe, expect, it } from "vitest";
import { NoRouteError } from "../errors";
import { haversineMeters } from "../geodesy";
import { decodePolyline } from "../polyline";
import { ANDORRA_PBF, LIECHTENSTEIN_PBF, MONACO_PBF } from "../testing/extracts";
import { PROFILES, type LatLng } from "../types";
import { OsmRoutingProvider } from "./osm-router";
import { PROFILE_BIT } from "./road-rules";

const CAR = PROFILES.indexOf("car");
const FOOT = PROFILES.indexOf("foot");

/** The point `share` of the way along edge e's geometry. */
function pointAlong(router: OsmRoutingProvider, e: number, share: number): LatLng {
  const g = router.graph;
  const target = (g.edgeLength[e] as number) * share;
  const end = (g.edgeGeomStart[e + 1] as number) - 1;
  for (let k = g.edgeGeomStart[e] as number; k < end; k++) {
    const a = g.geomOffset[k] as number;
    const b = g.geomOffset[k + 1] as number;
    if (b >= target) {
      const t = b > a ? (target - a) / (b - a) : 0;
      return {
        lat: (g.geomLat[k] as number) + t * ((g.geomLat[k + 1] as number) - (g.geomLat[k] as number)),
        lng: (g.geomLng[k] as number) + t * ((g.geomLng[k + 1] as number) - (g.geomLng[k] as number)),
      };
    }
  }
  return { lat: g.geomLat[end] as number, lng: g.geomLng[end] as number };
}

/** Longest edge whose way matches `pick` and that lies in the car network's main component. */
function longestEdge(router: OsmRoutingProvider, pick: (e: number) => boolean, bit: number): number {
  const g = router.graph;
  let best = -1;
  for (let e = 0; e < g.edgeCount; e++) {
    const inMain = ((g.mainComponent[g.edgeFrom[e] as number] as number) & (g.mainComponent[g.edgeTo[e] as number] as number) & bit) !== 0;
    if (inMain && pick(e) && (best < 0 || (g.edgeLength[e] as number) > (g.edgeLength[best] as number))) best = e;
  }
  expect(best).toBeGreaterThanOrEqual(0);
  return best;
}

describe("osm router on Monaco", () => {
  let router: OsmRoutingProvider;
  beforeAll(async () => {
    router = await OsmRoutingProvider.fromFile(MONACO_PBF);
  });

  it("loads the extract into a graph quickly", () => {
    expect(router.graph.vertexCount).toBeGreaterThan(3000);
    expect(router.graph.edgeCount).toBeGreaterThan(4000);
    expect(router.stats.graphMs + router.stats.parseMs).toBeLessThan(2000);
  });

  it("drives a one-way street only in its direction", async () => {
    const g = router.graph;
    const e = longestEdge(
      router,
      (e) =>
        router.wayOfEdge(e).tags.oneway === "yes" &&
        (g.edgeDurationForward[CAR]?.[e] as number) < Infinity &&
        (g.edgeDurationBackward[CAR]?.[e] as number) === Infinity,
      PROFILE_BIT.car,
    );
    const a = pointAlong(router, e, 0.2);
    const b = pointAlong(router, e, 0.8);
    const m = await router.matrix([a, b], "car");
    const along = (g.edgeLength[e] as number) * 0.6;
    expect(m.distances[0]?.[1]).toBeCloseTo(along, 0);
    // Against the one-way, the car must loop round the block.
    expect(m.distances[1]?.[0]).toBeGreaterThan(along + 50);
    // On foot the street is two-way.
    const f = await router.matrix([a, b], "foot");
    expect(f.distances[1]?.[0]).toBeLessThanOrEqual(along + 1);
  });

  it("goes round a roundabout in its direction only, but lets walkers cross either way", async () => {
    const g = router.graph;
    const e = longestEdge(router, (e) => router.wayOfEdge(e).tags.junction === "roundabout", PROFILE_BIT.car);
    expect(g.edgeDurationBackward[CAR]?.[e]).toBe(Infinity);
    expect(g.edgeDurationBackward[FOOT]?.[e]).toBeLessThan(Infinity);
    const a = pointAlong(router, e, 0.3);
    const b = pointAlong(router, e, 0.7);
    const m = await router.matrix([a, b], "car");
    expect(m.distances[0]?.[1]).toBeCloseTo((g.edgeLength[e] as number) * 0.4, 0);
    expect(m.distances[1]?.[0]).toBeGreaterThan((m.distances[0]?.[1] as number) * 1.5);
  });

  it("returns an asymmetric car matrix with a zero diagonal", async () => {
    const points = [
      { lat: 43.7384, lng: 7.4246 }, // Place du Casino
      { lat: 43.7311, lng: 7.4197 }, // Monaco-Ville
      { lat: 43.7283, lng: 7.4167 }, // Fontvieille, Avenue des Castelans
      { lat: 43.74, lng: 7.43 }, // Larvotto
    ];
    const m = await router.matrix(points, "car");
    expect(m.unreachable).toEqual([]);
    let asymmetric = 0;
    for (let i = 0; i < 4; i++) {
      expect(m.durations[i]?.[i]).toBe(0);
      for (let j = 0; j < 4; j++) {
        if (i === j) continue;
        const straight = haversineMeters(points[i]!.lat, points[i]!.lng, points[j]!.lat, points[j]!.lng);
        expect(m.distances[i]?.[j]).toBeGreaterThan(straight * 0.9);
        if (Math.abs((m.distances[i]?.[j] as number) - (m.distances[j]?.[i] as number)) > 100) asymmetric++;
      }
    }
    expect(asymmetric).toBeGreaterThan(0);
  });

  it("keeps cars off footways and walkers take them", async () => {
    const g = router.graph;
    const e = longestEdge(
      router,
      (e) => {
        const h = router.wayOfEdge(e).tags.highway;
        return (h === "footway" || h === "pedestrian" || h === "steps") && (g.edgeDurationForward[FOOT]?.[e] as number) < Infinity;
      },
      PROFILE_BIT.foot,
    );
    expect(g.edgeDurationForward[CAR]?.[e]).toBe(Infinity);
    const a = pointAlong(router, e, 0.1);
    const b = pointAlong(router, e, 0.9);
    const carSnap = router.snap(a, "car");
    expect(carSnap?.edge).not.toBe(e);
    const foot = await router.matrix([a, b], "foot");
    expect(foot.distances[0]?.[1]).toBeCloseTo((g.edgeLength[e] as number) * 0.8, 0);
  });

  it("routes with legs whose geometry follows the roads", async () => {
    const points = [
      { lat: 43.7384, lng: 7.4246 },
      { lat: 43.7311, lng: 7.4197 },
      { lat: 43.7283, lng: 7.4167 },
    ];
    const r = await router.route(points, "car");
    const m = await router.matrix(points, "car");
    expect(r.provider).toBe("osm");
    expect(r.legs).toHaveLength(2);
    expect(r.legs[0]?.distance).toBeCloseTo(m.distances[0]?.[1] as number, 6);
    expect(r.legs[1]?.duration).toBeCloseTo(m.durations[1]?.[2] as number, 6);
    expect(r.distance).toBeCloseTo((r.legs[0]?.distance ?? 0) + (r.legs[1]?.distance ?? 0), 6);
    const line = decodePolyline(r.geometry);
    let length = 0;
    for (let i = 1; i < line.length; i++) length += haversineMeters(line[i - 1]!.lat, line[i - 1]!.lng, line[i]!.lat, line[i]!.lng);
    // Polyline rounding (1e-5°) costs a little; the drawn line matches the reported distance.
    expect(Math.abs(length - r.distance) / r.distance).toBeLessThan(0.01);
    expect(haversineMeters(line[0]!.lat, line[0]!.lng, points[0]!.lat, points[0]!.lng)).toBeLessThan(50);
    expect(haversineMeters(line.at(-1)!.lat, line.at(-1)!.lng, points[2]!.lat, points[2]!.lng)).toBeLessThan(50);
  });

  it("reports points far from any road as unreachable instead of failing", async () => {
    const paris = { lat: 48.8566, lng: 2.3522 };
    const casino = { lat: 43.7384, lng: 7.4246 };
    const m = await router.matrix([casino, paris], "car");
    expect(m.durations[0]?.[1]).toBe(Infinity);
    expect(m.distances[1]?.[0]).toBe(Infinity);
    expect(m.durations[1]?.[1]).toBe(0);
    expect(m.unreachable).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(m.snapDistances?.[0]).toBeLessThan(50);
    expect(m.snapDistances?.[1]).toBeNull();
    await expect(router.route([casino, paris], "car")).rejects.toBeInstanceOf(NoRouteError);
  });
});

describe("osm router on Liechtenstein and Andorra", () => {
  let liechtenstein: OsmRoutingProvider;
  beforeAll(async () => {
    liechtenstein = await OsmRoutingProvider.fromFile(LIECHTENSTEIN_PBF);
  });

  it("stops cars at a bollard across a street that bicycles pass", async () => {
    const router = liechtenstein;
    const g = router.graph;
    const BIKE = PROFILES.indexOf("bicycle");
    const carUsable = (e: number) => (g.edgeDurationForward[CAR]?.[e] as number) < Infinity || (g.edgeDurationBackward[CAR]?.[e] as number) < Infinity;
    const bikeBothWays = (e: number) => (g.edgeDurationForward[BIKE]?.[e] as number) < Infinity && (g.edgeDurationBackward[BIKE]?.[e] as number) < Infinity;
    // A vertex blocked for cars joining two car roads that are longer than 20 m and two-way for bikes.
    let found: { v: number; edges: number[] } | undefined;
    for (let v = 0; v < g.vertexCount && !found; v++) {
      if (((g.vertexBlocked[v] as number) & PROFILE_BIT.car) === 0) continue;
      const edges = new Set<number>();
      for (let a = g.arcStart[v] as number; a < (g.arcStart[v + 1] as number); a++) edges.add((g.arcEdgeDir[a] as number) >> 1);
      const roads = [...edges].filter((e) => carUsable(e) && bikeBothWays(e) && (g.edgeLength[e] as number) > 20 && g.edgeFrom[e] !== g.edgeTo[e]);
      if (roads.length === 2) found = { v, edges: roads };
    }
    expect(found).toBeDefined();
    const [e1, e2] = found!.edges as [number, number];
    // 10 m from the bollard on each side.
    const near = (e: number) => pointAlong(router, e, g.edgeFrom[e] === found!.v ? 10 / (g.edgeLength[e] as number) : 1 - 10 / (g.edgeLength[e] as number));
    const a = near(e1);
    const b = near(e2);
    const bike = await router.matrix([a, b], "bicycle");
    expect(bike.distances[0]?.[1]).toBeCloseTo(20, 0);
    // The car either cannot snap there at all or has to go round.
    const carSnapA = router.snap(a, "car");
    const car = await router.matrix([a, b], "car");
    const carDistance = car.distances[0]?.[1] as number;
    expect(carSnapA === null || carSnapA.distance > 5 || carDistance > 100).toBe(true);
  });

  it("Liechtenstein: road distances exceed straight lines by a sane factor", async () => {
    const router = liechtenstein;
    const towns = [
      { lat: 47.1415, lng: 9.5215 }, // Vaduz
      { lat: 47.165, lng: 9.5087 }, // Schaan
      { lat: 47.0665, lng: 9.5025 }, // Balzers
      { lat: 47.2106, lng: 9.5222 }, // Eschen
      { lat: 47.1181, lng: 9.5431 }, // Triesenberg (on the mountainside)
    ];
    const m = await router.matrix(towns, "car");
    expect(m.unreachable).toEqual([]);
    for (let i = 0; i < towns.length; i++) {
      for (let j = 0; j < towns.length; j++) {
        if (i === j) continue;
        const straight = haversineMeters(towns[i]!.lat, towns[i]!.lng, towns[j]!.lat, towns[j]!.lng);
        const road = m.distances[i]?.[j] as number;
        expect(road).toBeGreaterThanOrEqual(straight);
        expect(road).toBeLessThan(straight * 2.5);
        const kmh = road / 1000 / ((m.durations[i]?.[j] as number) / 3600);
        expect(kmh).toBeGreaterThan(15);
        expect(kmh).toBeLessThan(90);
      }
    }
  });

  it("Andorra: the mountain road from Andorra la Vella to Pas de la Casa runs 25–45 km", async () => {
    const router = await OsmRoutingProvider.fromFile(ANDORRA_PBF);
    const vella = { lat: 42.5063, lng: 1.5218 };
    const pas = { lat: 42.5425, lng: 1.7336 };
    const m = await router.matrix([vella, pas], "car");
    const km = (m.distances[0]?.[1] as number) / 1000;
    expect(km).toBeGreaterThan(25);
    expect(km).toBeLessThan(45);
    const straightKm = haversineMeters(vella.lat, vella.lng, pas.lat, pas.lng) / 1000;
    expect(km / straightKm).toBeGreaterThan(1.2);
  });
});
