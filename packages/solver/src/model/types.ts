/**
 * Public problem and solution model of the RoutePilot solver.
 * Times and durations are in the matrix's time unit (seconds for real data);
 * amounts are vectors of non-negative numbers, one entry per capacity dimension.
 */

/** A closed interval [start, end] in which service may start. */
export type TimeWindow = readonly [number, number];

/** Multi-dimensional quantity (weight, volume, pallets, …). */
export type Amount = readonly number[];

/** A plain matrix row: numbers, `null` marking an unreachable pair. */
export type PlainMatrixRow = readonly (number | null)[];

/**
 * A typed matrix row (every pair reachable). Very large problems fit in memory this way: an
 * Int32Array row costs 4 bytes a cell where a plain array costs 8 (10,001² cells: 400 MB
 * instead of 800 MB), and compiling copies it in one block.
 */
export type TypedMatrixRow = Int32Array | Uint32Array | Float32Array | Float64Array;

/** Either row form; compileProblem, requireValidProblem and validateSolution accept both. */
export type MatrixRow = PlainMatrixRow | TypedMatrixRow;

/**
 * Square matrices indexed by location index. `null` marks an unreachable pair. `Row` defaults to
 * plain rows so that code reading a Problem keeps array methods; `Matrices<MatrixRow>` (and
 * `Problem<MatrixRow>`) also take typed rows.
 */
export interface Matrices<Row extends MatrixRow = PlainMatrixRow> {
  /** Travel durations (required). */
  durations: readonly Row[];
  /** Travel distances (required when the objective or a vehicle's maxDistance uses distance). */
  distances?: readonly Row[];
  /** Explicit travel costs; when given they replace the objective weights. */
  costs?: readonly Row[];
}

export interface Job {
  id: number;
  location: number;
  /** Service duration at the stop. */
  service?: number;
  /** Setup duration, spent only when arriving from a different location. */
  setup?: number;
  /** Amount loaded at the depot and dropped here. */
  delivery?: Amount;
  /** Amount picked up here and brought to the route's end. */
  pickup?: Amount;
  /** Service must start inside one of these windows (default: any time). */
  timeWindows?: readonly TimeWindow[];
  /** Every skill must be held by the vehicle. */
  skills?: readonly number[];
  /** 0–100; higher priority jobs are the last to be dropped. */
  priority?: number;
}

export interface ShipmentStep {
  id: number;
  location: number;
  service?: number;
  setup?: number;
  timeWindows?: readonly TimeWindow[];
}

/** A pickup-and-delivery pair: the same vehicle visits the pickup before the delivery. */
export interface Shipment {
  pickup: ShipmentStep;
  delivery: ShipmentStep;
  amount?: Amount;
  skills?: readonly number[];
  priority?: number;
}

/** A driver break; taken at the vehicle's current location. */
export interface Break {
  id: number;
  timeWindows?: readonly TimeWindow[];
  service?: number;
}

export interface Vehicle {
  id: number;
  /** Start location index; absent means the route starts at its first stop. */
  start?: number;
  /** End location index; absent means the route ends at its last stop (open route). */
  end?: number;
  capacity?: Amount;
  /** Working shift [earliest start, latest return]. */
  timeWindow?: TimeWindow;
  skills?: readonly number[];
  /** Maximum total travel time (waiting and service excluded). */
  maxTravelTime?: number;
  /** Maximum total distance (requires matrices.distances). */
  maxDistance?: number;
  /** Maximum number of jobs/shipment steps served. */
  maxStops?: number;
  /** Travel durations are divided by this factor (default 1). */
  speedFactor?: number;
  /**
   * Routing profile (e.g. "bicycle"): the vehicle travels by `problem.profileMatrices[profile]`
   * instead of `problem.matrices` (same locations, own durations and distances). Absent: `matrices`.
   */
  profile?: string;
  breaks?: readonly Break[];
  /** Cost added when the vehicle is used. */
  fixedCost?: number;
  /**
   * Trips the vehicle may make (default 1): between two trips it goes back to its `start` (its
   * depot, required) to unload what it picked up and load the next trip's deliveries, which takes
   * `reloadTime`. Each trip's load must fit `capacity` on its own; a shipment stays within one trip.
   */
  maxTrips?: number;
  /** Time spent at the depot for each reload (default 0). */
  reloadTime?: number;
}

/**
 * What the search minimises (README "Objectives"):
 * - `min_time` (default): total travel cost (+ fixed costs).
 * - `min_vehicles`: fewest used vehicles first, then total travel cost (lexicographic).
 * - `balance`: total travel cost + balanceWeight × κ × Σ_v W_v² / (2H) over the vehicles, W_v being
 *   the route's working time (travel + setup + service, waiting excluded), κ the average cost per
 *   second of travel and H the even share of the work (README): evens out the drivers' workloads
 *   across every vehicle given (an unused vehicle has W = 0).
 * Unassigned requests always dominate: no mode leaves a task out to save a vehicle or to balance.
 */
export type ObjectiveMode = "min_time" | "min_vehicles" | "balance";

/** Weights of the travel-cost objective when no cost matrix is given. Default: travel time only. */
export interface Objective {
  travelTime?: number;
  distance?: number;
  /** Default "min_time". */
  mode?: ObjectiveMode;
  /** Strength of the balance term (mode "balance" only; default 1, 0 = plain min_time). */
  balanceWeight?: number;
}

/** A routing problem; `Problem<MatrixRow>` also takes typed matrix rows (see Matrices). */
export interface Problem<Row extends MatrixRow = PlainMatrixRow> {
  /** Travel of every vehicle without a `profile`. */
  matrices: Matrices<Row>;
  /** Travel per routing profile, for vehicles with a `profile` (each square over the same locations as `matrices`). */
  profileMatrices?: Readonly<Record<string, Matrices<Row>>>;
  jobs?: readonly Job[];
  shipments?: readonly Shipment[];
  vehicles: readonly Vehicle[];
  objective?: Objective;
}

export interface ProgressEvent {
  iteration: number;
  elapsedMs: number;
  bestCost: number;
  unassigned: number;
}

export interface SolveOptions {
  /** Seed of the random generator; same seed + same iteration budget → same solution. */
  seed?: number;
  /** Wall-clock budget in milliseconds (default 1000 unless maxIterations is set). */
  timeLimitMs?: number;
  /** Iteration budget of the metaheuristic (deterministic stopping). */
  maxIterations?: number;
  /** Called whenever a new best solution is found (at most once per progressIntervalMs when set). */
  onProgress?: (event: ProgressEvent) => void;
  /** Minimum time between two onProgress calls; the first event always goes out (default 0: every new best). */
  progressIntervalMs?: number;
  /** Clock in milliseconds; injected so the solver itself reads no global clock. */
  now?: () => number;
  /** Expert knobs of the metaheuristic (defaults are tuned on the literature benchmarks). */
  tuning?: Partial<Tuning>;
}

export interface Tuning {
  /** Initial / final annealing temperature, as a fraction of the average arc cost. */
  startTemperature: number;
  finalTemperature: number;
  /** Average number of tasks removed per ruin. */
  averageRemoved: number;
  /** Maximum removed string length. */
  maxStringLength: number;
  /** Probability of skipping an insertion position. */
  blinkRate: number;
  /** Granular neighbourhood size of the local search and of the ruin. */
  neighbours: number;
  /** Run the local search on every new best solution. */
  localSearchOnBest: boolean;
  /** Probability that a ruin empties a whole route instead of removing strings. */
  routeRemovalRate: number;
  /** Number of constructions (+ local search) tried before the metaheuristic; the best is kept (n <= 300 only). */
  initialSolutions: number;
  /**
   * "auto": plain CVRPs (one depot, one capacity, symmetric costs, nothing else) go to the hybrid
   * genetic search, everything else to the annealing search; "annealing": always the latter.
   */
  engine: "auto" | "annealing";
}

/** "reload": back at the depot between two trips of a multi-trip vehicle (Vehicle.maxTrips). */
export type StepType = "start" | "job" | "pickup" | "delivery" | "break" | "reload" | "end";

export interface Step {
  type: StepType;
  /** Job / shipment step / break id; absent for start, reload and end. */
  id?: number;
  /** Location index; absent for breaks and for a missing start/end. */
  location?: number;
  /** Time the vehicle reaches the step (before setup and waiting). */
  arrival: number;
  setup: number;
  waiting: number;
  service: number;
  departure: number;
  /** Vehicle load after the step. */
  load: number[];
  /** Cumulative travel time and distance up to this step. */
  travelTime: number;
  distance: number;
}

export interface RouteSolution {
  vehicleId: number;
  vehicleIndex: number;
  steps: Step[];
  cost: number;
  travelTime: number;
  distance: number;
  /** Time from start departure to end arrival. */
  duration: number;
  waiting: number;
  service: number;
  setup: number;
}

export type UnassignedReason =
  | "skills"
  | "capacity"
  | "time_window"
  | "shift"
  | "max_travel_time"
  | "max_distance"
  | "max_stops"
  | "unreachable"
  | "precedence"
  | "no_vehicle"
  | "dropped";

export interface UnassignedTask {
  type: "job" | "pickup" | "delivery";
  id: number;
  reason: UnassignedReason;
}

export interface Solution {
  routes: RouteSolution[];
  unassigned: UnassignedTask[];
  cost: number;
  travelTime: number;
  distance: number;
  duration: number;
  waiting: number;
  service: number;
  setup: number;
  computingTimeMs: number;
  iterations: number;
}
