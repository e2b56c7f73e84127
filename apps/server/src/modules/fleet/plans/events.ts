import { realtimeTopics, type PlanEvent } from "@routepilot/contracts";
import { managersOf } from "./queries";
import type { PlanDeps } from "./rows";

/** Tells the team's managers (`managers` when already known: a solve reads them once, not at every progress event). */
export async function publishPlan(deps: PlanDeps, teamId: string, type: string, event: PlanEvent, managers?: readonly string[]): Promise<void> {
  try {
    const userIds = managers ? [...managers] : await managersOf(deps.db, teamId);
    await deps.realtime.publish({ userIds, message: { topic: realtimeTopics.team(teamId), type, data: event } });
  } catch (err) {
    deps.logger.warn({ err, planId: event.planId }, "plan realtime publish failed");
  }
}
