/**
 * Rich-fleet instance generator (issue 26, "Rich fleets"). Pure given the instance spec (extract,
 * size, seed): the same spec gives a byte-identical `Problem`, whose road matrices come from our
 * own OSM router (`OsmRoutingProvider`) on the extracts in datasets/osm/. Every rule is written
 * down in bench/rich/README.md; change a rule and bump GENERATOR_VERSION (it is part of the cache
 * key and of the instance hash that bench/rich/bks.json records).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadOsmExtract, type LatLng, type OsmRoutingProvider } from "../../packages/geo/src/index";
import type { Break, Job, Matrices, Problem, Shipment, TimeWindow, Vehicle } from "../../packages/solver/src/index";

/** Bump when any generation rule changes: old caches and best-known costs then no longer apply. */
export const GENERATOR_VERSION = 1;

const here = dirname(fileURLToPath(import.meta.url));
export const RICH_DIR = here;
export const CACHE_DIR = join(here, ".cache");
const OSM_DIR = join(here, "..", "..", "datasets", "osm");

export type ExtractName = "monaco" | "andorra" | "liechtenstein";

interface ExtractSpec {
  file: string;
  /** Fixed depot coordinates (snapped by the router like any other point). */
  depots: readonly (LatLng & { label: string })[];
}

/** The three extracts and their depots: a few fixed, named places on the road network. */
export const EXTRACTS: Readonly<Record<ExtractName, ExtractSpec>> = {
  monaco: {
    file: "monaco-2025-02-15.osm.pbf",
    depots: [
      { label: "Fontvieille", lat: 43.7305, lng: 7.4175 },
      { label: "La Condamine", lat: 43.7365, lng: 7.4205 },
    ],
  },
  liechtenstein: {
    file: "liechtenstein-2024-03-04.osm.pbf",
    depots: [
      { label: "Vaduz", lat: 47.1395, lng: 9.5215 },
      { label: "Schaan", lat: 47.1665, lng: 9.5095 },
      { label: "Eschen", lat: 47.2105, lng: 9.5225 },
    ],
  },
  andorra: {
    file: "andorra-2025-01-19.osm.pbf",
    depots: [
      { label: "Andorra la Vella", lat: 42.5075, lng: 1.5265 },
      { label: "Encamp", lat: 42.5345, lng: 1.5805 },
      { label: "Sant Julià de Lòria", lat: 42.4655, lng: 1.4915 },
    ],
  },
};

export interface InstanceSpec {
  name: string;
  extract: ExtractName;
  /** Orders: a job or a pickup-and-delivery pair each. */
  orders: number;
  seed: number;
  /** Long-run budget in seconds (best-known runs); `--time tenth` runs a tenth of it. */
  longRunS: number;
}

/** The benchmark set: ten instances over the three extracts (Monaco only at small sizes). */
export const INSTANCES: readonly InstanceSpec[] = [
  { name: "monaco-50", extract: "monaco", orders: 50, seed: 1, longRunS: 60 },
  { name: "monaco-100", extract: "monaco", orders: 100, seed: 2, longRunS: 60 },
  { name: "liechtenstein-100", extract: "liechtenstein", orders: 100, seed: 3, longRunS: 60 },
  { name: "andorra-100", extract: "andorra", orders: 100, seed: 4, longRunS: 60 },
  { name: "liechtenstein-200", extract: "liechtenstein", orders: 200, seed: 5, longRunS: 60 },
  { name: "andorra-200", extract: "andorra", orders: 200, seed: 6, longRunS: 60 },
  { name: "liechtenstein-500", extract: "liechtenstein", orders: 500, seed: 7, longRunS: 120 },
  { name: "andorra-500", extract: "andorra", orders: 500, seed: 8, longRunS: 120 },
  { name: "liechtenstein-1000", extract: "liechtenstein", orders: 1000, seed: 9, longRunS: 180 },
  { name: "andorra-1000", extract: "andorra", orders: 1000, seed: 10, longRunS: 180 },
];

/** Mulberry32: a tiny seeded generator, so the instances do not depend on the solver's own RNG. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Skill numbers. */
export const SKILL_REFRIGERATED = 1;
export const SKILL_HEAVY = 2;

const HOUR = 3600;
const MINUTE = 60;

/**
 * Random road points usable by car and bicycle: geometry points of the road graph drawn by the
 * seeded generator, kept when both profiles snap onto them exactly (< 1 m, i.e. the point lies on a
 * road of each profile's main strongly connected component) and not already drawn.
 */
function randomRoadPoints(router: OsmRoutingProvider, count: number, random: () => number): LatLng[] {
  const g = router.graph;
  const seen = new Set<number>();
  const out: LatLng[] = [];
  let tries = 0;
  while (out.length < count) {
    if (++tries > count * 1000) throw new Error(`only ${out.length} of ${count} road points found`);
    const k = Math.floor(random() * g.geomLat.length);
    if (seen.has(k)) continue;
    seen.add(k);
    const p = { lat: g.geomLat[k] as number, lng: g.geomLng[k] as number };
    const car = router.snap(p, "car");
    const bike = router.snap(p, "bicycle");
    if (car && car.distance < 1 && bike && bike.distance < 1) out.push(p);
  }
  return out;
}

/** Road matrices rounded to whole seconds and metres; an unreachable pair is `null`. */
function roadMatrices(router: OsmRoutingProvider, points: readonly LatLng[], profile: "car" | "bicycle"): { m: Matrices; unreachable: number } {
  const r = router.matrixSync(points, profile);
  const round = (rows: number[][]): (number | null)[][] => rows.map((row) => row.map((v) => (Number.isFinite(v) ? Math.round(v) : null)));
  return { m: { durations: round(r.durations), distances: round(r.distances) }, unreachable: r.unreachable.length };
}

const int = (random: () => number, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Time windows of one order: 40 % none, 40 % one window of 2–4 h, 20 % a morning and an afternoon window of 2 h. */
function orderWindows(random: () => number): TimeWindow[] | undefined {
  const u = random();
  if (u < 0.4) return undefined;
  if (u < 0.8) {
    const length = int(random, 4, 8) * 30 * MINUTE;
    const start = 8 * HOUR + int(random, 0, (10 * HOUR - length) / (30 * MINUTE)) * 30 * MINUTE;
    return [[start, start + length]];
  }
  const morning = 8 * HOUR + int(random, 0, 4) * 30 * MINUTE;
  const afternoon = 13 * HOUR + int(random, 0, 6) * 30 * MINUTE;
  return [
    [morning, morning + 2 * HOUR],
    [afternoon, afternoon + 2 * HOUR],
  ];
}

const lunch = (id: number, minutes: number): Break => ({ id, timeWindows: [[11 * HOUR + 30 * MINUTE, 14 * HOUR]], service: minutes * MINUTE });

export interface GeneratedInstance {
  spec: InstanceSpec;
  problem: Problem;
  /** What was generated, for the README and the report. */
  summary: {
    locations: number;
    jobs: number;
    shipments: number;
    vehicles: { van: number; car: number; bike: number; open: number; maxStops: number };
    unreachablePairs: { car: number; bicycle: number };
  };
}

/**
 * Generates one instance (pure given the spec and the extract file). Locations: the extract's
 * depots first, then one location per job, then a pickup and a delivery location per shipment.
 */
export async function generateInstance(spec: InstanceSpec): Promise<GeneratedInstance> {
  const ex = EXTRACTS[spec.extract];
  const { router } = await loadOsmExtract(join(OSM_DIR, ex.file));
  const random = seededRandom(spec.seed * 7919 + GENERATOR_VERSION);
  const depots = ex.depots.map(({ lat, lng }) => ({ lat, lng }));
  const D = depots.length;
  const shipmentCount = Math.round(spec.orders * 0.1);
  const jobCount = spec.orders - shipmentCount;
  const points = [...depots, ...randomRoadPoints(router, jobCount + 2 * shipmentCount, random)];

  // Orders: sizes in kg and parcels; 10 % refrigerated, 5 % heavy (bulky, heavy-skill vehicle only).
  const jobs: Job[] = [];
  for (let i = 0; i < jobCount; i++) {
    const u = random();
    const heavy = u < 0.05;
    const refrigerated = !heavy && u < 0.15;
    const kg = heavy ? int(random, 80, 250) : int(random, 1, 25);
    const parcels = heavy ? int(random, 1, 3) : int(random, 1, 4);
    const tws = orderWindows(random);
    const p = random();
    jobs.push({
      id: i + 1,
      location: D + i,
      service: (heavy ? int(random, 10, 20) : int(random, 2, 8)) * MINUTE,
      delivery: [kg, parcels],
      ...(tws ? { timeWindows: tws } : {}),
      ...(heavy ? { skills: [SKILL_HEAVY] } : refrigerated ? { skills: [SKILL_REFRIGERATED] } : {}),
      ...(p < 0.1 ? { priority: 100 } : p < 0.3 ? { priority: 50 } : {}),
    });
  }
  // Pickup-and-delivery pairs: picked up in the morning or any time, delivered later in the day.
  const shipments: Shipment[] = [];
  for (let s = 0; s < shipmentCount; s++) {
    const pickupStart = 8 * HOUR + int(random, 0, 6) * 30 * MINUTE;
    const timed = random() < 0.5;
    const p = random();
    shipments.push({
      pickup: {
        id: 100_000 + 2 * s + 1,
        location: D + jobCount + 2 * s,
        service: int(random, 2, 6) * MINUTE,
        ...(timed ? { timeWindows: [[pickupStart, pickupStart + 2 * HOUR]] } : {}),
      },
      delivery: {
        id: 100_000 + 2 * s + 2,
        location: D + jobCount + 2 * s + 1,
        service: int(random, 2, 6) * MINUTE,
        ...(timed ? { timeWindows: [[pickupStart + 2 * HOUR, pickupStart + 6 * HOUR]] } : {}),
      },
      amount: [int(random, 1, 30), int(random, 1, 3)],
      ...(p < 0.2 ? { priority: 100 } : {}),
    });
  }

  // Fleet: about one vehicle per 14 orders (at least 4), ~50 % vans, ~30 % cars, ~20 % cargo bikes.
  const fleetSize = Math.max(4, Math.ceil(spec.orders / 14));
  const bikes = Math.max(1, Math.round(fleetSize * 0.2));
  const cars = Math.max(1, Math.round(fleetSize * 0.3));
  const vans = fleetSize - bikes - cars;
  const vehicles: Vehicle[] = [];
  let openCount = 0;
  let maxStopsCount = 0;
  for (let v = 0; v < fleetSize; v++) {
    const kind = v < vans ? "van" : v < vans + cars ? "car" : "bike";
    const depot = v % D;
    const shiftStart = pick(random, [7, 8, 8, 9]) * HOUR;
    const id = v + 1;
    if (kind === "van") {
      // Every 3rd van is refrigerated, every 4th (from the 2nd) heavy; every 3rd (from the 3rd) limited to 30 stops.
      const skills = [...(v % 3 === 0 ? [SKILL_REFRIGERATED] : []), ...(v % 4 === 1 ? [SKILL_HEAVY] : [])];
      const limited = v % 3 === 2;
      if (limited) maxStopsCount++;
      vehicles.push({
        id,
        start: depot,
        end: depot,
        capacity: [v % 4 === 1 ? 1200 : 800, 80],
        timeWindow: [shiftStart, shiftStart + 10 * HOUR],
        ...(skills.length ? { skills } : {}),
        ...(limited ? { maxStops: 30 } : {}),
        breaks: [lunch(id * 10 + 1, 45)],
        fixedCost: 1800,
      });
    } else if (kind === "car") {
      // Cars: half of them open (the driver goes home after the last stop: no `end`).
      const open = (v - vans) % 2 === 0;
      if (open) openCount++;
      vehicles.push({
        id,
        start: depot,
        ...(open ? {} : { end: depot }),
        capacity: [250, 30],
        timeWindow: [shiftStart, shiftStart + 8 * HOUR],
        ...((v - vans) % 3 === 1 ? { skills: [SKILL_REFRIGERATED] } : {}),
        breaks: [lunch(id * 10 + 1, 30)],
        fixedCost: 1200,
      });
    } else {
      maxStopsCount++;
      vehicles.push({
        id,
        start: depot,
        end: depot,
        profile: "bicycle",
        capacity: [120, 15],
        timeWindow: [shiftStart, shiftStart + 6 * HOUR],
        maxStops: 20,
        breaks: [lunch(id * 10 + 1, 20)],
        fixedCost: 600,
      });
    }
  }

  const car = roadMatrices(router, points, "car");
  const bicycle = roadMatrices(router, points, "bicycle");
  const problem: Problem = { matrices: car.m, profileMatrices: { bicycle: bicycle.m }, jobs, shipments, vehicles };
  return {
    spec,
    problem,
    summary: {
      locations: points.length,
      jobs: jobCount,
      shipments: shipmentCount,
      vehicles: { van: vans, car: cars, bike: bikes, open: openCount, maxStops: maxStopsCount },
      unreachablePairs: { car: car.unreachable, bicycle: bicycle.unreachable },
    },
  };
}

/** The serialised instance: the exact bytes that are cached and hashed. */
export function serialize(instance: GeneratedInstance): string {
  return JSON.stringify({ generatorVersion: GENERATOR_VERSION, spec: instance.spec, summary: instance.summary, problem: instance.problem });
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function cachePath(spec: InstanceSpec): string {
  return join(CACHE_DIR, `${spec.name}-seed${spec.seed}-v${GENERATOR_VERSION}.json`);
}

/** The instance from bench/rich/.cache/ (git-ignored), generating and caching it on a miss. */
export async function loadInstance(spec: InstanceSpec): Promise<{ instance: GeneratedInstance; hash: string; cached: boolean }> {
  const path = cachePath(spec);
  if (existsSync(path)) {
    const text = readFileSync(path, "utf8");
    return { instance: JSON.parse(text) as GeneratedInstance, hash: sha256(text), cached: true };
  }
  const instance = await generateInstance(spec);
  const text = serialize(instance);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written under a temporary name and renamed, so a killed run never leaves half a file.
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
  return { instance, hash: sha256(text), cached: false };
}
