import { InvalidProblemError } from "./errors";
import type { Amount, ObjectiveMode, Problem, TimeWindow } from "./types";

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function requireNumber(value: unknown, field: string, opts: { min?: number; integer?: boolean; optional?: boolean } = {}): void {
  if (value === undefined && opts.optional) return;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new InvalidProblemError(field, "must be a finite number");
  if (opts.integer && !Number.isInteger(value)) throw new InvalidProblemError(field, "must be an integer");
  if (opts.min !== undefined && value < opts.min) throw new InvalidProblemError(field, `must be >= ${opts.min}`);
}

/** Typed arrays accepted as matrix rows (types.ts MatrixRow). */
function isTypedRow(row: unknown): row is Int32Array | Uint32Array | Float32Array | Float64Array {
  return row instanceof Int32Array || row instanceof Uint32Array || row instanceof Float32Array || row instanceof Float64Array;
}

/** Index of the first negative value, else -1. */
function firstNegative(row: Int32Array): number {
  for (let j = 0; j < row.length; j++) if (row[j]! < 0) return j;
  return -1;
}

/** Index of the first negative, infinite or NaN value, else -1. */
function firstNotFinite(row: Float32Array | Float64Array): number {
  for (let j = 0; j < row.length; j++) {
    const v = row[j]!;
    if (!(v >= 0 && v < Infinity)) return j;
  }
  return -1;
}

function requireMatrix(m: unknown, field: string, n: number | undefined, values = true): number {
  if (!Array.isArray(m)) throw new InvalidProblemError(field, "must be an array of rows");
  const size = n ?? m.length;
  if (m.length !== size) throw new InvalidProblemError(field, `must have ${size} rows, got ${m.length}`);
  for (let i = 0; i < size; i++) {
    const row: unknown = m[i];
    if (isTypedRow(row)) {
      if (row.length !== size) throw new InvalidProblemError(`${field}[${i}]`, `must be an array of ${size} numbers (square matrix)`);
      if (!values || row instanceof Uint32Array) continue;
      // A typed row has no null: every value must be finite and non-negative (NaN fails both
      // tests). Integer rows are finite: only the sign is checked (one loop per row type).
      const j = row instanceof Int32Array ? firstNegative(row) : firstNotFinite(row);
      if (j >= 0) throw new InvalidProblemError(`${field}[${i}][${j}]`, "must be a non-negative finite number (typed rows have no null)");
      continue;
    }
    if (!Array.isArray(row) || row.length !== size)
      throw new InvalidProblemError(`${field}[${i}]`, `must be an array of ${size} numbers (square matrix)`);
    if (!values) continue;
    for (let j = 0; j < size; j++) {
      const v: unknown = row[j];
      if (v === null) continue;
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
        throw new InvalidProblemError(`${field}[${i}][${j}]`, "must be a non-negative finite number or null");
    }
  }
  return size;
}

function requireAmount(a: unknown, field: string, dims: { k: number | undefined }): void {
  if (a === undefined) return;
  if (!Array.isArray(a)) throw new InvalidProblemError(field, "must be an array of numbers");
  a.forEach((v, i) => requireNumber(v, `${field}[${i}]`, { min: 0 }));
  if (dims.k === undefined) dims.k = a.length;
  else if (a.length !== dims.k) throw new InvalidProblemError(field, `must have ${dims.k} dimensions like the other amounts`);
}

function requireWindows(w: unknown, field: string): void {
  if (w === undefined) return;
  if (!Array.isArray(w)) throw new InvalidProblemError(field, "must be an array of [start, end] pairs");
  w.forEach((tw: unknown, i) => requireWindow(tw, `${field}[${i}]`));
}

function requireWindow(tw: unknown, field: string): void {
  if (!Array.isArray(tw) || tw.length !== 2) throw new InvalidProblemError(field, "must be a [start, end] pair");
  const [a, b] = tw as unknown[];
  requireNumber(a, `${field}[0]`, { min: 0 });
  if (b !== Infinity) requireNumber(b, `${field}[1]`, { min: 0 });
  if ((a as number) > (b as number)) throw new InvalidProblemError(field, "window start is after its end");
}

function requireSkills(s: unknown, field: string): void {
  if (s === undefined) return;
  if (!Array.isArray(s)) throw new InvalidProblemError(field, "must be an array of non-negative integers");
  s.forEach((v, i) => requireNumber(v, `${field}[${i}]`, { min: 0, integer: true }));
}

function requireLocation(loc: unknown, field: string, n: number, optional = false): void {
  if (loc === undefined && optional) return;
  requireNumber(loc, field, { min: 0, integer: true });
  if ((loc as number) >= n) throw new InvalidProblemError(field, `must be a location index below ${n} (matrix size)`);
}

/**
 * Checks a problem's shape and values; throws InvalidProblemError naming the first bad field.
 * Never hangs: every check is linear in the input size. With `matrixValues: false` the matrices'
 * shapes are checked but not their n² values (a caller that reads every value anyway checks them
 * there, e.g. the server's solver pool while it packs them a block of rows at a time).
 */
export function requireValidProblem(problem: unknown, options: { matrixValues?: boolean } = {}): asserts problem is Problem {
  const values = options.matrixValues ?? true;
  if (!isObject(problem)) throw new InvalidProblemError("problem", "must be an object");
  const matrices = problem.matrices;
  if (!isObject(matrices)) throw new InvalidProblemError("matrices", "must be an object with durations");
  const n = requireMatrix(matrices.durations, "matrices.durations", undefined, values);
  if (matrices.distances !== undefined) requireMatrix(matrices.distances, "matrices.distances", n, values);
  if (matrices.costs !== undefined) requireMatrix(matrices.costs, "matrices.costs", n, values);
  const profiles = problem.profileMatrices;
  if (profiles !== undefined && !isObject(profiles)) throw new InvalidProblemError("profileMatrices", "must be an object of matrices by profile");
  for (const [name, m] of Object.entries(profiles ?? {})) {
    const f = `profileMatrices.${name}`;
    if (!isObject(m)) throw new InvalidProblemError(f, "must be an object with durations");
    requireMatrix(m.durations, `${f}.durations`, n, values);
    if (m.distances !== undefined) requireMatrix(m.distances, `${f}.distances`, n, values);
    if (m.costs !== undefined) requireMatrix(m.costs, `${f}.costs`, n, values);
  }
  /** The matrices vehicle `v` travels by. */
  const travelOf = (v: Record<string, unknown>) => (typeof v.profile === "string" ? (profiles as Record<string, Record<string, unknown>>)[v.profile] : matrices) as Record<string, unknown>;
  const dims: { k: number | undefined } = { k: undefined };

  const jobs = problem.jobs ?? [];
  if (!Array.isArray(jobs)) throw new InvalidProblemError("jobs", "must be an array");
  const jobIds = new Set<number>();
  jobs.forEach((job: unknown, i) => {
    const f = `jobs[${i}]`;
    if (!isObject(job)) throw new InvalidProblemError(f, "must be an object");
    requireNumber(job.id, `${f}.id`, { integer: true });
    if (jobIds.has(job.id as number)) throw new InvalidProblemError(`${f}.id`, `duplicate job id ${String(job.id)}`);
    jobIds.add(job.id as number);
    requireLocation(job.location, `${f}.location`, n);
    requireNumber(job.service, `${f}.service`, { min: 0, optional: true });
    requireNumber(job.setup, `${f}.setup`, { min: 0, optional: true });
    requireAmount(job.delivery, `${f}.delivery`, dims);
    requireAmount(job.pickup, `${f}.pickup`, dims);
    requireWindows(job.timeWindows, `${f}.timeWindows`);
    requireSkills(job.skills, `${f}.skills`);
    requireNumber(job.priority, `${f}.priority`, { min: 0, optional: true });
    if (typeof job.priority === "number" && job.priority > 100) throw new InvalidProblemError(`${f}.priority`, "must be <= 100");
  });

  const shipments = problem.shipments ?? [];
  if (!Array.isArray(shipments)) throw new InvalidProblemError("shipments", "must be an array");
  const pickupIds = new Set<number>();
  const deliveryIds = new Set<number>();
  shipments.forEach((s: unknown, i) => {
    const f = `shipments[${i}]`;
    if (!isObject(s)) throw new InvalidProblemError(f, "must be an object");
    for (const side of ["pickup", "delivery"] as const) {
      const step = s[side];
      const g = `${f}.${side}`;
      if (!isObject(step)) throw new InvalidProblemError(g, "must be an object");
      requireNumber(step.id, `${g}.id`, { integer: true });
      const ids = side === "pickup" ? pickupIds : deliveryIds;
      if (ids.has(step.id as number)) throw new InvalidProblemError(`${g}.id`, `duplicate ${side} id ${String(step.id)}`);
      ids.add(step.id as number);
      requireLocation(step.location, `${g}.location`, n);
      requireNumber(step.service, `${g}.service`, { min: 0, optional: true });
      requireNumber(step.setup, `${g}.setup`, { min: 0, optional: true });
      requireWindows(step.timeWindows, `${g}.timeWindows`);
    }
    requireAmount(s.amount, `${f}.amount`, dims);
    requireSkills(s.skills, `${f}.skills`);
    requireNumber(s.priority, `${f}.priority`, { min: 0, optional: true });
    if (typeof s.priority === "number" && s.priority > 100) throw new InvalidProblemError(`${f}.priority`, "must be <= 100");
  });

  const vehicles = problem.vehicles;
  if (!Array.isArray(vehicles)) throw new InvalidProblemError("vehicles", "must be an array");
  const vehicleIds = new Set<number>();
  vehicles.forEach((v: unknown, i) => {
    const f = `vehicles[${i}]`;
    if (!isObject(v)) throw new InvalidProblemError(f, "must be an object");
    requireNumber(v.id, `${f}.id`, { integer: true });
    if (vehicleIds.has(v.id as number)) throw new InvalidProblemError(`${f}.id`, `duplicate vehicle id ${String(v.id)}`);
    vehicleIds.add(v.id as number);
    requireLocation(v.start, `${f}.start`, n, true);
    requireLocation(v.end, `${f}.end`, n, true);
    requireAmount(v.capacity, `${f}.capacity`, dims);
    if (v.timeWindow !== undefined) requireWindow(v.timeWindow, `${f}.timeWindow`);
    requireSkills(v.skills, `${f}.skills`);
    requireNumber(v.maxTravelTime, `${f}.maxTravelTime`, { min: 0, optional: true });
    requireNumber(v.maxDistance, `${f}.maxDistance`, { min: 0, optional: true });
    requireNumber(v.maxStops, `${f}.maxStops`, { min: 0, integer: true, optional: true });
    requireNumber(v.speedFactor, `${f}.speedFactor`, { min: 1e-6, optional: true });
    requireNumber(v.fixedCost, `${f}.fixedCost`, { min: 0, optional: true });
    requireNumber(v.maxTrips, `${f}.maxTrips`, { min: 1, integer: true, optional: true });
    requireNumber(v.reloadTime, `${f}.reloadTime`, { min: 0, optional: true });
    if ((v.maxTrips as number | undefined) !== undefined && (v.maxTrips as number) > 1 && v.start === undefined)
      throw new InvalidProblemError(`${f}.start`, "is required with maxTrips above 1 (the vehicle reloads at its start)");
    if (v.profile !== undefined && (typeof v.profile !== "string" || !isObject(profiles) || !Object.hasOwn(profiles, v.profile)))
      throw new InvalidProblemError(`${f}.profile`, "must name one of profileMatrices");
    if (v.maxDistance !== undefined && travelOf(v).distances === undefined)
      throw new InvalidProblemError(`${f}.maxDistance`, "requires the vehicle's distances matrix");
    if (v.breaks !== undefined) {
      if (!Array.isArray(v.breaks)) throw new InvalidProblemError(`${f}.breaks`, "must be an array");
      const breakIds = new Set<number>();
      v.breaks.forEach((b: unknown, j) => {
        const g = `${f}.breaks[${j}]`;
        if (!isObject(b)) throw new InvalidProblemError(g, "must be an object");
        requireNumber(b.id, `${g}.id`, { integer: true });
        if (breakIds.has(b.id as number)) throw new InvalidProblemError(`${g}.id`, "duplicate break id");
        breakIds.add(b.id as number);
        requireWindows(b.timeWindows, `${g}.timeWindows`);
        requireNumber(b.service, `${g}.service`, { min: 0, optional: true });
      });
    }
  });

  const objective = problem.objective;
  if (objective !== undefined) {
    if (!isObject(objective)) throw new InvalidProblemError("objective", "must be an object");
    requireNumber(objective.travelTime, "objective.travelTime", { min: 0, optional: true });
    requireNumber(objective.distance, "objective.distance", { min: 0, optional: true });
    requireNumber(objective.balanceWeight, "objective.balanceWeight", { min: 0, optional: true });
    if (objective.mode !== undefined && !(OBJECTIVE_MODES as readonly unknown[]).includes(objective.mode))
      throw new InvalidProblemError("objective.mode", `must be one of ${OBJECTIVE_MODES.join(", ")}`);
    if (typeof objective.distance === "number" && objective.distance > 0 && (vehicles as Record<string, unknown>[]).some((v) => travelOf(v).distances === undefined))
      throw new InvalidProblemError("objective.distance", "requires every vehicle's distances matrix");
  }
}

const OBJECTIVE_MODES: readonly ObjectiveMode[] = ["min_time", "min_vehicles", "balance"];

/** Sorted copy of windows; an empty list means "any time". */
export function normaliseWindows(w: readonly TimeWindow[] | undefined): TimeWindow[] {
  if (!w || w.length === 0) return [[0, Infinity]];
  return [...w].sort((a, b) => a[0] - b[0]);
}

export function amountOrZero(a: Amount | undefined, k: number): number[] {
  const out = new Array<number>(k).fill(0);
  if (a) for (let i = 0; i < k; i++) out[i] = a[i] ?? 0;
  return out;
}
