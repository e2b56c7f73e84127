import { createRoute, z } from "@hono/zod-openapi";
import { acceptedInvitationSchema, invitationDetailsSchema, myInvitationListSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const TokenParam = z.object({ token: z.string().min(1).max(200).openapi({ param: { name: "token", in: "path" } }) });
const tags = ["Invitations"];
const closed = {
  403: jsonError("Addressed to another e-mail address (the message names it)"),
  404: jsonError("Unknown or withdrawn invitation"),
  409: jsonError("Already accepted or declined, or already a member"),
  410: jsonError("Expired"),
};

export const listMyInvitations = createRoute({
  method: "get",
  path: "/api/invitations",
  tags,
  summary: "Open invitations to the signed-in user's e-mail address (verified or not)",
  responses: { 200: json(myInvitationListSchema, "Invitations"), 401: authErrors[401] },
});

export const getInvitation = createRoute({
  method: "get",
  path: "/api/invitations/{token}",
  tags,
  summary: "What the /team-invitation/{token} page shows (public: team, inviter, role, expiry, status)",
  security: [],
  request: { params: TokenParam },
  responses: { 200: json(invitationDetailsSchema, "Invitation"), 404: jsonError("Unknown or withdrawn invitation") },
});

export const acceptInvitation = createRoute({
  method: "post",
  path: "/api/invitations/{token}/accept",
  tags,
  summary: "Join the team with the invitation's role and allocation 0",
  request: { params: TokenParam },
  responses: { 200: json(acceptedInvitationSchema, "Joined"), 401: authErrors[401], ...closed },
});

export const declineInvitation = createRoute({
  method: "post",
  path: "/api/invitations/{token}/decline",
  tags,
  summary: "Decline the invitation",
  request: { params: TokenParam },
  responses: { 204: { description: "Declined" }, 401: authErrors[401], ...closed },
});
