import { and, eq, gte, lte } from "drizzle-orm";
import { driverMessages, liveMessageTypes, liveTopic } from "@routepilot/contracts";
import { plans, routes, user, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { TeamEvents } from "../teams/events";
import { routeDelayMs } from "./eta";
import { etaStopsOf, managerIds, routeContexts, stopsByRoute, type RouteContext, type StopRow } from "./model";

/** A route more than this late alerts its managers (once, until it is back under). */
export const LATE_THRESHOLD_MS = 15 * 60_000;

/**
 * Raises or clears a route's late alert inside the caller's transaction: over 15 minutes behind
 * plan with no alert raised → late_alerted_at set, each manager notified, route_late queued on
 * live:{teamId}; back under → cleared, so the next time it runs late alerts again.
 */
export async function checkLate(tx: DbOrTx, events: TeamEvents, ctx: RouteContext, stops: readonly StopRow[], now: number): Promise<void> {
  if (ctx.route.status !== "in_progress") return;
  const delay = routeDelayMs(etaStopsOf(ctx, stops), now);
  const late = delay !== null && delay > LATE_THRESHOLD_MS;
  if (late === Boolean(ctx.route.lateAlertedAt)) return;
  if (late && !ctx.route.lateAlertedAt) {
    const at = new Date(now);
    await tx.update(routes).set({ lateAlertedAt: at }).where(eq(routes.id, ctx.route.id));
    ctx.route.lateAlertedAt = at;
    const minutes = Math.round((delay as number) / 60_000);
    const [driver] = ctx.route.driverUserId ? await tx.select({ name: user.name }).from(user).where(eq(user.id, ctx.route.driverUserId)) : [];
    const managers = await managerIds(tx, ctx.team.id);
    for (const id of managers) await events.notify(tx, id, "fleet_communication", driverMessages.lateTitle, driverMessages.late(driver?.name ?? "The driver", ctx.route.name, minutes));
    events.publish(managers, liveTopic(ctx.team.id), liveMessageTypes.routeLate, { routeId: ctx.route.id, delayMinutes: minutes });
  } else if (!late && ctx.route.lateAlertedAt) {
    await tx.update(routes).set({ lateAlertedAt: null }).where(eq(routes.id, ctx.route.id));
    ctx.route.lateAlertedAt = null;
  }
}

/**
 * Whether checkLate would change anything: read without locks first, so the frequent checks (every
 * position batch, every minute) take a row lock and a transaction only when an alert is raised or cleared.
 */
export function lateStateChanges(ctx: RouteContext, stops: readonly StopRow[], now: number): boolean {
  if (ctx.route.status !== "in_progress") return false;
  const delay = routeDelayMs(etaStopsOf(ctx, stops), now);
  return (delay !== null && delay > LATE_THRESHOLD_MS) !== Boolean(ctx.route.lateAlertedAt);
}

/** Re-checks one route under its row lock and raises or clears its alert; call when lateStateChanges said so. */
export async function applyLateChange(deps: Pick<AppDeps, "db">, events: TeamEvents, routeId: string, now: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [fresh] = await routeContexts(tx, eq(routes.id, routeId), { forUpdate: true });
    if (!fresh) return;
    const stops = (await stopsByRoute(tx, [routeId])).get(routeId) ?? [];
    await checkLate(tx, events, fresh, stops, now);
  });
}

/** Checks every route in progress of the dates around `now` (the once-a-minute check). */
export async function checkLateRoutes(deps: Pick<AppDeps, "db" | "realtime" | "logger">, now = Date.now()): Promise<void> {
  const day = 86_400_000;
  const dates = [now - day, now, now + day].map((t) => new Date(t).toISOString().slice(0, 10));
  const events = new TeamEvents();
  const contexts = await routeContexts(deps.db, and(eq(routes.status, "in_progress"), gte(plans.date, dates[0] as string), lte(plans.date, dates[2] as string)));
  if (contexts.length === 0) return;
  const stops = await stopsByRoute(
    deps.db,
    contexts.map((c) => c.route.id),
  );
  for (const ctx of contexts) {
    if (lateStateChanges(ctx, stops.get(ctx.route.id) ?? [], now)) await applyLateChange(deps, events, ctx.route.id, now);
  }
  await events.flush(deps.realtime, deps.logger);
}

/** Starts the once-a-minute late check (unref'd: it never keeps the process alive); returns its stop. */
export function startLateAlerts(deps: Pick<AppDeps, "db" | "realtime" | "logger">, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkLateRoutes(deps)
      .catch((err: unknown) => deps.logger.error({ err }, "late route check failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
