import { z } from "@hono/zod-openapi";
import { jsonError } from "../lib/openapi";

/** Path parameters and error responses shared by the fleet routers (`/api/teams/{teamId}/…`). */
const pathParam = (name: string) => ({ param: { name, in: "path" as const } });
export const TeamParam = z.object({ teamId: z.uuid().openapi(pathParam("teamId")) });
export const VehicleParam = TeamParam.extend({ vehicleId: z.uuid().openapi(pathParam("vehicleId")) });
export const DriverParam = TeamParam.extend({ userId: z.string().min(1).max(200).openapi(pathParam("userId")) });
export const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

export const fleetErrors = {
  403: jsonError("The team's owner is not on Fleet Pro (noFleetAccess), or the caller's role is not owner, admin or manager (notManager)"),
  404: jsonError("No such team for this user (non-members never see a team), or no such vehicle or driver in it"),
};
export const fleetTags = ["Fleet"];
