/**
 * Parsers for literature instance texts (TSPLIB, CVRPLIB, Solomon) and their conversion to
 * solver problems (pure: the caller reads the files), following the conventions of
 * datasets/bench/instances/README.md:
 * TSPLIB integer distances per EDGE_WEIGHT_TYPE, CVRPLIB nint(euclid), Solomon DIMACS
 * (each arc truncated to one decimal; here scaled by 10 to stay in integers).
 */
import type { Problem } from "../model/types";
import { fromVroomInput } from "../vroom/from-vroom";

export type SetName = "tsplib" | "A" | "B" | "P" | "X" | "solomon" | "lilim";

export interface BenchInstance {
  set: SetName;
  name: string;
  /** Number of customers (TSP: cities). */
  n: number;
  problem: Problem;
  /** Divide the checker's cost by this to get the literature unit (Solomon: 10). */
  costScale: number;
  bks: number;
}

interface Header {
  [key: string]: string;
}

function parseHeaderAndSections(text: string): { header: Header; lines: string[] } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const header: Header = {};
  for (const l of lines) {
    if (/_SECTION/.test(l)) break;
    const m = /^([A-Z_]+)\s*:\s*(.*)$/.exec(l);
    if (m) header[m[1]!] = m[2]!.trim().replace(/^"|"$/g, "");
  }
  return { header, lines };
}

function section(lines: string[], name: string): number[][] {
  const start = lines.findIndex((l) => l.startsWith(name));
  if (start < 0) return [];
  const out: number[][] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === "") continue;
    if (/^[A-Z_]+/.test(l) || l === "-1") break;
    out.push(l.split(/\s+/).map(Number));
  }
  return out;
}

const nint = (x: number): number => Math.floor(x + 0.5);

function geoRad(x: number): number {
  const deg = Math.trunc(x);
  const min = x - deg;
  return (3.141592 * (deg + (5 * min) / 3)) / 180;
}

/** TSPLIB95 distance function for the given EDGE_WEIGHT_TYPE. */
export function tsplibDistance(type: string): (a: number[], b: number[]) => number {
  switch (type) {
    case "EUC_2D":
      return (a, b) => nint(Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!));
    case "CEIL_2D":
      return (a, b) => Math.ceil(Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!));
    case "ATT":
      return (a, b) => {
        const dx = a[0]! - b[0]!;
        const dy = a[1]! - b[1]!;
        const r = Math.sqrt((dx * dx + dy * dy) / 10);
        const t = nint(r);
        return t < r ? t + 1 : t;
      };
    case "GEO":
      return (a, b) => {
        const la1 = geoRad(a[0]!);
        const lo1 = geoRad(a[1]!);
        const la2 = geoRad(b[0]!);
        const lo2 = geoRad(b[1]!);
        const q1 = Math.cos(lo1 - lo2);
        const q2 = Math.cos(la1 - la2);
        const q3 = Math.cos(la1 + la2);
        return Math.trunc(6378.388 * Math.acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1);
      };
    default:
      throw new Error(`unsupported EDGE_WEIGHT_TYPE ${type}`);
  }
}

function matrix(coords: number[][], d: (a: number[], b: number[]) => number): number[][] {
  return coords.map((a, i) => coords.map((b, j) => (i === j ? 0 : d(a, b))));
}

/** TSPLIB .tsp → one-vehicle round trip from city 1. */
export function parseTsplib(text: string, name: string, bks: number): BenchInstance {
  const { header, lines } = parseHeaderAndSections(text);
  const coords = section(lines, "NODE_COORD_SECTION").map((r) => [r[1]!, r[2]!]);
  const type = (header.EDGE_WEIGHT_TYPE ?? "EUC_2D").trim();
  const durations = matrix(coords, tsplibDistance(type));
  const problem: Problem = {
    matrices: { durations },
    jobs: coords.slice(1).map((_, i) => ({ id: i + 2, location: i + 1 })),
    vehicles: [{ id: 1, start: 0, end: 0 }],
  };
  return { set: "tsplib", name, n: coords.length, problem, costScale: 1, bks };
}

/** CVRPLIB .vrp → CVRP; `maxVehicles` limits the fleet (A/B/P: k), else one vehicle per customer. */
export function parseCvrp(text: string, set: SetName, name: string, bks: number, maxVehicles?: number): BenchInstance {
  const { header, lines } = parseHeaderAndSections(text);
  const coords = section(lines, "NODE_COORD_SECTION").map((r) => [r[1]!, r[2]!]);
  const demands = section(lines, "DEMAND_SECTION").map((r) => r[1]!);
  const capacity = Number(header.CAPACITY);
  const durations = matrix(coords, tsplibDistance("EUC_2D"));
  const fleet = maxVehicles ?? coords.length - 1;
  const problem: Problem = {
    matrices: { durations },
    jobs: coords.slice(1).map((_, i) => ({ id: i + 1, location: i + 1, delivery: [demands[i + 1]!] })),
    vehicles: Array.from({ length: fleet }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [capacity] })),
  };
  return { set, name, n: coords.length - 1, problem, costScale: 1, bks };
}

/** Solomon .txt → VRPTW under the DIMACS convention, times and distances ×10 (integers). */
export function parseSolomon(text: string, name: string, bks: number): BenchInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const vi = lines.findIndex((l) => l.startsWith("NUMBER"));
  const [fleet, capacity] = lines[vi + 1]!.split(/\s+/).map(Number) as [number, number];
  const ci = lines.findIndex((l) => l.startsWith("CUST NO."));
  const rows = lines.slice(ci + 1).filter((l) => /^\d/.test(l)).map((l) => l.split(/\s+/).map(Number));
  const trunc10 = (a: number[], b: number[]): number => Math.floor(10 * Math.hypot(a[1]! - b[1]!, a[2]! - b[2]!) + 1e-7);
  const durations = rows.map((a, i) => rows.map((b, j) => (i === j ? 0 : trunc10(a, b))));
  const depot = rows[0]!;
  const problem: Problem = {
    matrices: { durations },
    jobs: rows.slice(1).map((r, i) => ({
      id: r[0]!,
      location: i + 1,
      delivery: [r[3]!],
      timeWindows: [[r[4]! * 10, r[5]! * 10]],
      service: r[6]! * 10,
    })),
    vehicles: Array.from({ length: fleet }, (_, k) => ({
      id: k + 1,
      start: 0,
      end: 0,
      capacity: [capacity],
      timeWindow: [depot[4]! * 10, depot[5]! * 10] as const,
    })),
  };
  return { set: "solomon", name, n: rows.length - 1, problem, costScale: 10, bks };
}

/**
 * Li & Lim PDPTW instance in VROOM JSON (datasets/bench/instances/pdptw/README.md): integer
 * matrices, Euclidean distance × 100 rounded, which are both the travel times and the costs.
 */
export function parseLiLim(text: string, name: string, bks: number): BenchInstance {
  const problem = fromVroomInput(JSON.parse(text));
  return { set: "lilim", name, n: (problem.shipments?.length ?? 0) * 2 + (problem.jobs?.length ?? 0), problem, costScale: 1, bks };
}
