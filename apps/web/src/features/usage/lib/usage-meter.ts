import type { UsageSummary } from "@routepilot/contracts";

export type UsageMeter = {
  used: number;
  limit: number;
  /** Width of the bar, 0–100 (the server caps usagePercentage at 100). */
  percent: number;
  remaining: number;
  overBy: number;
  tone: "ok" | "warning" | "over";
  /** "3 of 5 routes used" */
  label: string;
  /** "2 routes left this month" / "1 route over your limit" */
  detail: string;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What the usage bar shows for a usage summary. Team members count against their team
 * allocation (teamQuota/teamUsed) when the server sends them. Warning from 80 % (SPEC §9's
 * first warning e-mail), "over" once the limit is passed.
 */
export function usageMeter(usage: UsageSummary): UsageMeter {
  const team = usage.isTeamMember && usage.teamQuota !== undefined && usage.teamUsed !== undefined;
  const limit = team ? usage.teamQuota! : usage.monthlyLimit;
  const used = team ? usage.teamUsed! : usage.routesUsed;
  const percent = team
    ? limit > 0
      ? Math.min(100, Math.round((used / limit) * 100))
      : used > 0
        ? 100
        : 0
    : Math.max(0, Math.min(100, Math.round(usage.usagePercentage)));
  const remaining = Math.max(0, limit - used);
  const overBy = Math.max(0, used - limit);
  const over = team ? used > limit : usage.isOverLimit || overBy > 0;
  const tone = over ? "over" : percent >= 80 ? "warning" : "ok";
  const detail = over ? `${plural(overBy, "route")} over your limit` : `${plural(remaining, "route")} left this month`;
  return { used, limit, percent, remaining, overBy, tone, label: `${used} of ${plural(limit, "route")} used`, detail };
}
