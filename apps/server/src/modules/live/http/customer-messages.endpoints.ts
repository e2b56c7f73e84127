import { createRoute } from "@hono/zod-openapi";
import { customerMessageSettingsSchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";
import { body, fleetErrors, TeamParam } from "../../../http/team-params";

const tags = ["Customer messages"];

export const getCustomerMessages = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/customer-messages",
  tags,
  summary: "The team's customer e-mail settings: on/off, the four templates (plain text with placeholders) and quiet hours (owner, admin, manager)",
  request: { params: TeamParam },
  responses: { 200: json(customerMessageSettingsSchema, "Customer e-mail settings"), 401: authErrors[401], ...fleetErrors },
});

export const putCustomerMessages = createRoute({
  method: "put",
  path: "/api/teams/{teamId}/customer-messages",
  tags,
  summary: "Save the customer e-mail settings (owner and admins; managers may only read them: 403)",
  request: { params: TeamParam, ...body(customerMessageSettingsSchema) },
  responses: { 200: json(customerMessageSettingsSchema, "Customer e-mail settings"), ...authErrors, ...fleetErrors },
});
