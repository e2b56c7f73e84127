import { describe, expect, it } from "vitest";
import { routeTimingWarnings, secondsUntilEndOfDay, unassignedReasonText, usageStanding } from "./route-results";
import { timeWindowEndsAfterStart, timeWindowSchema } from "./routes";

describe("unassignedReasonText", () => {
  it("words each reason with what would fix it", () => {
    expect(unassignedReasonText("time_window")).toEqual({ title: "Its time window cannot be met", fix: "Widen the window or start earlier." });
    expect(unassignedReasonText("unreachable").fix).toBe("Check the address or the position on the map.");
    expect(unassignedReasonText("shift").fix).toBe("Extend the end of the day or start earlier.");
    expect(unassignedReasonText("something new").title).toBe("It could not be included");
  });
});

describe("routeTimingWarnings", () => {
  it("warns past the end of day set, and past midnight even without one", () => {
    expect(routeTimingWarnings({ departureSeconds: 9 * 3600, durationSeconds: 3600, maxDurationSeconds: null })).toEqual([]);
    expect(routeTimingWarnings({ departureSeconds: 9 * 3600, durationSeconds: 7200, maxDurationSeconds: 3600 })[0]).toMatch(/does not fit in your day/);
    expect(routeTimingWarnings({ departureSeconds: 20 * 3600, durationSeconds: 6 * 3600 })).toEqual(["This route ends after midnight (+1 d). Check that it fits your working day."]);
  });

  it("reads an end of day at or before the departure as the next day", () => {
    expect(secondsUntilEndOfDay(9 * 3600, 17 * 3600)).toBe(8 * 3600);
    expect(secondsUntilEndOfDay(22 * 3600, 2 * 3600)).toBe(4 * 3600);
  });
});

describe("usageStanding", () => {
  it("one wording: left, none left at the limit, over", () => {
    expect(usageStanding({ monthlyLimit: 5, routesUsed: 3 })).toMatchObject({ tone: "ok", label: "3 of 5 routes used", detail: "2 routes left this month" });
    expect(usageStanding({ monthlyLimit: 5, routesUsed: 4 })).toMatchObject({ tone: "warning", detail: "1 route left this month" });
    expect(usageStanding({ monthlyLimit: 5, routesUsed: 5 })).toMatchObject({ tone: "full", percent: 100, detail: "No routes left this month" });
    expect(usageStanding({ monthlyLimit: 5, routesUsed: 7 })).toMatchObject({ tone: "over", overBy: 2, detail: "2 routes over your limit" });
  });

  it("shows a team member's allocation, and says when the team's quota runs out first", () => {
    expect(usageStanding({ monthlyLimit: 10, routesUsed: 9, isTeamMember: true, teamQuota: 500, teamUsed: 20 })).toMatchObject({ used: 9, limit: 10, percent: 90, tone: "warning", label: "9 of 10 routes used", detail: "1 route left this month" });
    expect(usageStanding({ monthlyLimit: 10, routesUsed: 2, isTeamMember: true, teamQuota: 50, teamUsed: 47 })).toMatchObject({ limit: 10, remaining: 3, tone: "ok", detail: "3 routes left this month (the team's quota)" });
    expect(usageStanding({ monthlyLimit: 10, routesUsed: 2, isTeamMember: true, teamQuota: 50, teamUsed: 50 })).toMatchObject({ remaining: 0, tone: "full", detail: "No routes left in the team's quota this month" });
  });
});

describe("the time-window order rule", () => {
  it("is one rule for clock times and seconds, checked by the schema", () => {
    expect(timeWindowEndsAfterStart({ start: "10:00", end: "11:00" })).toBe(true);
    expect(timeWindowEndsAfterStart({ start: "11:00", end: "10:00" })).toBe(false);
    expect(timeWindowEndsAfterStart({ start: 600, end: 600 })).toBe(false);
    const parsed = timeWindowSchema.safeParse({ start: "11:00", end: "10:00" });
    expect(parsed.success ? null : parsed.error.issues[0]).toMatchObject({ path: ["end"], message: "The time window must end after it starts" });
  });
});
