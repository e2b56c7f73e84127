import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  INVITATION_RESEND_COOLDOWN_MS,
  INVITATION_TTL_MS,
  MAX_OPEN_INVITATIONS,
  realtimeTopics,
  realtimeTypes,
  teamMessages,
  teamRoleNames,
  type AcceptedInvitation,
  type CreateInvitation,
  type InvitationDetails,
  type InvitationEvent,
  type MyInvitation,
  type PendingInvitation,
} from "@routepilot/contracts";
import { teamInvitations, teamMembers, teams, user, type DbOrTx, type Tx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { AppError, ConflictError, firstOrThrow, ForbiddenError, GoneError, NotFoundError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { NO_ORIGIN } from "../../lib/request-origin";
import { writeAuditEvent } from "../security/audit";
import { actionEmail } from "../../platform/mail/mail";
import { mailFormatter, mailTranslator } from "../../platform/mail/i18n";
import { recipientMailLanguage, storedMailLanguage } from "../../platform/mail/language";
import { formatterOf } from "../accounts/preferences";
import { teamForManager } from "./access";
import type { TeamEvents } from "./events";
import { asAssignableRole, inTeamTransaction, invitationIsOpen, type TeamCaller, type TeamDeps } from "./teams";

export type InvitationDeps = TeamDeps & Pick<AppDeps, "mailer" | "baseUrl">;
/** The signed-in user acting, with the request's Accept-Language (an invitation's language when nobody's preference decides). */
type Caller = TeamCaller & { name: string; acceptLanguage?: string | null | undefined };
type InvitationRow = typeof teamInvitations.$inferSelect;

const inviter = alias(user, "inviter");
const sameEmail = (email: string) => eq(sql`lower(${teamInvitations.email})`, email.trim().toLowerCase());

/** ≥ 128 random bits (256 here), URL-safe. */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

function presentPending(row: InvitationRow, inviterName: string | null): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: asAssignableRole(row.role),
    invitedBy: inviterName,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account an e-mail address belongs to, if any. */
async function userByEmail(db: DbOrTx, email: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row;
}

/** The audit row of an invitation's life (create, resend, revoke by the team; accept, decline by the invitee). */
function auditInvitation(tx: Tx, logger: Logger, actor: Caller, action: string, invitation: InvitationRow): Promise<void> {
  return writeAuditEvent(tx, logger, {
    ...(actor.origin ?? NO_ORIGIN),
    eventType: "invitation",
    action,
    outcome: "success",
    userId: actor.id,
    resource: `/api/teams/${invitation.teamId}/invitations/${invitation.id}`,
    metadata: { invitationId: invitation.id, teamId: invitation.teamId, email: invitation.email, role: invitation.role },
  });
}

/** Notifies the invitee (when they have an account) and queues the realtime messages of a new or resent invitation. */
async function announceInvitation(tx: Tx, events: TeamEvents, invitation: InvitationRow, teamName: string, inviterName: string, notify: boolean): Promise<void> {
  const invitee = await userByEmail(tx, invitation.email);
  if (invitee) {
    if (notify) {
      await events.notify(
        tx,
        invitee.id,
        "team_invitation",
        teamMessages.invitationReceivedTitle,
        teamMessages.invitationReceived(inviterName, teamName, teamRoleNames[asAssignableRole(invitation.role)]),
      );
    }
    const data: InvitationEvent = { invitationId: invitation.id, teamId: invitation.teamId };
    events.publish([invitee.id], realtimeTopics.invitations, realtimeTypes.invitationCreated, data);
  }
  await events.teamChanged(tx, invitation.teamId, "invited", null);
}

/**
 * E-mails an invitation, in the invitee's language when they have an account with a language
 * preference, else the inviter's (the language the invitation was sent in: what the inviter's
 * RoutePilot is shown in), else the request's Accept-Language, else English. Its expiry is written
 * in that language for the invitee's time zone when they have an account, else the inviter's
 * (most likely the team's zone); the zone is named, since the reader may be elsewhere.
 */
async function mailInvitation(deps: InvitationDeps, invitation: InvitationRow, teamName: string, inviter: { id: string; name: string; acceptLanguage?: string | null | undefined }): Promise<void> {
  const link = `${deps.baseUrl}/team-invitation/${invitation.token}`;
  const invitee = await userByEmail(deps.db, invitation.email);
  const zone = await formatterOf(deps.db, invitee?.id ?? inviter.id);
  const language =
    (invitee ? await storedMailLanguage(deps.db, invitee.id) : null) ??
    (await recipientMailLanguage(deps.db, { userId: inviter.id, acceptLanguage: inviter.acceptLanguage }));
  const format = mailFormatter(language, zone);
  const t = mailTranslator(language);
  const invited = t("invitation.invited", { inviter: inviter.name, team: teamName, role: t(`invitation.role.${asAssignableRole(invitation.role)}`) });
  await deps.mailer.send(
    actionEmail({
      to: invitation.email,
      kind: "team-invitation",
      subject: t("invitation.subject", { team: teamName }),
      greeting: t("frame.greetingAnonymous"),
      body: `${invited} ${t("invitation.validUntil", { date: format.dateTime(invitation.expiresAt), timeZone: format.timeZone })} ${t("invitation.newAccount")}`,
      action: t("invitation.action"),
      link,
      footer: t("invitation.footer"),
      language,
    }),
  );
}

/** POST /api/teams/{id}/invitations (owner/admin): 409 when the address is already a member or has an open invitation. */
export async function createInvitation(deps: InvitationDeps, caller: Caller, teamId: string, input: CreateInvitation): Promise<PendingInvitation> {
  const email = input.email.trim();
  const role = input.role ?? "member";
  const { invitation, teamName } = await inTeamTransaction(deps, async (tx, events) => {
    const { team } = await teamForManager(tx, caller.id, teamId, { forUpdate: true });
    const [member] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(sql`lower(${user.email})`, email.toLowerCase())));
    if (member) throw new ConflictError(teamMessages.alreadyMember);
    const [open] = await tx.select({ id: teamInvitations.id }).from(teamInvitations).where(and(eq(teamInvitations.teamId, teamId), sameEmail(email), invitationIsOpen()));
    if (open) throw new ConflictError(teamMessages.alreadyInvited);
    const openCount = await tx.$count(teamInvitations, and(eq(teamInvitations.teamId, teamId), invitationIsOpen()));
    if (openCount >= MAX_OPEN_INVITATIONS) throw new ConflictError(teamMessages.tooManyInvitations);
    const invitation = firstOrThrow(
      await tx
        .insert(teamInvitations)
        .values({ email, teamId, role, token: newInvitationToken(), invitedBy: caller.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
        .returning(),
      "invitation insert returned no row",
    );
    await announceInvitation(tx, events, invitation, team.name, caller.name, true);
    await auditInvitation(tx, deps.logger, caller, "create", invitation);
    return { invitation, teamName: team.name };
  });
  await mailInvitation(deps, invitation, teamName, caller);
  return presentPending(invitation, caller.name);
}

/** An invitation of the team by id, or 404. */
async function teamInvitation(tx: DbOrTx, teamId: string, invitationId: string): Promise<InvitationRow> {
  const [row] = await tx.select().from(teamInvitations).where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId))).for("update");
  if (!row || row.revokedAt) throw new NotFoundError("Invitation");
  return row;
}

/**
 * POST /api/teams/{id}/invitations/{invitationId}/resend (owner/admin): the same link, valid
 * for 7 days from now, e-mailed again. Works on an expired invitation too; 409 once it is
 * accepted or declined, or when another open invitation to the address exists.
 */
export async function resendInvitation(deps: InvitationDeps, caller: Caller, teamId: string, invitationId: string): Promise<PendingInvitation> {
  const { invitation, teamName } = await inTeamTransaction(deps, async (tx, events) => {
    const { team } = await teamForManager(tx, caller.id, teamId, { forUpdate: true });
    const current = await teamInvitation(tx, teamId, invitationId);
    if (current.acceptedAt || current.declinedAt) throw new ConflictError(teamMessages.invitationNotOpen);
    // expires_at is always "last sent + 7 days", so it tells when the e-mail last went out.
    const lastSent = current.expiresAt.getTime() - INVITATION_TTL_MS;
    if (Date.now() - lastSent < INVITATION_RESEND_COOLDOWN_MS) throw new ConflictError(teamMessages.resentRecently);
    const [other] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), sameEmail(current.email), invitationIsOpen(), sql`${teamInvitations.id} <> ${current.id}`));
    if (other) throw new ConflictError(teamMessages.alreadyInvited);
    const [invitation] = await tx
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .where(eq(teamInvitations.id, current.id))
      .returning();
    if (!invitation) throw new NotFoundError("Invitation");
    await announceInvitation(tx, events, invitation, team.name, caller.name, false);
    await auditInvitation(tx, deps.logger, caller, "resend", invitation);
    return { invitation, teamName: team.name };
  });
  await mailInvitation(deps, invitation, teamName, caller);
  const [row] = await deps.db.select({ name: inviter.name }).from(inviter).where(eq(inviter.id, sql`${invitation.invitedBy}`));
  return presentPending(invitation, row?.name ?? null);
}

/** DELETE /api/teams/{id}/invitations/{invitationId} (owner/admin): the link stops working (404). 409 once accepted. */
export async function revokeInvitation(deps: InvitationDeps, caller: Caller, teamId: string, invitationId: string): Promise<void> {
  await inTeamTransaction(deps, async (tx, events) => {
    await teamForManager(tx, caller.id, teamId, { forUpdate: true });
    const current = await teamInvitation(tx, teamId, invitationId);
    if (current.acceptedAt) throw new ConflictError(teamMessages.invitationAccepted);
    await tx.update(teamInvitations).set({ revokedAt: new Date() }).where(eq(teamInvitations.id, current.id));
    await auditInvitation(tx, deps.logger, caller, "revoke", current);
    const invitee = await userByEmail(tx, current.email);
    const data: InvitationEvent = { invitationId: current.id, teamId };
    if (invitee) events.publish([invitee.id], realtimeTopics.invitations, realtimeTypes.invitationRevoked, data);
    await events.teamChanged(tx, teamId, "revoked", null);
  });
}

/** GET /api/invitations: open invitations to the signed-in user's e-mail (verified or not), oldest first. */
export async function listMyInvitations(db: DbOrTx, email: string): Promise<MyInvitation[]> {
  const rows = await db
    .select({ inv: teamInvitations, teamName: teams.name, inviterName: inviter.name, inviterImage: inviter.image })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(and(sameEmail(email), invitationIsOpen()))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return rows.map(({ inv, teamName, inviterName, inviterImage }) => ({
    id: inv.id,
    token: inv.token,
    teamId: inv.teamId,
    teamName,
    role: asAssignableRole(inv.role),
    invitedBy: inviterName,
    invitedByImage: inviterImage,
    expiresAt: inv.expiresAt.toISOString(),
  }));
}

function statusOf(inv: InvitationRow): InvitationDetails["status"] {
  if (inv.acceptedAt) return "accepted";
  if (inv.declinedAt) return "declined";
  if (inv.expiresAt <= new Date()) return "expired";
  return "open";
}

/**
 * GET /api/invitations/{token}: what the /team-invitation page shows, signed in or not (the
 * token is the secret). 404 when unknown or revoked.
 */
export async function invitationDetails(db: DbOrTx, token: string, viewer: { email: string } | null): Promise<InvitationDetails> {
  const [row] = await db
    .select({ inv: teamInvitations, teamName: teams.name, inviterName: inviter.name })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.token, token));
  if (!row || row.inv.revokedAt) throw new NotFoundError("Invitation");
  return {
    teamName: row.teamName,
    invitedBy: row.inviterName,
    role: asAssignableRole(row.inv.role),
    expiresAt: row.inv.expiresAt.toISOString(),
    status: statusOf(row.inv),
    forYou: viewer ? viewer.email.trim().toLowerCase() === row.inv.email.trim().toLowerCase() : null,
  };
}

/** The invitation behind a token, locked, checked for the signed-in user; the errors change nothing. */
async function openInvitationFor(tx: Tx, token: string, caller: Caller, lock = true): Promise<InvitationRow> {
  const query = tx.select().from(teamInvitations).where(eq(teamInvitations.token, token));
  const [inv] = lock ? await query.for("update") : await query;
  if (!inv || inv.revokedAt) throw new AppError(404, "NOT_FOUND", teamMessages.invitationNotFound);
  if (inv.acceptedAt) throw new ConflictError(teamMessages.invitationAccepted);
  if (inv.declinedAt) throw new ConflictError(teamMessages.invitationDeclined);
  if (inv.expiresAt <= new Date()) throw new GoneError(teamMessages.invitationExpired);
  if (inv.email.trim().toLowerCase() !== caller.email.trim().toLowerCase()) throw new ForbiddenError(teamMessages.invitationOtherEmail(inv.email));
  return inv;
}

/** POST /api/invitations/{token}/accept: joins the team with the invitation's role and allocation 0, in one transaction. */
export async function acceptInvitation(deps: TeamDeps, caller: Caller, token: string): Promise<AcceptedInvitation> {
  return inTeamTransaction(deps, async (tx, events) => {
    const probe = await openInvitationFor(tx, token, caller, false);
    // The team lock first, as every membership change takes it, then the invitation again.
    const [team] = await tx.select().from(teams).where(eq(teams.id, probe.teamId)).for("update");
    if (!team) throw new AppError(404, "NOT_FOUND", teamMessages.invitationNotFound);
    const inv = await openInvitationFor(tx, token, caller);
    const inserted = await tx
      .insert(teamMembers)
      .values({ teamId: inv.teamId, userId: caller.id, role: inv.role, quotaAllocation: 0, usedQuota: 0, invitedBy: inv.invitedBy })
      .onConflictDoNothing()
      .returning({ id: teamMembers.id });
    if (inserted.length === 0) throw new ConflictError(teamMessages.alreadyMember);
    await tx.update(teamInvitations).set({ acceptedAt: new Date() }).where(eq(teamInvitations.id, inv.id));
    await auditInvitation(tx, deps.logger, caller, "accept", inv);
    if (inv.invitedBy && inv.invitedBy !== caller.id) {
      await events.notify(tx, inv.invitedBy, "team_invitation", teamMessages.invitationAcceptedTitle, teamMessages.invitationAcceptedMessage(caller.name || caller.email, team.name));
    }
    const data: InvitationEvent = { invitationId: inv.id, teamId: inv.teamId };
    events.publish([caller.id], realtimeTopics.invitations, realtimeTypes.invitationClosed, data);
    await events.teamChanged(tx, inv.teamId, "joined", caller.id);
    return { teamId: team.id, teamName: team.name, role: asAssignableRole(inv.role) };
  });
}

/** POST /api/invitations/{token}/decline: closes the invitation (declined_at); the team sees it gone. */
export async function declineInvitation(deps: TeamDeps, caller: Caller, token: string): Promise<void> {
  await inTeamTransaction(deps, async (tx, events) => {
    const inv = await openInvitationFor(tx, token, caller);
    await tx.update(teamInvitations).set({ declinedAt: new Date() }).where(eq(teamInvitations.id, inv.id));
    await auditInvitation(tx, deps.logger, caller, "decline", inv);
    const data: InvitationEvent = { invitationId: inv.id, teamId: inv.teamId };
    events.publish([caller.id], realtimeTopics.invitations, realtimeTypes.invitationClosed, data);
    await events.teamChanged(tx, inv.teamId, "declined", null);
  });
}
