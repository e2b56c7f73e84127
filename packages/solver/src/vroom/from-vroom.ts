import { InvalidProblemError } from "../model/errors";
import type { Job, Problem, Shipment, Vehicle } from "../model/types";
import type { VroomInput, VroomMatrix } from "./vroom-types";

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function requireIndex(value: unknown, field: string): number {
  if (typeof value !== "number") throw new InvalidProblemError(field, "is required (RoutePilot reads matrices, not coordinates)");
  return value;
}

/**
 * Converts VROOM's JSON input to a Problem. Custom matrices per routing profile: with several
 * profiles, each vehicle travels by its profile's matrices (`profileMatrices`);
 * per-vehicle `costs.per_hour`/`per_km` must be equal across vehicles (they become the
 * objective weights). Throws InvalidProblemError naming the VROOM field on bad input.
 */
export function fromVroomInput(input: unknown): Problem {
  if (!isObject(input)) throw new InvalidProblemError("input", "must be a JSON object");
  const vi = input as unknown as VroomInput;
  if (!Array.isArray(vi.vehicles)) throw new InvalidProblemError("vehicles", "must be an array");
  const profileOf = (v: unknown) => (isObject(v) && typeof v.profile === "string" ? v.profile : "car");
  const profiles = new Set(vi.vehicles.map(profileOf));
  const profile = [...profiles][0] ?? "car";
  const byProfile: Record<string, Problem["matrices"]> = {};
  if (profiles.size > 1) {
    for (const name of profiles) {
      const m = isObject(vi.matrices) ? vi.matrices[name] : undefined;
      if (!isObject(m) || !m.durations) throw new InvalidProblemError(`matrices.${name}.durations`, "is required");
      byProfile[name] = { durations: m.durations, ...(m.distances ? { distances: m.distances } : {}), ...(m.costs ? { costs: m.costs } : {}) };
    }
  }
  let durations: VroomMatrix | undefined;
  let distances: VroomMatrix | undefined;
  let costs: VroomMatrix | undefined;
  if (isObject(vi.matrices)) {
    const m = vi.matrices[profile] ?? Object.values(vi.matrices)[0];
    if (!isObject(m)) throw new InvalidProblemError(`matrices.${profile}`, "is missing");
    durations = m.durations;
    distances = m.distances;
    costs = m.costs;
  } else if (Array.isArray(vi.matrix)) durations = vi.matrix;
  if (!durations) {
    if (costs) durations = costs.map((row) => row.map(() => 0));
    else throw new InvalidProblemError(`matrices.${profile}.durations`, "is required");
  }

  const jobs: Job[] = (vi.jobs ?? []).map((j, i) => {
    if (!isObject(j)) throw new InvalidProblemError(`jobs[${i}]`, "must be an object");
    return {
      id: j.id,
      location: requireIndex(j.location_index, `jobs[${i}].location_index`),
      setup: j.setup,
      service: j.service,
      delivery: j.delivery ?? j.amount,
      pickup: j.pickup,
      skills: j.skills,
      priority: j.priority,
      timeWindows: j.time_windows,
    };
  });
  const shipments: Shipment[] = (vi.shipments ?? []).map((s, i) => {
    if (!isObject(s) || !isObject(s.pickup) || !isObject(s.delivery))
      throw new InvalidProblemError(`shipments[${i}]`, "must have pickup and delivery objects");
    return {
      pickup: {
        id: s.pickup.id,
        location: requireIndex(s.pickup.location_index, `shipments[${i}].pickup.location_index`),
        setup: s.pickup.setup,
        service: s.pickup.service,
        timeWindows: s.pickup.time_windows,
      },
      delivery: {
        id: s.delivery.id,
        location: requireIndex(s.delivery.location_index, `shipments[${i}].delivery.location_index`),
        setup: s.delivery.setup,
        service: s.delivery.service,
        timeWindows: s.delivery.time_windows,
      },
      amount: s.amount,
      skills: s.skills,
      priority: s.priority,
    };
  });
  const perHour = new Set(vi.vehicles.map((v) => v.costs?.per_hour ?? 3600));
  const perKm = new Set(vi.vehicles.map((v) => v.costs?.per_km ?? 0));
  if (perHour.size > 1 || perKm.size > 1) throw new InvalidProblemError("vehicles[].costs", "per_hour and per_km must be equal for all vehicles");
  const vehicles: Vehicle[] = vi.vehicles.map((v, i) => {
    if (!isObject(v)) throw new InvalidProblemError(`vehicles[${i}]`, "must be an object");
    return {
      id: v.id,
      start: v.start_index,
      end: v.end_index,
      capacity: v.capacity,
      timeWindow: v.time_window,
      skills: v.skills,
      maxTravelTime: v.max_travel_time,
      maxDistance: v.max_distance,
      maxStops: v.max_tasks,
      speedFactor: v.speed_factor,
      maxTrips: v.max_trips,
      reloadTime: v.reload_time,
      ...(profiles.size > 1 ? { profile: profileOf(v) } : {}),
      fixedCost: v.costs?.fixed,
      breaks: v.breaks?.map((b) => ({ id: b.id, timeWindows: b.time_windows, service: b.service })),
    };
  });
  const ph = [...perHour][0] ?? 3600;
  const pk = [...perKm][0] ?? 0;
  const problem: Problem = {
    matrices: { durations, ...(distances ? { distances } : {}), ...(costs ? { costs } : {}) },
    jobs,
    shipments,
    vehicles,
    ...(profiles.size > 1 ? { profileMatrices: byProfile } : {}),
  };
  if (ph !== 3600 || pk !== 0) problem.objective = { travelTime: ph / 3600, distance: pk / 1000 };
  return problem;
}
