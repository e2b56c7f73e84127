import { createRoute, z } from "@hono/zod-openapi";
import { analyticsRangeSchema, teamAnalyticsSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const TeamParam = z.object({ teamId: z.uuid().openapi({ param: { name: "teamId", in: "path" } }) });

export const getTeamAnalytics = createRoute({
  method: "get",
  path: "/api/analytics/teams/{teamId}",
  tags: ["Analytics"],
  summary:
    "The team's analytics for the period (owner, admins, managers): each member's use against their allocation; for a Fleet Pro team each driver's on-time rate, planned vs actual duration and distance, stops per hour and failures by reason, and each vehicle's capacity and shift utilisation; per day. Read in the team's time zone.",
  request: { params: TeamParam, query: analyticsRangeSchema },
  responses: {
    200: json(teamAnalyticsSchema, "Team analytics"),
    ...authErrors,
    403: jsonError("The caller is a member or driver of the team, not its owner, an admin or a manager"),
    404: jsonError("No such team for this user (non-members never see a team)"),
  },
});
