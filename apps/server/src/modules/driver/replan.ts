import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { driverMessages, driverTopic, liveMessageTypes, liveTopic, type urgentOrderSchema } from "@routepilot/contracts";
import { driverPositions, plans, routeStops, routes, type DbOrTx, type StoredPlace, type StoredReload, type Tx } from "@routepilot/db";
import type { Job, Problem } from "@routepilot/solver";
import type { Profile } from "@routepilot/geo";
import type { z } from "zod";
import type { AppDeps } from "../../lib/context";
import { ConflictError, firstOrThrow, NotFoundError, ValidationError } from "../../lib/errors";
import { afterStopEvent } from "../live/customer-messages";
import { requireFleetTeam } from "../fleet/access";
import { matrixWithFallback } from "../delivery-routes/route-planning";
import { TeamEvents } from "../teams/events";
import { managerIds, routeContext, routeContexts, stopsByRoute, type RouteContext, type StopRow } from "./model";
import { newTrackingToken, TRACKING_LINK_TTL_MS } from "./tracking-token";
import { sealContact } from "../security/contacts";

/**
 * Re-planning a dispatched route mid-way (issue 12): re-sequence the remaining stops from where the
 * driver is now, move a pending stop to another route, insert an urgent order where it adds least
 * time. Stops already reached keep their place; the remaining ones get new planned times. The
 * driver hears route_changed (and a notification), the managers too, and the customers of the
 * next stops are told through the customer hooks.
 */
export type ReplanDeps = Pick<AppDeps, "db" | "geo" | "solver" | "logger" | "realtime" | "mailer" | "baseUrl" | "auth" | "encryption">;
type Caller = { id: string };
type LatLng = { lat: number; lng: number };
type UrgentOrder = z.output<typeof urgentOrderSchema>;

const reached = (s: StopRow) => s.status !== "pending";
const profileOf = (ctx: RouteContext) => ctx.route.profile as Profile;

/** A route as it is driven: its stops, with its reloads at the start depot where they happen (issue 26). */
type Step = { stop: StopRow } | { reload: StoredReload };

/** The steps of `stops` (in order) with `reloads` placed after the stop their `afterSequence` counts. */
function stepsOf(stops: readonly StopRow[], reloads: readonly StoredReload[]): Step[] {
  const out: Step[] = [];
  stops.forEach((stop, i) => {
    for (const reload of reloads) if (reload.afterSequence === i) out.push({ reload });
    out.push({ stop });
  });
  return out;
}

/** The stops of `steps` and their reloads renumbered; a reload with no stop before or after it (its trip emptied) is dropped. */
function fromSteps(steps: readonly Step[]): { stops: StopRow[]; reloads: StoredReload[] } {
  const stops: StopRow[] = [];
  const reloads: StoredReload[] = [];
  for (const step of steps) {
    if ("stop" in step) stops.push(step.stop);
    else if (stops.length > 0 && reloads.at(-1)?.afterSequence !== stops.length) reloads.push({ ...step.reload, afterSequence: stops.length });
  }
  return { stops, reloads: reloads.filter((r) => r.afterSequence < stops.length) };
}

/** `stop` put into `steps` before their stop number `index` (past the end = last); before the first stop of a later trip means on that trip. */
function insertStep(steps: readonly Step[], index: number, stop: StopRow): Step[] {
  let seen = 0;
  for (let i = 0; i < steps.length; i++) {
    if (!("stop" in steps[i]!)) continue;
    if (seen === index) return [...steps.slice(0, i), { stop }, ...steps.slice(i)];
    seen++;
  }
  return [...steps, { stop }];
}

/** Where and when the remaining part of a route starts: the driver's latest position today (or the last stop reached, or the start) and now (or the departure, before it). */
async function remainingOrigin(db: DbOrTx, ctx: RouteContext, stops: readonly StopRow[], now: number): Promise<{ point: LatLng; at: number }> {
  const at = Math.max(now, ctx.base);
  if (ctx.route.status === "planned") return { point: ctx.route.start, at };
  if (ctx.route.driverUserId) {
    const [position] = await db
      .select({ lat: driverPositions.lat, lng: driverPositions.lng })
      .from(driverPositions)
      .where(and(eq(driverPositions.routeId, ctx.route.id), eq(driverPositions.driverUserId, ctx.route.driverUserId)))
      .orderBy(desc(driverPositions.at))
      .limit(1);
    if (position) return { point: position, at };
  }
  const last = [...stops].reverse().find(reached);
  return { point: last ?? ctx.route.start, at };
}

/**
 * Writes a route's stops in the given order (reached ones first, as they were), with the remaining
 * stops' planned times and legs recomputed from `origin`. Sequences move in two steps (negated
 * first) because of UNIQUE (route_id, sequence). The route's geometry and distance follow.
 * `reloads` (issue 26) are the route's returns to its start depot, numbered over `ordered`: a
 * remaining one is driven through (its leg and its time at the depot) and gets new planned times;
 * one whose planned departure has passed when the next stop is still to come counts as done.
 */
async function writeRoute(tx: Tx, deps: ReplanDeps, ctx: RouteContext, ordered: StopRow[], origin: { point: LatLng; at: number }, reloads: readonly StoredReload[] = []): Promise<void> {
  const geo = await deps.geo.get();
  const pending = ordered.filter((s) => !reached(s));
  const done = ordered.length - pending.length;
  const depot: LatLng = ctx.route.start;
  const points: LatLng[] = [origin.point, ...pending, ...(reloads.length > 0 ? [depot] : [])];
  const { matrix } = pending.length > 0 ? await matrixWithFallback({ geo, logger: deps.logger }, points, profileOf(ctx)) : { matrix: null };
  const cell = (a: number, b: number) => {
    const duration = matrix?.durations[a]?.[b];
    const distance = matrix?.distances[a]?.[b];
    return Number.isFinite(duration) && Number.isFinite(distance) ? { duration: duration as number, distance: distance as number } : null;
  };
  const depotIndex = pending.length + 1;
  let t = (origin.at - ctx.base) / 1000;
  const timing = new Map<string, { arrivalS: number; departureS: number; legDistanceM: number; legDurationS: number }>();
  const retimed = new Map<StoredReload, StoredReload>();
  let from = 0;
  pending.forEach((s, i) => {
    const reload = reloads.find((r) => r.afterSequence === done + i);
    const ahead = reload && !(i === 0 && origin.at >= ctx.base + reload.departureS * 1000);
    let leg: { duration: number; distance: number } | null;
    if (reload && ahead) {
      const toDepot = cell(from, depotIndex);
      const fromDepot = cell(depotIndex, i + 1);
      const arrivalS = t + (toDepot?.duration ?? 0);
      const departureS = arrivalS + Math.max(0, reload.departureS - reload.arrivalS);
      retimed.set(reload, { ...reload, arrivalS, departureS });
      leg = toDepot && fromDepot ? { duration: toDepot.duration + fromDepot.duration, distance: toDepot.distance + fromDepot.distance } : null;
      t = departureS - (toDepot?.duration ?? 0);
    } else leg = cell(from, i + 1);
    const legDurationS = leg ? leg.duration : s.legDurationS;
    const legDistanceM = leg ? leg.distance : s.legDistanceM;
    t += legDurationS;
    const arrivalS = Math.max(t, s.timeWindowStart ?? t);
    const departureS = arrivalS + s.serviceS;
    t = departureS;
    from = i + 1;
    timing.set(s.id, { arrivalS, departureS, legDistanceM, legDurationS });
  });
  const ids = ordered.map((s) => s.id);
  await tx
    .update(routeStops)
    .set({ sequence: sql`-1 - ${routeStops.sequence}` })
    .where(inArray(routeStops.id, ids));
  for (const [i, s] of ordered.entries()) {
    await tx
      .update(routeStops)
      .set({ routeId: ctx.route.id, sequence: i + 1, ...(timing.get(s.id) ?? {}) })
      .where(eq(routeStops.id, s.id));
  }
  const legs = ordered.reduce((sum, s) => sum + (timing.get(s.id)?.legDistanceM ?? s.legDistanceM), 0);
  const lastStop = ordered[ordered.length - 1];
  const lastDeparture = lastStop ? (timing.get(lastStop.id)?.departureS ?? lastStop.departureS) : 0;
  const driven = stepsOf(ordered, reloads).map((step) => ("stop" in step ? step.stop : depot));
  const path: LatLng[] = [...(ctx.route.start ? [ctx.route.start] : []), ...driven, ...(ctx.route.end ? [ctx.route.end] : [])];
  let geometry = ctx.route.geometry;
  try {
    if (path.length >= 2) geometry = (await geo.routing.route(path, profileOf(ctx))).geometry;
  } catch {
    geometry = (await geo.haversine.route(path, profileOf(ctx))).geometry;
  }
  await tx
    .update(routes)
    .set({
      distanceM: legs + (ctx.route.endLegDistanceM ?? 0),
      durationS: lastDeparture + (ctx.route.endLegDurationS ?? 0),
      reloads: reloads.map((r) => retimed.get(r) ?? r),
      geometry,
      updatedAt: new Date(),
    })
    .where(eq(routes.id, ctx.route.id));
}

/** The order of the remaining stops from `origin` by the engine (an open route honouring windows); stops it cannot place keep their order at the end. */
async function solveRemaining(deps: ReplanDeps, ctx: RouteContext, pending: StopRow[], origin: { point: LatLng; at: number }): Promise<StopRow[]> {
  if (pending.length < 2) return pending;
  const geo = await deps.geo.get();
  const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, [origin.point, ...pending], profileOf(ctx));
  const clean = (m: number[][]) => m.map((row) => row.map((v) => (Number.isFinite(v) ? v : null)));
  const offset = (origin.at - ctx.base) / 1000;
  const jobs: Job[] = pending.map((s, i) => {
    const start = s.timeWindowStart !== null ? s.timeWindowStart - offset : null;
    const end = s.timeWindowEnd !== null ? s.timeWindowEnd - offset : null;
    const window = end !== null && end >= 0 ? ([[Math.max(0, start ?? 0), end]] as const) : null;
    return { id: i, location: i + 1, service: s.serviceS, ...(window ? { timeWindows: window } : {}) };
  });
  const problem: Problem = { matrices: { durations: clean(matrix.durations), distances: clean(matrix.distances) }, jobs, vehicles: [{ id: 0, start: 0, timeWindow: [0, 7 * 86_400] }] };
  const solution = await deps.solver.solve(problem, { seed: 1, timeLimitMs: Math.min(2_000, 100 + 5 * pending.length) });
  const order = (solution.routes[0]?.steps ?? []).filter((s) => s.type === "job" && s.id !== undefined).map((s) => s.id as number);
  const placed = new Set(order);
  return [...order, ...pending.map((_, i) => i).filter((i) => !placed.has(i))].map((i) => pending[i] as StopRow);
}

/** A route of the team (404 otherwise), locked; 409 when it is completed. */
async function teamRoute(tx: DbOrTx, teamId: string, routeId: string): Promise<RouteContext> {
  const ctx = await routeContext(tx, routeId, { forUpdate: true });
  if (!ctx || ctx.team.id !== teamId) throw new NotFoundError("Route");
  if (ctx.route.status === "completed") throw new ConflictError(driverMessages.stopClosed);
  return ctx;
}

/** route_changed to the driver (topic `driver`, and a notification) and to the managers. */
async function announce(tx: DbOrTx, events: TeamEvents, ctx: RouteContext): Promise<void> {
  const data = { routeId: ctx.route.id, teamId: ctx.team.id };
  if (ctx.route.driverUserId) {
    events.publish([ctx.route.driverUserId], driverTopic, liveMessageTypes.routeChanged, data);
    await events.notify(tx, ctx.route.driverUserId, "fleet_communication", driverMessages.routeChangedTitle, driverMessages.routeChanged(ctx.route.name));
  }
  events.publish(await managerIds(tx, ctx.team.id), liveTopic(ctx.team.id), liveMessageTypes.routeChanged, data);
}

/** After commit: the customer of each changed route's next stop hears of it (the hooks are idempotent). */
async function afterChange(deps: ReplanDeps, events: TeamEvents, routeIds: readonly string[]): Promise<void> {
  await events.flush(deps.realtime, deps.logger);
  const stops = await stopsByRoute(deps.db, routeIds);
  for (const [routeId, list] of stops) {
    const next = list.find((s) => s.status === "pending");
    if (next) await afterStopEvent(deps, { routeId, routeStopId: next.id });
  }
}

/** POST /api/teams/{teamId}/routes/{routeId}/resequence (managers). */
export async function resequenceRoute(deps: ReplanDeps, caller: Caller, teamId: string, routeId: string): Promise<{ routeId: string }> {
  const events = new TeamEvents();
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    await requireFleetTeam(tx, caller, teamId, { manager: true });
    const ctx = await teamRoute(tx, teamId, routeId);
    const stops = (await stopsByRoute(tx, [routeId])).get(routeId) ?? [];
    const origin = await remainingOrigin(tx, ctx, stops, now);
    const ordered = await solveRemaining(
      deps,
      ctx,
      stops.filter((s) => !reached(s)),
      origin,
    );
    // The trips keep their sizes: the route still goes back to the depot after as many stops (issue 26).
    const next = fromSteps(stepsOf([...stops.filter(reached), ...ordered], ctx.route.reloads));
    await writeRoute(tx, deps, ctx, next.stops, origin, next.reloads);
    await announce(tx, events, ctx);
  });
  await afterChange(deps, events, [routeId]);
  return { routeId };
}

/** POST /api/teams/{teamId}/routes/{routeId}/stops/{stopId}/move (managers): a pending stop onto another (or the same) route of the team. */
export async function moveLiveStop(deps: ReplanDeps, caller: Caller, teamId: string, routeId: string, stopId: string, input: { toRouteId: string; position?: number | undefined }) {
  const events = new TeamEvents();
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    await requireFleetTeam(tx, caller, teamId, { manager: true });
    const from = await teamRoute(tx, teamId, routeId);
    const [to] = input.toRouteId === routeId ? [from] : await routeContexts(tx, eq(routes.id, input.toRouteId), { forUpdate: true });
    if (!to || to.team.id !== teamId) throw new ValidationError("Choose a route of this team", { toRouteId: "Choose a route of this team" });
    if (to.route.status === "completed") throw new ConflictError(driverMessages.stopClosed);
    const stops = await stopsByRoute(tx, [...new Set([from.route.id, to.route.id])]);
    const fromStops = stops.get(from.route.id) ?? [];
    const stop = fromStops.find((s) => s.id === stopId);
    if (!stop) throw new NotFoundError("Stop");
    if (stop.status !== "pending") throw new ConflictError(driverMessages.stopClosed);
    // Each route as driven, reloads in place (issue 26): the stops not moved keep their trips.
    const fromNext = fromSteps(stepsOf(fromStops, from.route.reloads).filter((step) => !("stop" in step) || step.stop.id !== stopId));
    const fromRest = fromNext.stops;
    const toSteps = to === from ? stepsOf(fromNext.stops, fromNext.reloads) : stepsOf(stops.get(to.route.id) ?? [], to.route.reloads);
    const toBase = to === from ? fromRest : (stops.get(to.route.id) ?? []);
    const toReached = toBase.filter(reached);
    const toPending = toBase.filter((s) => !reached(s));
    const toNext = fromSteps(insertStep(toSteps, toReached.length + Math.min(input.position ?? toPending.length, toPending.length), stop));
    if (to !== from) {
      // Off its old route first (a free negative sequence), so both routes can be rewritten.
      await tx
        .update(routeStops)
        .set({ routeId: to.route.id, sequence: sql`-1000000 - ${routeStops.sequence}` })
        .where(eq(routeStops.id, stopId));
      await writeRoute(tx, deps, from, fromRest, await remainingOrigin(tx, from, fromRest, now), fromNext.reloads);
      await announce(tx, events, from);
    }
    await writeRoute(tx, deps, to, toNext.stops, await remainingOrigin(tx, to, toBase, now), toNext.reloads);
    await announce(tx, events, to);
  });
  await afterChange(deps, events, [...new Set([routeId, input.toRouteId])]);
  return { routeId: input.toRouteId, stopId };
}

/** The cheapest place (added travel seconds) for `point` among the remaining stops after `origin`, optionally ending at `end`. */
export function cheapestInsertion(duration: (a: number, b: number) => number, origin: number, remaining: readonly number[], end: number | null, point: number): { position: number; cost: number } {
  const path = [origin, ...remaining];
  let best = { position: remaining.length, cost: Infinity };
  for (let k = 0; k < path.length; k++) {
    const prev = path[k] as number;
    const next = k + 1 < path.length ? (path[k + 1] as number) : end;
    const cost = duration(prev, point) + (next === null ? 0 : duration(point, next) - duration(prev, next));
    if (cost < best.cost) best = { position: k, cost };
  }
  return best;
}

/** POST /api/teams/{teamId}/routes/urgent (managers): a new order into the active route of that date where it adds least time. */
export async function insertUrgentOrder(deps: ReplanDeps, caller: Caller, teamId: string, input: UrgentOrder): Promise<{ routeId: string; stopId: string }> {
  const events = new TeamEvents();
  const now = Date.now();
  const out = await deps.db.transaction(async (tx) => {
    await requireFleetTeam(tx, caller, teamId, { manager: true });
    const active = await routeContexts(tx, and(eq(routes.teamId, teamId), eq(plans.date, input.date), ne(routes.status, "completed")), { forUpdate: true });
    if (active.length === 0) throw new ConflictError(driverMessages.noActiveRoute);
    const stops = await stopsByRoute(
      tx,
      active.map((c) => c.route.id),
    );
    const geo = await deps.geo.get();
    let best: { ctx: RouteContext; position: number; cost: number; origin: { point: LatLng; at: number } } | null = null;
    for (const ctx of active) {
      const list = stops.get(ctx.route.id) ?? [];
      const origin = await remainingOrigin(tx, ctx, list, now);
      const pending = list.filter((s) => !reached(s));
      const points: LatLng[] = [origin.point, ...pending, input, ...(ctx.route.end ? [ctx.route.end as StoredPlace] : [])];
      const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, points, profileOf(ctx));
      const d = (a: number, b: number) => {
        const v = matrix.durations[a]?.[b];
        return Number.isFinite(v) ? (v as number) : 1e9;
      };
      const newIndex = pending.length + 1;
      const found = cheapestInsertion(
        d,
        0,
        pending.map((_, i) => i + 1),
        ctx.route.end ? newIndex + 1 : null,
        newIndex,
      );
      if (!best || found.cost < best.cost) best = { ctx, position: found.position, cost: found.cost, origin };
    }
    const chosen = best as NonNullable<typeof best>;
    const list = stops.get(chosen.ctx.route.id) ?? [];
    const stop = firstOrThrow(
      await tx
        .insert(routeStops)
        .values({
          routeId: chosen.ctx.route.id,
          sequence: -2_000_000,
          inputIndex: list.reduce((m, s) => Math.max(m, s.inputIndex), -1) + 1,
          label: input.label,
          address: input.address ?? null,
          lat: input.lat,
          lng: input.lng,
          serviceS: Math.round(input.serviceMinutes * 60),
          arrivalS: 0,
          departureS: 0,
          legDistanceM: 0,
          legDurationS: 0,
          note: input.notes ?? null,
          orderId: `urgent-${randomUUID()}`,
          kind: "delivery",
          // The customer contact is sealed at rest (decision 011).
          contactSealed: sealContact(deps.encryption, input.contact),
          trackingToken: newTrackingToken(),
          trackingExpiresAt: new Date(now + TRACKING_LINK_TTL_MS),
        })
        .returning(),
      "stop insert returned no row",
    );
    const next = fromSteps(insertStep(stepsOf(list, chosen.ctx.route.reloads), list.filter(reached).length + chosen.position, stop));
    await writeRoute(tx, deps, chosen.ctx, next.stops, chosen.origin, next.reloads);
    await announce(tx, events, chosen.ctx);
    return { routeId: chosen.ctx.route.id, stopId: stop.id };
  });
  await afterChange(deps, events, [out.routeId]);
  return out;
}
