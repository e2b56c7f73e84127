import { createRoute, z } from "@hono/zod-openapi";
import {
  createInvitationSchema,
  createTeamSchema,
  pendingInvitationSchema,
  teamDetailSchema,
  teamListSchema,
  teamMemberSchema,
  teamSchema,
  transferTeamSchema,
  updateTeamMemberSchema,
} from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const pathParam = (name: string) => ({ param: { name, in: "path" as const } });
const TeamParam = z.object({ id: z.uuid().openapi(pathParam("id")) });
const MemberParam = TeamParam.extend({ userId: z.string().min(1).max(200).openapi(pathParam("userId")) });
const InvitationParam = TeamParam.extend({ invitationId: z.uuid().openapi(pathParam("invitationId")) });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const notFound = { 404: jsonError("No such team for this user (non-members never see a team), or no such member or invitation") };
const forbidden = { 403: jsonError("A member whose role may not do this (only owner/admin, or only the owner)") };
const tags = ["Teams"];

export const createTeam = createRoute({
  method: "post",
  path: "/api/teams",
  tags,
  summary: "Create a team (teams access: a team member, or tier enterprise or fleet_pro); the caller is its owner",
  request: body(createTeamSchema),
  responses: { 201: json(teamSchema, "Created"), ...authErrors, 403: jsonError("No teams access: the message names the plans that include teams") },
});

export const listTeams = createRoute({
  method: "get",
  path: "/api/teams",
  tags,
  summary: "The caller's teams with the caller's role and allocation in each",
  responses: { 200: json(teamListSchema, "Teams"), 401: authErrors[401] },
});

export const getTeam = createRoute({
  method: "get",
  path: "/api/teams/{id}",
  tags,
  summary: "A team's members and open invitations (members only)",
  request: { params: TeamParam },
  responses: { 200: json(teamDetailSchema, "Team"), 401: authErrors[401], ...notFound },
});

export const updateMember = createRoute({
  method: "patch",
  path: "/api/teams/{id}/members/{userId}",
  tags,
  summary: "Change a member's role and/or quota allocation (owner/admin); allocations never add up above the team quota",
  request: { params: MemberParam, ...body(updateTeamMemberSchema) },
  responses: {
    200: json(teamMemberSchema, "Updated member"),
    ...authErrors,
    ...forbidden,
    ...notFound,
    409: jsonError("The owner's own role changes only by transfer"),
  },
});

export const removeMember = createRoute({
  method: "delete",
  path: "/api/teams/{id}/members/{userId}",
  tags,
  summary: "Remove a member (owner/admin), or leave the team (your own user id)",
  request: { params: MemberParam },
  responses: {
    204: { description: "Removed" },
    401: authErrors[401],
    ...forbidden,
    ...notFound,
    409: jsonError("The owner cannot leave without transferring ownership first"),
  },
});

export const transferTeam = createRoute({
  method: "post",
  path: "/api/teams/{id}/transfer",
  tags,
  summary: "Transfer ownership to another member (owner only); the old owner becomes admin",
  request: { params: TeamParam, ...body(transferTeamSchema) },
  responses: { 200: json(teamDetailSchema, "The team under its new owner"), ...authErrors, ...forbidden, ...notFound },
});

export const createInvitation = createRoute({
  method: "post",
  path: "/api/teams/{id}/invitations",
  tags,
  summary: "Invite someone by e-mail (owner/admin): the e-mail links to /team-invitation/{token}, valid 7 days",
  request: { params: TeamParam, ...body(createInvitationSchema) },
  responses: {
    201: json(pendingInvitationSchema, "Invited"),
    ...authErrors,
    ...forbidden,
    ...notFound,
    409: jsonError("Already a member, an open invitation to this address exists, or the team has 50 open invitations"),
  },
});

export const resendInvitation = createRoute({
  method: "post",
  path: "/api/teams/{id}/invitations/{invitationId}/resend",
  tags,
  summary: "E-mail the same invitation link again, valid 7 days from now (owner/admin)",
  request: { params: InvitationParam },
  responses: {
    200: json(pendingInvitationSchema, "Resent"),
    401: authErrors[401],
    ...forbidden,
    ...notFound,
    409: jsonError("Already accepted or declined, another open invitation to the address exists, or it was sent less than a minute ago"),
  },
});

export const revokeInvitation = createRoute({
  method: "delete",
  path: "/api/teams/{id}/invitations/{invitationId}",
  tags,
  summary: "Withdraw an invitation (owner/admin); its link then answers 404",
  request: { params: InvitationParam },
  responses: { 204: { description: "Revoked" }, 401: authErrors[401], ...forbidden, ...notFound, 409: jsonError("Already accepted") },
});
