import { z } from "zod";
import { messages } from "./messages";
import { notificationSchema } from "./notifications";
import { emailSchema, safeText } from "./validation";

/**
 * Teams (issue 10, SPEC §2–§6). Roles and what each may do: docs/decisions/008-team-roles.md.
 * owner and admin manage the team; manager and driver are the fleet roles (issue 11); member
 * only plans routes against its allocation.
 */
export const teamRoles = ["owner", "admin", "manager", "driver", "member"] as const;
export type TeamRole = (typeof teamRoles)[number];
/** Roles an invitation or a role change may give (ownership moves only by transfer). */
export const assignableTeamRoles = ["admin", "manager", "driver", "member"] as const;
export type AssignableTeamRole = (typeof assignableTeamRoles)[number];

/** Display names of the team roles. */
export const teamRoleNames: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  manager: "Manager",
  driver: "Driver",
  member: "Member",
};

/** owner and admin invite, remove, change roles and allocations. */
export function canManageTeam(role: TeamRole | null | undefined): boolean {
  return role === "owner" || role === "admin";
}

/** An invitation is open for this long (7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const TEAM_NAME_MAX = 100;
/** Open invitations a team may have at once (each one is an e-mail to someone). */
export const MAX_OPEN_INVITATIONS = 50;
/** An invitation is e-mailed again at most once a minute. */
export const INVITATION_RESEND_COOLDOWN_MS = 60 * 1000;

/** Every message the teams and invitations endpoints answer with; the web app shows them as they are. */
export const teamMessages = {
  noTeamsAccess:
    "Teams are included in the Enterprise and Fleet Pro plans. Upgrade your plan to create a team, or ask a team owner to invite you.",
  notManager: "Only the team owner or an admin can do that",
  notOwner: "Only the team owner can do that",
  ownerProtected: "The team owner cannot be removed or have their role changed. The owner can transfer ownership first.",
  ownerCannotLeave: "You own this team: transfer ownership to another member before you leave",
  ownerRoleByTransfer: "Ownership moves only by transfer: use Transfer ownership",
  transferToSelf: "You already own this team",
  transferNotMember: "Choose a member of this team",
  allocationTooHigh: (available: number, total: number) =>
    `Allocations cannot add up to more than the team's ${total} routes a month: at most ${available} more can be given`,
  allocationNegative: "The allocation cannot be negative",
  allocationWhole: "The allocation must be a whole number of routes",
  nothingToChange: "Give a role or an allocation to change",
  roleInvalid: "Choose one of the roles admin, manager, driver or member",
  alreadyMember: "This person is already a member of the team",
  alreadyInvited: "An invitation to this e-mail address is already open: resend it instead",
  invitationNotFound: "This invitation does not exist or has been withdrawn",
  invitationExpired: "This invitation has expired. Ask the team owner or an admin to send a new one.",
  invitationAccepted: "This invitation has already been accepted",
  invitationDeclined: "This invitation has been declined",
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to a different e-mail address. Sign in as ${email} to accept it.`,
  invitationNotOpen: "Only an open invitation can be resent",
  tooManyInvitations: `A team can have at most ${MAX_OPEN_INVITATIONS} open invitations: revoke some before inviting more`,
  resentRecently: "This invitation was sent less than a minute ago. Please wait a moment before sending it again.",
  allocationExceeded: (allocation: number) =>
    `You have used all ${allocation} routes the team gave you this month. Ask the team admin to raise your allocation.`,
  teamQuotaExceeded: (total: number) =>
    `Your team has used all ${total} routes of its plan this month. Ask the team admin for more routes.`,
  memberNotFound: "No such member in this team",
  teamNotFound: "Team not found",
  // Notifications (title, message)
  invitationReceivedTitle: "Team invitation",
  invitationReceived: (inviter: string, team: string, role: string) => `${inviter} invited you to join ${team} as ${role}.`,
  invitationAcceptedTitle: "Invitation accepted",
  invitationAcceptedMessage: (who: string, team: string) => `${who} joined ${team}.`,
  memberRemovedTitle: "Removed from team",
  memberRemovedMessage: (team: string) => `You are no longer a member of ${team}.`,
  memberChangedTitle: "Team membership changed",
  roleChangedMessage: (team: string, role: string) => `Your role in ${team} is now ${role}.`,
  allocationChangedMessage: (team: string, allocation: number) => `Your allocation in ${team} is now ${allocation} routes a month.`,
  ownershipTransferredTitle: "Team ownership",
  ownershipTransferredMessage: (team: string) => `You are now the owner of ${team}.`,
  // The invitation e-mail
  invitationMailSubject: (team: string) => `You are invited to join ${team} on RoutePilot`,
} as const;

const teamName = safeText({ max: TEAM_NAME_MAX });
const roleSchema = z.enum(assignableTeamRoles, { error: teamMessages.roleInvalid });

/** POST /api/teams */
export const createTeamSchema = z.object({ name: teamName }).strict();
export type CreateTeam = z.infer<typeof createTeamSchema>;

/** POST /api/teams → 201; also the base of every team answer. totalQuota is the owner's monthly route limit. */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  totalQuota: z.number().int(),
  usedQuota: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/teams: the caller's teams with the caller's role and own allocation in each. */
export const teamListItemSchema = teamSchema.extend({
  role: z.enum(teamRoles),
  memberCount: z.number().int(),
  /** The caller's own allocation and use in this team (0 for the owner, who uses the personal quota). */
  quotaAllocation: z.number().int(),
  memberUsedQuota: z.number().int(),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;
export const teamListSchema = z.object({ teams: z.array(teamListItemSchema) });
export type TeamList = z.infer<typeof teamListSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** The member's avatar URL (issue 27), or null: the list shows initials then. */
  image: z.string().nullable(),
  role: z.enum(teamRoles),
  quotaAllocation: z.number().int(),
  usedQuota: z.number().int(),
  /** The user id of whoever invited the member (null for the founder or when unknown). */
  invitedBy: z.string().nullable(),
  invitedByName: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An open invitation as the team sees it (no token: only the invitee gets that, by e-mail). */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(assignableTeamRoles),
  /** The inviter's name (null when the inviter's account is gone). */
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** GET /api/teams/{id} (members only). */
export const teamDetailSchema = teamSchema.extend({
  /** The caller's role in this team. */
  role: z.enum(teamRoles),
  /** Sum of the members' allocations (never above totalQuota when set through the API). */
  allocatedQuota: z.number().int(),
  members: z.array(teamMemberSchema),
  pendingInvitations: z.array(pendingInvitationSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

const allocationSchema = z
  .number({ error: teamMessages.allocationWhole })
  .int(teamMessages.allocationWhole)
  .min(0, teamMessages.allocationNegative)
  .max(1_000_000, teamMessages.allocationWhole);

/** PATCH /api/teams/{id}/members/{userId} → 200 TeamMember. */
export const updateTeamMemberSchema = z
  .object({ role: roleSchema.optional(), quotaAllocation: allocationSchema.optional() })
  .strict()
  .refine((v) => v.role !== undefined || v.quotaAllocation !== undefined, { message: teamMessages.nothingToChange });
export type UpdateTeamMember = z.infer<typeof updateTeamMemberSchema>;

/** POST /api/teams/{id}/transfer → 200 TeamDetail; the old owner becomes admin. */
export const transferTeamSchema = z.object({ userId: z.string({ error: messages.required }).min(1, messages.required) }).strict();
export type TransferTeam = z.infer<typeof transferTeamSchema>;

/** POST /api/teams/{id}/invitations → 201 PendingInvitation. role defaults to member. */
export const createInvitationSchema = z.object({ email: emailSchema, role: roleSchema.default("member") }).strict();
export type CreateInvitation = z.input<typeof createInvitationSchema>;

/** GET /api/invitations: open invitations to the signed-in user's e-mail. invitedBy is the inviter's name. */
export const myInvitationSchema = z.object({
  id: z.string(),
  token: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  role: z.enum(assignableTeamRoles),
  invitedBy: z.string().nullable(),
  /** The inviter's avatar URL (issue 27), or null: the bell shows their initials then. */
  invitedByImage: z.string().nullable(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationListSchema = z.object({ invitations: z.array(myInvitationSchema) });
export type MyInvitationList = z.infer<typeof myInvitationListSchema>;

export const invitationStatuses = ["open", "expired", "accepted", "declined"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/**
 * GET /api/invitations/{token} (public, for the /team-invitation/{token} page; 404 when unknown or
 * revoked). forYou: whether it is addressed to the signed-in user's e-mail (null when signed out).
 */
export const invitationDetailsSchema = z.object({
  teamName: z.string(),
  invitedBy: z.string().nullable(),
  role: z.enum(assignableTeamRoles),
  expiresAt: z.string(),
  status: z.enum(invitationStatuses),
  forYou: z.boolean().nullable(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

/** POST /api/invitations/{token}/accept → 200: the team joined. */
export const acceptedInvitationSchema = z.object({ teamId: z.string(), teamName: z.string(), role: z.enum(assignableTeamRoles) });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** GET /api/routes?memberId=&teamId= (owner/admin of the team): whose routes to list. */
export const routeHistoryFilterSchema = z.object({
  teamId: z.uuid({ error: teamMessages.teamNotFound }).optional(),
  memberId: z.string().min(1, messages.required).max(200, messages.maxLength(200)).optional(),
});

/**
 * Realtime messages the teams server publishes (`{ topic, type, data }`, DESIGN §7), always after
 * the change is committed; the client refetches what the message names.
 */
export const realtimeTopics = {
  notifications: "notifications",
  invitations: "invitations",
  team: (teamId: string) => `team:${teamId}`,
} as const;
export const realtimeTypes = {
  /** topic notifications: a notification was created for the user; data NotificationCreated. */
  notificationCreated: "created",
  /** topic notifications: notifications were marked read (another tab); data { ids: string[] | "all" }. */
  notificationsRead: "read",
  /** topic invitations: an invitation to the user's e-mail was created or resent; data InvitationEvent. */
  invitationCreated: "created",
  /** topic invitations: an invitation to the user was revoked; data InvitationEvent. */
  invitationRevoked: "revoked",
  /** topic invitations: the user accepted or declined an invitation (other tabs); data InvitationEvent. */
  invitationClosed: "closed",
  /** topic team:{id}: members, roles, allocations, invitations or ownership changed; data TeamEvent. */
  membersChanged: "members_changed",
} as const;

export const notificationCreatedSchema = z.object({ notification: notificationSchema });
export type NotificationCreated = z.infer<typeof notificationCreatedSchema>;
export const invitationEventSchema = z.object({ invitationId: z.string(), teamId: z.string() });
export type InvitationEvent = z.infer<typeof invitationEventSchema>;
export const teamEventSchema = z.object({
  teamId: z.string(),
  /** What happened: e.g. joined, left, removed, updated, transferred, invited, revoked. */
  change: z.string(),
  /** The user the change is about, when there is one. */
  userId: z.string().nullable(),
});
export type TeamEvent = z.infer<typeof teamEventSchema>;
