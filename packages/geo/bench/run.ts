/**
 * Built-in router benchmark: `npm run bench:geo` (or `npx tsx packages/geo/bench/run.ts [extract.osm.pbf]`).
 * Loads an extract (Liechtenstein by default), then times car matrices between random road
 * points (seeded, so every run uses the same points) and prints a table.
 */
import { stat } from "node:fs/promises";
import { haversineMeters } from "../src/geodesy";
import { loadOsmExtract } from "../src/osm-extract";
import type { OsmRoutingProvider } from "../src/osm/osm-router";
import { LIECHTENSTEIN_PBF } from "../src/testing/extracts";
import type { LatLng, Profile } from "../src/types";

/** Mulberry32: a tiny seeded generator so benchmark points are reproducible. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random points on roads the profile can use: geometry points of the graph, picked by the seeded generator. */
function randomRoadPoints(router: OsmRoutingProvider, count: number, profile: Profile, seed: number): LatLng[] {
  const random = seededRandom(seed);
  const g = router.graph;
  const out: LatLng[] = [];
  while (out.length < count) {
    const k = Math.floor(random() * g.geomLat.length);
    const p = { lat: g.geomLat[k] as number, lng: g.geomLng[k] as number };
    const s = router.snap(p, profile);
    if (s && s.distance < 1) out.push(p);
  }
  return out;
}

/** Road ÷ straight-line distance over pairs more than 1 km apart: the real detour factor (haversine assumes 1.3). */
function detourSummary(points: LatLng[], distances: number[][]): string {
  const ratios: number[] = [];
  points.forEach((a, i) =>
    points.forEach((b, j) => {
      const straight = haversineMeters(a.lat, a.lng, b.lat, b.lng);
      const road = distances[i]?.[j] ?? Infinity;
      if (straight > 1000 && road < Infinity) ratios.push(road / straight);
    }),
  );
  ratios.sort((x, y) => x - y);
  const q = (f: number): string => (ratios[Math.floor(f * (ratios.length - 1))] ?? NaN).toFixed(2);
  return `road/straight p10 ${q(0.1)}, median ${q(0.5)}, p90 ${q(0.9)}`;
}

interface Row {
  step: string;
  ms: number;
  target: string;
  note: string;
}

async function main(): Promise<void> {
  const path = process.argv[2] ?? LIECHTENSTEIN_PBF;
  const rows: Row[] = [];
  // Loaded as the server loads OSM_EXTRACT: one parse for the router, addresses, streets and places.
  const t0 = performance.now();
  const extract = await loadOsmExtract(path);
  const loadMs = performance.now() - t0;
  // maxRSS is in kilobytes: the peak resident memory so far, i.e. what the loaded extract needs.
  const loadedPeakMb = process.resourceUsage().maxRSS / 1024;
  const router = extract.router;
  const s = router.stats;
  const e = extract.summary;
  rows.push({
    step: "load as the server does (parse + graph + index + addresses)",
    ms: loadMs,
    target: "a few s",
    note: `parse ${s.parseMs.toFixed(0)} ms, graph ${s.graphMs.toFixed(0)} ms, index ${s.indexMs.toFixed(0)} ms; ${s.vertices} vertices, ${s.edges} edges; ${e.nodes} nodes, ${e.ways} ways, ${e.addresses} addresses, ${e.streets} streets, ${e.places} places`,
  });
  // The first matrix includes JIT warm-up; report it, then the median of three warm runs.
  for (const [n, target] of [
    [100, 1000],
    [500, 10000],
  ] as const) {
    const points = randomRoadPoints(router, n, "car", 42 + n);
    const runs: number[] = [];
    let unreachable = 0;
    let detour = "";
    for (let run = 0; run < 4; run++) {
      const t = performance.now();
      const m = router.matrixSync(points, "car");
      runs.push(performance.now() - t);
      unreachable = m.unreachable.length;
      if (run === 0) detour = detourSummary(points, m.distances);
    }
    const [first, ...warm] = runs as [number, ...number[]];
    const median = warm.sort((a, b) => a - b)[1] as number;
    rows.push({
      step: `car matrix ${n}×${n}, first call`,
      ms: first,
      target: `< ${target / 1000} s`,
      note: `${unreachable} unreachable pairs; ${detour}; ${first <= target ? "OK" : "SLOW"}`,
    });
    rows.push({ step: `car matrix ${n}×${n}, warm (median of 3)`, ms: median, target: `< ${target / 1000} s`, note: median <= target ? "OK" : "SLOW" });
  }
  const foot = randomRoadPoints(router, 100, "foot", 7);
  const tf = performance.now();
  const fm = router.matrixSync(foot, "foot");
  rows.push({ step: "foot matrix 100×100", ms: performance.now() - tf, target: "-", note: `${fm.unreachable.length} unreachable pairs` });
  const route = randomRoadPoints(router, 20, "car", 99);
  const tr = performance.now();
  const r = await router.route(route, "car");
  rows.push({ step: "car route through 20 points", ms: performance.now() - tr, target: "-", note: `${(r.distance / 1000).toFixed(1)} km` });

  const fileMb = (await stat(path)).size / 1e6;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`extract: ${path} (${fileMb.toFixed(1)} MB)`);
  console.log(`peak RSS: ${loadedPeakMb.toFixed(0)} MB after loading, ${peakMb.toFixed(0)} MB after the matrices`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
  console.log("| step | time (ms) | target | note |");
  console.log("|---|---:|---|---|");
  for (const row of rows) console.log(`| ${row.step} | ${row.ms.toFixed(0)} | ${row.target} | ${row.note} |`);
}

await main();
