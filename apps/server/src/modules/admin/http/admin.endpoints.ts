import { createRoute, z } from "@hono/zod-openapi";
import {
  adminOverageChargesSchema,
  adminOverageQuerySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  banUserSchema,
  changePlanSchema,
  changeRoleSchema,
  planSummarySchema,
} from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const UserParam = z.object({ id: z.string().min(1).max(200).openapi({ param: { name: "id", in: "path" } }) });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const forbidden = jsonError("Signed in, but not an administrator");
const notFound = jsonError("No such user");
const userResult = json(z.object({ id: z.string(), role: z.string(), banned: z.boolean() }), "The user after the change");

export const listUsers = createRoute({
  method: "get",
  path: "/api/admin/users",
  tags: ["Admin"],
  summary: "Users with plan and usage; search e-mail or name (case-insensitive), sort, paginate 25/50/100 (admin, super_admin)",
  request: { query: adminUsersQuerySchema },
  responses: { 200: json(adminUsersPageSchema, "One page of users and the total"), 400: authErrors[400], 401: authErrors[401], 403: forbidden },
});

export const changePlan = createRoute({
  method: "patch",
  path: "/api/admin/users/{id}/plan",
  tags: ["Admin"],
  summary: "Move a user to a tier with its monthly limit (audited); answers the user's plan summary",
  request: { params: UserParam, ...body(changePlanSchema) },
  responses: { 200: json(planSummarySchema, "The user's plan summary"), ...authErrors, 403: forbidden, 404: notFound },
});

export const banUser = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/ban",
  tags: ["Admin"],
  summary: "Ban a user and revoke their sessions (Better Auth admin plugin; audited)",
  request: { params: UserParam, body: { content: { "application/json": { schema: banUserSchema } }, required: false } },
  responses: { 200: userResult, ...authErrors, 403: forbidden, 404: notFound },
});

export const unbanUser = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/unban",
  tags: ["Admin"],
  summary: "Lift a user's ban (Better Auth admin plugin; audited)",
  request: { params: UserParam },
  responses: { 200: userResult, 401: authErrors[401], 403: forbidden, 404: notFound },
});

export const resetUsage = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/reset-usage",
  tags: ["Admin"],
  summary: "Set the user's routes used this period to 0 (audited); answers the plan summary",
  request: { params: UserParam },
  responses: { 200: json(planSummarySchema, "The user's plan summary"), 401: authErrors[401], 403: forbidden, 404: notFound },
});

export const listOverageCharges = createRoute({
  method: "get",
  path: "/api/admin/users/{id}/overage-charges",
  tags: ["Admin"],
  summary: "The user's overage charges, newest first (limit, default 12)",
  request: { params: UserParam, query: adminOverageQuerySchema },
  responses: { 200: json(adminOverageChargesSchema, "Overage charges"), 400: authErrors[400], 401: authErrors[401], 403: forbidden, 404: notFound },
});

export const changeRole = createRoute({
  method: "patch",
  path: "/api/admin/users/{id}/role",
  tags: ["Admin"],
  summary: "Change a user's account role (super_admin only; Better Auth admin plugin; audited); the last super_admin keeps the role",
  request: { params: UserParam, ...body(changeRoleSchema) },
  responses: { 200: userResult, ...authErrors, 403: jsonError("Not a super administrator"), 404: notFound },
});

export const deleteUser = createRoute({
  method: "delete",
  path: "/api/admin/users/{id}",
  tags: ["Admin"],
  summary:
    "Delete a user's account and everything it owns, through the same path as self-deletion (audited with the administrator). An admin deletes plain users; a super_admin also admins and super_admins; nobody deletes themself here; refused while the user owns a team",
  request: { params: UserParam },
  responses: {
    204: { description: "Deleted; the user's sessions, API keys and data are gone" },
    400: jsonError("Your own account (use the self-deletion flow)"),
    401: authErrors[401],
    403: jsonError("Not an administrator, or an admin deleting an admin or super_admin"),
    404: notFound,
    409: jsonError("The user owns a team: its ownership must pass on, or the team be deleted, first"),
  },
});
