import { PROFILES, type LatLng, type Profile } from "@routepilot/geo";
import { InvalidProblemError, type VroomInput, type VroomOutput } from "@routepilot/solver";
import { PUBLIC_API_LIMITS, publicApiMessages } from "@routepilot/contracts";
import { VroomInputError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { GeoHandle } from "../maps/geo";
import { matrixWithFallback } from "../delivery-routes/route-planning";

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const lengthOf = (x: unknown) => (Array.isArray(x) ? x.length : 0);

/** Jobs + shipments in a VROOM input (what the task limits count). */
export function countTasks(input: unknown): number {
  return isObject(input) ? lengthOf(input.jobs) + lengthOf(input.shipments) : 0;
}

/**
 * The size checks every /api/v1 problem passes: an object, at most PUBLIC_API_LIMITS.maxTasks
 * tasks (413), and with `sync`, at most PUBLIC_API_LIMITS.syncTasks (413 pointing at /api/v1/jobs).
 */
export function checkProblemSize(input: unknown, sync: boolean): number {
  if (!isObject(input)) throw new VroomInputError(400, "input must be a JSON object");
  const tasks = countTasks(input);
  if (tasks > PUBLIC_API_LIMITS.maxTasks) throw new VroomInputError(413, publicApiMessages.tooManyTasks(tasks));
  if (sync && tasks > PUBLIC_API_LIMITS.syncTasks) throw new VroomInputError(413, publicApiMessages.tooManyForSync(tasks));
  return tasks;
}

/** Search options beside VROOM's fields: `options.time_limit` (seconds, ≤ maxSeconds) and `options.seed`. */
export function readOptions(input: Record<string, unknown>, maxSeconds: number): { timeLimitMs?: number; seed: number } {
  const options = input.options;
  if (options === undefined) return { seed: 1 };
  if (!isObject(options)) throw new InvalidProblemError("options", "must be an object");
  const { time_limit: limit, seed } = options;
  if (limit !== undefined && (typeof limit !== "number" || !Number.isFinite(limit) || limit <= 0 || limit > maxSeconds)) {
    throw new InvalidProblemError("options.time_limit", `must be a number of seconds above 0 and at most ${maxSeconds}`);
  }
  if (seed !== undefined && (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > 2 ** 31)) {
    throw new InvalidProblemError("options.seed", "must be a whole number from 0");
  }
  return { ...(limit !== undefined ? { timeLimitMs: Math.round(limit * 1000) } : {}), seed: typeof seed === "number" ? seed : 1 };
}

/** `[longitude, latitude]` read from a VROOM `location`, or an InvalidProblemError naming the field. */
function coordinate(value: unknown, field: string): LatLng {
  const ok = Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "number" && Number.isFinite(v));
  const [lng, lat] = ok ? (value as [number, number]) : [Number.NaN, Number.NaN];
  if (!ok || lng < -180 || lng > 180 || lat < -90 || lat > 90) throw new InvalidProblemError(field, "must be [longitude, latitude] in degrees");
  return { lat, lng };
}

/** The points of a coordinates-only problem, and the problem with every `location` given its `*_index`. */
interface Located {
  input: VroomInput;
  points: LatLng[];
}

/**
 * For an input with `location: [lng, lat]` and no `matrices`/`matrix`: numbers the distinct
 * points (vehicles' start/end, jobs, shipment steps) and sets each `*_index`. Null when the input
 * brings its own matrices (or no coordinates at all: fromVroomInput then names what is missing).
 */
export function locateProblem(raw: Record<string, unknown>): Located | null {
  if (raw.matrices !== undefined || raw.matrix !== undefined) return null;
  const input = structuredClone(raw) as Record<string, unknown>;
  const points: LatLng[] = [];
  const indexOf = new Map<string, number>();
  const place = (holder: Record<string, unknown>, key: string, indexKey: string, field: string) => {
    if (holder[key] === undefined) return;
    const p = coordinate(holder[key], field);
    const id = `${p.lng},${p.lat}`;
    let index = indexOf.get(id);
    if (index === undefined) {
      index = points.length;
      indexOf.set(id, index);
      points.push(p);
    }
    holder[indexKey] = index;
  };
  const each = (list: unknown, name: string, visit: (item: Record<string, unknown>, field: string) => void) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      if (isObject(item)) visit(item, `${name}[${i}]`);
    });
  };
  each(input.vehicles, "vehicles", (v, f) => {
    place(v, "start", "start_index", `${f}.start`);
    place(v, "end", "end_index", `${f}.end`);
  });
  each(input.jobs, "jobs", (j, f) => place(j, "location", "location_index", `${f}.location`));
  each(input.shipments, "shipments", (s, f) => {
    for (const step of ["pickup", "delivery"] as const) {
      const value = s[step];
      if (isObject(value)) place(value, "location", "location_index", `${f}.${step}.location`);
    }
  });
  return points.length > 0 ? { input: input as unknown as VroomInput, points } : null;
}

const whole = (m: number[][]) => m.map((row) => row.map((v) => (Number.isFinite(v) ? Math.round(v) : null)));

/** The routing profiles the vehicles use (VROOM's default is "car"); an unknown one names its field. */
function profilesOf(input: VroomInput): Profile[] {
  const found = new Set<Profile>();
  (Array.isArray(input.vehicles) ? input.vehicles : []).forEach((v, i) => {
    const name = isObject(v) && v.profile !== undefined ? v.profile : "car";
    if (!(PROFILES as readonly unknown[]).includes(name)) throw new InvalidProblemError(`vehicles[${i}].profile`, `must be one of ${PROFILES.join(", ")}`);
    found.add(name as Profile);
  });
  return found.size > 0 ? [...found] : ["car"];
}

/** Fills `matrices` for each vehicle profile from the configured routing provider (straight-line if it fails). */
export async function withRoadMatrices(deps: { geo: GeoHandle; logger: Logger }, located: Located): Promise<VroomInput> {
  const geo = await deps.geo.get();
  const matrices: NonNullable<VroomInput["matrices"]> = {};
  for (const profile of profilesOf(located.input)) {
    const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, located.points, profile);
    matrices[profile] = { durations: whole(matrix.durations), distances: whole(matrix.distances) };
  }
  return { ...located.input, matrices };
}

/** VROOM reports `location` beside `location_index` when the input gave coordinates. */
export function addLocations(output: VroomOutput, points: readonly LatLng[]): VroomOutput {
  const at = (index: number | undefined) => (index !== undefined && points[index] ? { location: [points[index].lng, points[index].lat] as [number, number] } : {});
  return {
    ...output,
    ...(output.routes ? { routes: output.routes.map((r) => ({ ...r, steps: r.steps.map((s) => ({ ...s, ...at(s.location_index) })) })) } : {}),
    ...(output.unassigned ? { unassigned: output.unassigned.map((u) => ({ ...u, ...at(u.location_index) })) } : {}),
  };
}
