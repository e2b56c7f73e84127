import { createRoute } from "@hono/zod-openapi";
import { fleetSettingsSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";
import { body, fleetErrors, fleetTags as tags, TeamParam } from "../../../http/team-params";

export const getFleetSettings = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/fleet-settings",
  tags,
  summary: "The team's capacity dimension names and time zone (managers); defaults [\"units\"] and the owner's time zone or Europe/London",
  request: { params: TeamParam },
  responses: { 200: json(fleetSettingsSchema, "Fleet settings"), 401: authErrors[401], ...fleetErrors },
});

export const putFleetSettings = createRoute({
  method: "put",
  path: "/api/teams/{teamId}/fleet-settings",
  tags,
  summary: "Save the capacity dimension names (1–3) and time zone (managers)",
  request: { params: TeamParam, ...body(fleetSettingsSchema) },
  responses: {
    200: json(fleetSettingsSchema, "Fleet settings"),
    ...authErrors,
    ...fleetErrors,
    409: jsonError("Changing how many dimensions there are while vehicles in use have capacities for the current ones"),
  },
});
