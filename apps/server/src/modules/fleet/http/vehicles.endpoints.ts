import { createRoute, z } from "@hono/zod-openapi";
import { vehicleInputSchema, vehicleSchema, vehicleUpdateSchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";
import { body, fleetErrors, fleetTags as tags, TeamParam, VehicleParam } from "../../../http/team-params";

export const listVehicles = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/vehicles",
  tags,
  summary: "The team's vehicles in use, oldest first (archived ones left out); managers only",
  request: { params: TeamParam },
  responses: { 200: json(z.object({ vehicles: z.array(vehicleSchema) }), "Vehicles"), 401: authErrors[401], ...fleetErrors },
});

export const createVehicle = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/vehicles",
  tags,
  summary: "Add a vehicle (managers). Capacity is empty (no limit) or one amount per team capacity dimension; VIN and insurance policy are stored encrypted",
  request: { params: TeamParam, ...body(vehicleInputSchema) },
  responses: { 201: json(vehicleSchema, "Created"), ...authErrors, ...fleetErrors },
});

export const getVehicle = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/vehicles/{vehicleId}",
  tags,
  summary: "One vehicle in use (managers)",
  request: { params: VehicleParam },
  responses: { 200: json(vehicleSchema, "Vehicle"), 401: authErrors[401], ...fleetErrors },
});

export const updateVehicle = createRoute({
  method: "patch",
  path: "/api/teams/{teamId}/vehicles/{vehicleId}",
  tags,
  summary: "Change some of a vehicle's fields (managers); the vehicle as a whole must stay valid",
  request: { params: VehicleParam, ...body(vehicleUpdateSchema) },
  responses: { 200: json(vehicleSchema, "Updated vehicle"), ...authErrors, ...fleetErrors },
});

export const archiveVehicle = createRoute({
  method: "delete",
  path: "/api/teams/{teamId}/vehicles/{vehicleId}",
  tags,
  summary: "Archive a vehicle (managers): it leaves the list; plans made with it keep it",
  request: { params: VehicleParam },
  responses: { 204: { description: "Archived" }, 401: authErrors[401], ...fleetErrors },
});
