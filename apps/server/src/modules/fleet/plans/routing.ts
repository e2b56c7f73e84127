import type { GeoServices, Profile } from "@routepilot/geo";
import { matrixWithFallback } from "../../delivery-routes/route-planning";
import { tokensOf, travelFromMatrix, type Travel } from "../check-plan";
import { layoutPlan, toEngineMatrix, type LatLng, type PlanOrder, type PlanRoute, type PlanVehicle, type TravelMatrix } from "../problem";
import { reloadsOf, type PlanDeps } from "./rows";

/** A plan's roads from the routing provider: its matrices (one per vehicle profile), and its routes' legs and lines. */

/** The vehicles' routing profiles, each once, the most common first (its matrix is the engine's default). */
export function profilesOf(vehicleList: readonly PlanVehicle[]): Profile[] {
  const counts = new Map<string, number>();
  for (const v of vehicleList) counts.set(v.profile, (counts.get(v.profile) ?? 0) + 1);
  const profiles = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p as Profile);
  return profiles.length > 0 ? profiles : ["van"];
}

/**
 * The plan's matrix from the configured routing provider (straight-line estimates if a road
 * provider fails), in the engine's form. Straight-line estimates are computed here a block of
 * rows at a time, so a 2,000-point matrix does not hold the event loop.
 */
async function planMatrix(deps: PlanDeps, points: LatLng[], profile: Profile): Promise<TravelMatrix> {
  const geo = await deps.geo.get();
  if (geo.routing === geo.haversine) return toEngineMatrix(points.length, (i, j) => geo.haversine.estimate(points[i] as LatLng, points[j] as LatLng, profile));
  const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, points, profile);
  return toEngineMatrix(points.length, (i, j) => ({ duration: matrix.durations[i]![j]!, distance: matrix.distances[i]![j]! }));
}

/** One matrix per routing profile of the plan's vehicles (each vehicle travels by its own), the most common profile first. */
export async function planMatrices(deps: PlanDeps, points: LatLng[], vehicleList: readonly PlanVehicle[]): Promise<Map<string, TravelMatrix>> {
  const out = new Map<string, TravelMatrix>();
  for (const profile of profilesOf(vehicleList)) out.set(profile, await planMatrix(deps, points, profile));
  return out;
}

/**
 * Each vehicle's travel (its own profile's matrix) between the places of `vehicleList` and
 * `orders`: how edits are recomputed and checked.
 */
export async function profileTravel(deps: PlanDeps, geo: GeoServices, vehicleList: readonly PlanVehicle[], orders: readonly PlanOrder[]): Promise<(vehicle: PlanVehicle) => Travel> {
  const points = layoutPlan(vehicleList, orders).points;
  const travel = new Map<string, Travel>();
  for (const profile of profilesOf(vehicleList)) {
    const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, points, profile);
    travel.set(profile, travelFromMatrix(points, matrix));
  }
  return (vehicle) => travel.get(vehicle.profile) as Travel;
}

/** Legs and geometry along `path` from the routing provider, straight lines if it fails (none for fewer than two points). */
export async function routeAlong(geo: GeoServices, deps: Pick<PlanDeps, "logger">, path: readonly LatLng[], profile: Profile) {
  if (path.length < 2) return { legs: [] as { distance: number; duration: number }[], geometry: null, provider: geo.routing.name as string };
  try {
    const r = await geo.routing.route(path, profile);
    return { legs: r.legs, geometry: r.geometry, provider: geo.routing.name as string };
  } catch (err) {
    deps.logger.warn({ err }, "route geometry unavailable; straight-line legs");
    const r = await geo.haversine.route(path, profile);
    return { legs: r.legs, geometry: r.geometry, provider: geo.haversine.name as string };
  }
}

/**
 * The places a route passes in order: its stops, with the start depot before the first stop, at
 * each reload (issue 26) and the end depot after the last. `depot` is what stands for the start
 * depot at a reload.
 */
export function pathThrough<S extends LatLng, D extends LatLng>(route: PlanRoute, stops: readonly S[], depot: D | null, start: readonly D[], end: readonly D[]): (S | D)[] {
  const reloads = depot ? reloadsOf(route) : [];
  const middle = tokensOf(stops, reloads).map((s) => s ?? (depot as D));
  return [...start, ...middle, ...end];
}

/** The plan route's line on the map, depot to depot through its stops and reloads (null when it has no stop). */
async function routeGeometry(geo: GeoServices, deps: Pick<PlanDeps, "logger">, vehicle: PlanVehicle, route: PlanRoute): Promise<string | null> {
  if (route.stops.length === 0) return null;
  const path = pathThrough(route, route.stops, vehicle.start, vehicle.start ? [vehicle.start] : [], vehicle.end ? [vehicle.end] : []);
  return (await routeAlong(geo, deps, path, vehicle.profile as Profile)).geometry;
}

/**
 * Sets the geometry of each of `routes`: one routing call per route, one after the other with a
 * turn of the event loop between them (the built-in road router computes on this thread).
 */
export async function withGeometry(deps: PlanDeps, vehicles: readonly PlanVehicle[], routes: readonly PlanRoute[]): Promise<void> {
  const geo = await deps.geo.get();
  const byId = new Map(vehicles.map((v) => [v.id, v]));
  for (const route of routes) {
    const vehicle = byId.get(route.vehicleId);
    route.geometry = vehicle ? await routeGeometry(geo, deps, vehicle, route) : null;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
