import { and, asc, eq } from "drizzle-orm";
import { driverMessages, liveMessageTypes, liveTopic, type DriverStop, type StopEventInput } from "@routepilot/contracts";
import { routeStops, routes, stopEvents, stopProofs, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { afterStopEvent } from "../live/customer-messages";
import { TeamEvents } from "../teams/events";
import { checkLate } from "./late";
import { managerIds, presentDriverStop, proofsByStop, routeContext, stopsByRoute, type StopRow } from "./model";
import { assertNoUnsafeMarkup } from "../security/sanitize";

export type DriverDeps = Pick<AppDeps, "db" | "realtime" | "logger" | "mailer" | "baseUrl" | "auth" | "encryption">;
type Caller = { id: string };

export interface FoldEvent {
  type: "arrived" | "done" | "failed";
  at: Date;
  reason: string | null;
  note: string | null;
}

export interface StopState {
  status: StopRow["status"];
  arrivedAt: Date | null;
  completedAt: Date | null;
  failureReason: string | null;
  note: string | null;
}

const rank = { arrived: 0, failed: 1, done: 2 } as const;

/**
 * A stop's state from all its events taken in `at` order (whatever order they reached us in):
 * the first "arrived" sets the arrival; the latest "done"/"failed" finishes it (a failed attempt
 * followed later by a delivery ends delivered); an "arrived" never re-opens a finished stop.
 * `note` is the latest finishing event's note, else the stop's note as dispatched.
 */
export function foldStopEvents(events: readonly FoldEvent[], dispatchedNote: string | null): StopState {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime() || rank[a.type] - rank[b.type]);
  const state: StopState = { status: "pending", arrivedAt: null, completedAt: null, failureReason: null, note: dispatchedNote };
  for (const e of sorted) {
    if (e.type === "arrived") {
      state.arrivedAt ??= e.at;
      if (state.status === "pending") state.status = "arrived";
      continue;
    }
    state.status = e.type;
    state.completedAt = e.at;
    state.failureReason = e.type === "failed" ? e.reason : null;
    if (e.note) state.note = e.note;
  }
  return state;
}

/** The stop `stopId` if the caller is its route's driver (404 notYourStop otherwise). */
export async function driverStop(db: DbOrTx, caller: Caller, stopId: string, forUpdate: boolean) {
  const [stop] = await db.select().from(routeStops).where(eq(routeStops.id, stopId));
  if (!stop) throw new NotFoundError("Stop");
  const ctx = await routeContext(db, stop.routeId, { forUpdate });
  if (!ctx || ctx.route.driverUserId !== caller.id) throw new NotFoundError("Stop");
  return { stop, ctx };
}

/**
 * POST /api/driver/stops/{stopId}/events. Idempotent on (driver, clientEventId): the row is inserted
 * ON CONFLICT DO NOTHING, so a replay (even concurrent) answers the stop as it is, changing nothing.
 * Otherwise the stop's state is folded again from all its events (late replays of older events never
 * undo newer ones), the route starts/completes, the late alert is checked; the managers hear
 * stop_status on live:{teamId} and the customer hooks run after commit.
 */
export async function recordStopEvent(deps: DriverDeps, caller: Caller, stopId: string, input: StopEventInput): Promise<{ replayed: boolean; stop: DriverStop }> {
  assertNoUnsafeMarkup({ note: input.note });
  const events = new TeamEvents();
  const now = Date.now();
  const out = await deps.db.transaction(async (tx) => {
    // The route row is locked: one driver event of a route at a time.
    const { stop, ctx } = await driverStop(tx, caller, stopId, true);
    const [existing] = await tx
      .select({ id: stopEvents.id })
      .from(stopEvents)
      .where(and(eq(stopEvents.driverUserId, caller.id), eq(stopEvents.clientEventId, input.clientEventId)));
    if (existing) return { replayed: true, stop, ctx };
    if (input.type === "done" && ctx.route.proofRequired) {
      const [proof] = await tx.select({ id: stopProofs.id }).from(stopProofs).where(eq(stopProofs.routeStopId, stop.id)).limit(1);
      if (!proof) throw new ConflictError(driverMessages.proofRequired);
    }
    const at = new Date(input.at);
    const inserted = await tx
      .insert(stopEvents)
      .values({
        clientEventId: input.clientEventId,
        driverUserId: caller.id,
        teamId: ctx.team.id,
        routeId: ctx.route.id,
        routeStopId: stop.id,
        type: input.type,
        at,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        reason: input.type === "failed" ? (input.reason ?? null) : null,
        note: input.note ?? null,
      })
      .onConflictDoNothing({ target: [stopEvents.driverUserId, stopEvents.clientEventId] })
      .returning({ id: stopEvents.id });
    if (inserted.length === 0) return { replayed: true, stop, ctx };

    const all = await tx
      .select({ type: stopEvents.type, at: stopEvents.at, reason: stopEvents.reason, note: stopEvents.note })
      .from(stopEvents)
      .where(eq(stopEvents.routeStopId, stop.id))
      .orderBy(asc(stopEvents.at));
    // The stop's note is only ever replaced by a finishing event's note, so folding from it is stable.
    const state = foldStopEvents(all as FoldEvent[], stop.note);
    const [updated] = await tx.update(routeStops).set(state).where(eq(routeStops.id, stop.id)).returning();

    const stops = (await stopsByRoute(tx, [ctx.route.id])).get(ctx.route.id) ?? [];
    const route = ctx.route;
    const patch: Partial<typeof routes.$inferInsert> = {};
    if (route.status === "planned" || !route.startedAt || route.startedAt > at) {
      patch.startedAt = route.startedAt && route.startedAt < at ? route.startedAt : at;
      if (route.status === "planned") patch.status = "in_progress";
    }
    const open = stops.some((s) => s.status === "pending" || s.status === "arrived");
    if (!open) {
      patch.status = "completed";
      patch.completedAt = new Date(Math.max(...stops.map((s) => s.completedAt?.getTime() ?? 0)));
    } else if (route.status === "completed") {
      patch.status = "in_progress";
      patch.completedAt = null;
    }
    if (Object.keys(patch).length > 0) {
      await tx.update(routes).set(patch).where(eq(routes.id, route.id));
      Object.assign(route, patch);
    }
    await checkLate(tx, events, ctx, stops, now);
    const managers = await managerIds(tx, ctx.team.id);
    events.publish(managers, liveTopic(ctx.team.id), liveMessageTypes.stopStatus, {
      routeId: route.id,
      stopId: stop.id,
      status: state.status,
      arrivedAt: state.arrivedAt?.toISOString() ?? null,
      completedAt: state.completedAt?.toISOString() ?? null,
      failureReason: state.failureReason,
      routeStatus: route.status,
    });
    return { replayed: false, stop: updated as StopRow, ctx };
  });
  await events.flush(deps.realtime, deps.logger);
  if (!out.replayed) await afterStopEvent(deps, { routeId: out.ctx.route.id, routeStopId: out.stop.id });
  const proofs = await proofsByStop(deps.db, [out.stop.id]);
  return { replayed: out.replayed, stop: presentDriverStop(deps, out.ctx, out.stop, proofs.get(out.stop.id) ?? []) };
}
