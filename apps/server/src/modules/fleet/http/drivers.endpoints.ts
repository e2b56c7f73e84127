import { createRoute, z } from "@hono/zod-openapi";
import { driverInputSchema, driverSchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";
import { body, DriverParam, fleetErrors, fleetTags as tags, TeamParam } from "../../../http/team-params";

export const listDrivers = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/drivers",
  tags,
  summary: "Every team member with the role driver, with their fleet details (phone and licence decrypted); managers only",
  request: { params: TeamParam },
  responses: { 200: json(z.object({ drivers: z.array(driverSchema) }), "Drivers"), 401: authErrors[401], ...fleetErrors },
});

export const getDriver = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/drivers/{userId}",
  tags,
  summary: "One driver's details: managers see any driver, a driver only themselves",
  request: { params: DriverParam },
  responses: { 200: json(driverSchema, "Driver"), 401: authErrors[401], ...fleetErrors },
});

export const putDriver = createRoute({
  method: "put",
  path: "/api/teams/{teamId}/drivers/{userId}",
  tags,
  summary: "Save a driver's details (managers): phone and licence number stored encrypted; fields left out are cleared or reset",
  request: { params: DriverParam, ...body(driverInputSchema) },
  responses: { 200: json(driverSchema, "Driver"), ...authErrors, ...fleetErrors },
});
