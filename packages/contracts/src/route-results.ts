/**
 * How a planned route's results are worded, once for the web app and the server: why a stop
 * could not be included and what would fix it, whether the plan fits the working day, and how
 * many routes of the month are left. (Issue 8: honest figures and results.)
 */

/** Why the solver left a stop out (packages/solver `UnassignedReason`), as stored on a route. */
export type UnassignedReasonCode =
  | "time_window"
  | "shift"
  | "unreachable"
  | "skills"
  | "capacity"
  | "max_travel_time"
  | "max_distance"
  | "max_stops"
  | "precedence"
  | "no_vehicle"
  | "dropped";

const reasonTexts: Record<UnassignedReasonCode, { title: string; fix: string }> = {
  time_window: { title: "Its time window cannot be met", fix: "Widen the window or start earlier." },
  shift: { title: "It does not fit before the end of the day", fix: "Extend the end of the day or start earlier." },
  unreachable: { title: "No road reaches it from the other places", fix: "Check the address or the position on the map." },
  skills: { title: "The vehicle cannot serve it", fix: "Choose another vehicle." },
  capacity: { title: "The vehicle has no room left for it", fix: "Plan it on another route." },
  max_travel_time: { title: "It would make the drive too long", fix: "Plan it on another route." },
  max_distance: { title: "It would make the route too long", fix: "Plan it on another route." },
  max_stops: { title: "The route already has as many stops as it can take", fix: "Plan it on another route." },
  precedence: { title: "Its pickup and delivery cannot be ordered", fix: "Check the pickup and delivery." },
  no_vehicle: { title: "No vehicle can serve it", fix: "Check the vehicle and the stop." },
  dropped: { title: "Leaving it out gave a better route", fix: "Re-plan to try again." },
};

/** Plain words for why a stop was left out of a route, and what would let it in. Unknown codes get a general answer. */
export function unassignedReasonText(reason: string): { title: string; fix: string } {
  return reasonTexts[reason as UnassignedReasonCode] ?? { title: "It could not be included", fix: "Check the stop and re-plan." };
}

const DAY_S = 86_400;

/**
 * Warnings about when a route ends: over the end of the day the user set (`maxDurationSeconds`
 * after departure), and past midnight (always, limit or not). `durationSeconds` is departure to
 * the end of the route; `departureSeconds` the departure after midnight.
 */
export function routeTimingWarnings(route: { durationSeconds: number; maxDurationSeconds?: number | null | undefined; departureSeconds: number }): string[] {
  const warnings: string[] = [];
  if (route.maxDurationSeconds != null && route.durationSeconds > route.maxDurationSeconds + 59) {
    warnings.push("This plan does not fit in your day: it ends after the end of day you set. Remove stops, start earlier or extend the day.");
  }
  const days = Math.floor((route.departureSeconds + route.durationSeconds) / DAY_S);
  if (days >= 1) warnings.push(`This route ends after midnight (+${days} d). Check that it fits your working day.`);
  return warnings;
}

/** Seconds from departure to an "HH:MM" end of day; an end of day at or before the departure is the next day. */
export function secondsUntilEndOfDay(departureSeconds: number, endOfDaySeconds: number): number {
  const until = endOfDaySeconds - departureSeconds;
  return until > 0 ? until : until + DAY_S;
}

export type UsageStanding = {
  used: number;
  limit: number;
  /** 0–100, whole percent of the limit used (capped). */
  percent: number;
  remaining: number;
  overBy: number;
  /** "warning" from 80 %, "full" at the limit, "over" past it. */
  tone: "ok" | "warning" | "full" | "over";
  /** "3 of 5 routes used" */
  label: string;
  /** "2 routes left this month" / "No routes left this month" / "1 route over your limit" */
  detail: string;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * One wording of the month's route usage, wherever it is shown (planner usage bar, dashboard
 * plan card). Team members count against their team allocation when it is given.
 */
export function usageStanding(plan: { monthlyLimit: number; routesUsed: number; isTeamMember?: boolean | undefined; teamQuota?: number | undefined; teamUsed?: number | undefined }): UsageStanding {
  // A team member's plan summary carries their allocation in monthlyLimit/routesUsed (SPEC §6
  // "Team Member" with the allocation); the team's own quota can run out first.
  const limit = plan.monthlyLimit;
  const used = plan.routesUsed;
  const teamLeft = plan.isTeamMember && plan.teamQuota !== undefined && plan.teamUsed !== undefined ? Math.max(0, plan.teamQuota - plan.teamUsed) : Infinity;
  const remaining = Math.min(Math.max(0, limit - used), teamLeft);
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : used > 0 ? 100 : 0;
  const overBy = Math.max(0, used - limit);
  const tone = overBy > 0 ? "over" : remaining === 0 ? "full" : percent >= 80 ? "warning" : "ok";
  const teamShort = teamLeft < Math.max(0, limit - used);
  const detail =
    tone === "over"
      ? `${plural(overBy, "route")} over your limit`
      : remaining === 0
        ? teamShort
          ? "No routes left in the team's quota this month"
          : "No routes left this month"
        : `${plural(remaining, "route")} left this month${teamShort ? " (the team's quota)" : ""}`;
  return { used, limit, percent, remaining, overBy, tone, label: `${used} of ${plural(limit, "route")} used`, detail };
}
