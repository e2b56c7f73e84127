import type { AppDeps } from "../../lib/context";

/**
 * Customer e-mails about dispatched stops (issue 12): "on its way" at dispatch, "you're next" when the
 * driver leaves the previous stop, "delivered" / "we missed you" when a stop is finished. The driver
 * and dispatch services call these after their transaction commits; they never throw (a failure is
 * logged) and are idempotent (one message per stop and kind).
 *
 * WORK IN PROGRESS (lead, 2026-11-23): the bodies are written by the "customer" helper this session.
 */
export type CustomerMessageDeps = Pick<AppDeps, "db" | "mailer" | "logger" | "baseUrl">;

/** After a plan is dispatched: "on its way" for every stop of these routes with a contact e-mail. */
export async function afterDispatch(_deps: CustomerMessageDeps, _routeIds: readonly string[]): Promise<void> {}

/** After a driver event on a stop (or a manager's re-plan): "delivered"/"missed" for it, "next" for the following pending stop. */
export async function afterStopEvent(_deps: CustomerMessageDeps, _event: { routeId: string; routeStopId: string }): Promise<void> {}
