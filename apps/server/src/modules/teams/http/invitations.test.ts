import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_OPEN_INVITATIONS, teamMessages, type InvitationDetails, type MyInvitationList, type NotificationList, type PendingInvitation, type TeamDetail } from "@routepilot/contracts";
import { outbox, teamInvitations, teamMembers } from "@routepilot/db";
import { BASE, createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, recordRealtime, setTier } from "../../../test/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = async (res: Response | Promise<Response>) => (await json<{ error: { code: string; message: string } }>(res)).error;

/** The invitation link of the latest e-mail to an address. */
async function mailedLink(email: string): Promise<{ link: string; token: string; subject: string; text: string; html: string | null }> {
  const mails = await t.deps.db.select().from(outbox).where(and(eq(outbox.to, email), eq(outbox.kind, "team-invitation")));
  const mail = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  if (!mail) throw new Error(`no invitation e-mail to ${email}`);
  const link = /https?:\/\/\S+\/team-invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no link in the e-mail");
  return { link, token: link.split("/").at(-1)!, subject: mail.subject, text: mail.text, html: mail.html };
}

describe("the invitation life cycle", () => {
  it("invite → e-mail and bell → details signed out → accept → member with allocation 0, inviter notified", async () => {
    const owner = await account(t, "boss", "Bea Boss");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Delivery Crew");
    const invitee = await account(t, "colleague", "Cole League");
    const rt = recordRealtime(t);

    const created = await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: `  ${invitee.email.toUpperCase()} `, role: "driver" } });
    expect(created.status).toBe(201);
    const invitation = await json<PendingInvitation>(created);
    expect(invitation).toEqual({ id: expect.any(String), email: invitee.email.toUpperCase(), role: "driver", invitedBy: "Bea Boss", expiresAt: expect.any(String), createdAt: expect.any(String) });
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // The e-mail: subject, link to the page, the token is ≥ 128 random bits.
    const mail = await mailedLink(invitee.email.toUpperCase());
    expect(mail.subject).toBe(teamMessages.invitationMailSubject("Delivery Crew"));
    expect(mail.link).toBe(`${BASE}/team-invitation/${mail.token}`);
    expect(Buffer.from(mail.token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(mail.text).toContain("Bea Boss invited you to join Delivery Crew as Driver.");
    expect(mail.html).toContain(mail.link);

    // The bell: a notification and a pending invitation; the realtime messages after commit.
    const bell = await json<NotificationList>(t.call("/api/notifications", { cookie: invitee.cookie }));
    expect(bell.pendingInvitations).toBe(1);
    expect(bell.unreadCount).toBe(1);
    expect(bell.notifications[0]).toMatchObject({ type: "team_invitation", title: teamMessages.invitationReceivedTitle, message: "Bea Boss invited you to join Delivery Crew as Driver." });
    expect(rt.to(invitee.userId)).toEqual([
      { topic: "notifications", type: "created" },
      { topic: "invitations", type: "created" },
    ]);
    expect(rt.to(owner.userId)).toEqual([{ topic: `team:${teamId}`, type: "members_changed" }]);

    // Listed for the invitee (case-insensitive address), visible to the team as pending.
    const mine = await json<MyInvitationList>(t.call("/api/invitations", { cookie: invitee.cookie }));
    expect(mine.invitations).toEqual([
      { id: invitation.id, token: mail.token, teamId, teamName: "Delivery Crew", role: "driver", invitedBy: "Bea Boss", invitedByImage: null, expiresAt: invitation.expiresAt },
    ]);
    expect((await json<MyInvitationList>(t.call("/api/invitations", { cookie: owner.cookie }))).invitations).toEqual([]);
    expect((await json<TeamDetail>(t.call(`/api/teams/${teamId}`, { cookie: owner.cookie }))).pendingInvitations).toEqual([invitation]);

    // The page's details, signed out and signed in.
    const publicDetails = await json<InvitationDetails>(t.call(`/api/invitations/${mail.token}`));
    expect(publicDetails).toEqual({ teamName: "Delivery Crew", invitedBy: "Bea Boss", role: "driver", expiresAt: invitation.expiresAt, status: "open", forYou: null });
    expect(await json(t.call(`/api/invitations/${mail.token}`, { cookie: invitee.cookie }))).toMatchObject({ forYou: true });
    expect(await json(t.call(`/api/invitations/${mail.token}`, { cookie: owner.cookie }))).toMatchObject({ forYou: false });

    // Someone else cannot accept it: 403 naming the address, nothing changed.
    const wrong = await t.call(`/api/invitations/${mail.token}/accept`, { method: "POST", cookie: owner.cookie });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).message).toBe(teamMessages.invitationOtherEmail(invitee.email.toUpperCase()));
    expect((await t.call(`/api/invitations/${mail.token}/accept`, { method: "POST" })).status).toBe(401);

    rt.messages.length = 0;
    const accepted = await t.call(`/api/invitations/${mail.token}/accept`, { method: "POST", cookie: invitee.cookie });
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toEqual({ teamId, teamName: "Delivery Crew", role: "driver" });
    const [row] = await t.deps.db.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, invitee.userId)));
    expect(row).toMatchObject({ role: "driver", quotaAllocation: 0, usedQuota: 0, invitedBy: owner.userId });
    const [inv] = await t.deps.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(inv!.acceptedAt).not.toBeNull();
    expect(rt.to(owner.userId)).toEqual([
      { topic: "notifications", type: "created" },
      { topic: `team:${teamId}`, type: "members_changed" },
    ]);
    expect(rt.to(invitee.userId)).toEqual([
      { topic: "invitations", type: "closed" },
      { topic: `team:${teamId}`, type: "members_changed" },
    ]);
    rt.stop();
    const ownerBell = await json<NotificationList>(t.call("/api/notifications", { cookie: owner.cookie }));
    expect(ownerBell.notifications[0]).toMatchObject({ title: teamMessages.invitationAcceptedTitle, message: "Cole League joined Delivery Crew." });

    // Now a member: the team, the plan summary, no pending invitation; the link is used up.
    const detail = await json<TeamDetail>(t.call(`/api/teams/${teamId}`, { cookie: invitee.cookie }));
    expect(detail.role).toBe("driver");
    expect(detail.pendingInvitations).toEqual([]);
    expect(detail.members.find((m) => m.userId === invitee.userId)).toMatchObject({ invitedBy: owner.userId, invitedByName: "Bea Boss", quotaAllocation: 0 });
    expect(await json(t.call("/api/me/plan", { cookie: invitee.cookie }))).toMatchObject({ planName: "Team Member", isTeamMember: true, teamQuota: 500, teamUsed: 0, monthlyLimit: 0, subscriptionTier: "enterprise" });
    expect((await json<NotificationList>(t.call("/api/notifications", { cookie: invitee.cookie }))).pendingInvitations).toBe(0);
    const again = await t.call(`/api/invitations/${mail.token}/accept`, { method: "POST", cookie: invitee.cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(teamMessages.invitationAccepted);
    expect(await json(t.call(`/api/invitations/${mail.token}`))).toMatchObject({ status: "accepted" });
    expect((await t.call(`/api/teams/${teamId}/invitations/${invitation.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(409);
    expect((await t.call(`/api/teams/${teamId}/invitations/${invitation.id}/resend`, { method: "POST", cookie: owner.cookie })).status).toBe(409);
    // Inviting a member's address again is refused.
    expect((await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: invitee.email } })).status).toBe(409);
  });

  it("an invitation to an address without an account: e-mail only; signing up with it, the invitation is waiting", async () => {
    const owner = await account(t, "boss2", "Bo");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Newcomers");
    const email = "not-yet-registered@example.com";
    expect((await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email } })).status).toBe(201);
    const { token } = await mailedLink(email);
    const { cookie } = await t.signUp(email, undefined, "Newbie");
    const mine = await json<MyInvitationList>(t.call("/api/invitations", { cookie }));
    expect(mine.invitations.map((i) => [i.token, i.role])).toEqual([[token, "member"]]);
    expect((await t.call(`/api/invitations/${token}/accept`, { method: "POST", cookie })).status).toBe(200);
  });

  it("resend: same link, new expiry, e-mailed again; revoke: the link answers 404, the invitee hears of it", async () => {
    const owner = await account(t, "boss3", "Bob");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Resenders");
    const admin = await account(t, "admin3");
    await addMember(t, teamId, admin, "admin");
    const invitee = await account(t, "invitee3");
    const invitation = await json<PendingInvitation>(t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: invitee.email, role: "manager" } }));
    const first = await mailedLink(invitee.email);
    const soon = await t.call(`/api/teams/${teamId}/invitations/${invitation.id}/resend`, { method: "POST", cookie: admin.cookie });
    expect(soon.status).toBe(409);
    expect((await errorOf(soon)).message).toBe(teamMessages.resentRecently);
    await t.deps.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, invitation.id));
    const expired = await t.call(`/api/invitations/${first.token}/accept`, { method: "POST", cookie: invitee.cookie });
    expect(expired.status).toBe(410);
    expect(await errorOf(expired)).toEqual({ code: "GONE", message: teamMessages.invitationExpired, key: "team.invitationExpired" });
    expect((await t.call(`/api/invitations/${first.token}/decline`, { method: "POST", cookie: invitee.cookie })).status).toBe(410);
    expect(await json(t.call(`/api/invitations/${first.token}`))).toMatchObject({ status: "expired" });
    expect((await json<MyInvitationList>(t.call("/api/invitations", { cookie: invitee.cookie }))).invitations).toEqual([]);

    const resent = await t.call(`/api/teams/${teamId}/invitations/${invitation.id}/resend`, { method: "POST", cookie: admin.cookie });
    expect(resent.status).toBe(200);
    const after = await json<PendingInvitation>(resent);
    expect(new Date(after.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(after.invitedBy).toBe("Bob");
    const mails = await t.deps.db.select().from(outbox).where(and(eq(outbox.to, invitee.email), eq(outbox.kind, "team-invitation")));
    expect(mails).toHaveLength(2);
    expect((await mailedLink(invitee.email)).token).toBe(first.token);
    expect((await json<MyInvitationList>(t.call("/api/invitations", { cookie: invitee.cookie }))).invitations).toHaveLength(1);

    const rt = recordRealtime(t);
    expect((await t.call(`/api/teams/${teamId}/invitations/${invitation.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    rt.stop();
    expect(rt.to(invitee.userId)).toEqual([{ topic: "invitations", type: "revoked" }]);
    const gone = await t.call(`/api/invitations/${first.token}/accept`, { method: "POST", cookie: invitee.cookie });
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).message).toBe(teamMessages.invitationNotFound);
    expect((await t.call(`/api/invitations/${first.token}`)).status).toBe(404);
    expect((await t.call(`/api/teams/${teamId}/invitations/${invitation.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/${teamId}/invitations/${invitation.id}/resend`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
    expect(await t.deps.db.select().from(teamMembers).where(eq(teamMembers.userId, invitee.userId))).toEqual([]);
    // A new invitation to the same address is possible once the old one is closed.
    expect((await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: invitee.email } })).status).toBe(201);
  });

  it("decline closes it (409 afterwards), nothing else changes; unknown tokens 404", async () => {
    const owner = await account(t, "boss4");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Decliners");
    const invitee = await account(t, "invitee4");
    await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: invitee.email } });
    const { token } = await mailedLink(invitee.email);
    expect((await t.call(`/api/invitations/${token}/decline`, { method: "POST" })).status).toBe(401);
    expect((await t.call(`/api/invitations/${token}/decline`, { method: "POST", cookie: owner.cookie })).status).toBe(403);
    expect((await t.call(`/api/invitations/${token}/decline`, { method: "POST", cookie: invitee.cookie })).status).toBe(204);
    const accept = await t.call(`/api/invitations/${token}/accept`, { method: "POST", cookie: invitee.cookie });
    expect(accept.status).toBe(409);
    expect((await errorOf(accept)).message).toBe(teamMessages.invitationDeclined);
    expect(await json(t.call(`/api/invitations/${token}`))).toMatchObject({ status: "declined" });
    expect((await json<TeamDetail>(t.call(`/api/teams/${teamId}`, { cookie: owner.cookie }))).pendingInvitations).toEqual([]);
    expect(await t.deps.db.select().from(teamMembers).where(eq(teamMembers.userId, invitee.userId))).toEqual([]);
    for (const path of ["/api/invitations/nope", "/api/invitations/nope/accept", "/api/invitations/nope/decline"]) {
      expect((await t.call(path, { method: path.endsWith("nope") ? "GET" : "POST", cookie: invitee.cookie })).status).toBe(404);
    }
    expect((await t.call("/api/invitations")).status).toBe(401);
  });

  it("a team has at most 50 open invitations", async () => {
    const owner = await account(t, "boss6");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Crowd");
    const expiresAt = new Date(Date.now() + 86_400_000);
    await t.deps.db.insert(teamInvitations).values(Array.from({ length: MAX_OPEN_INVITATIONS }, (_, i) => ({ email: `crowd${i}@example.com`, teamId, token: `crowd-${i}`, expiresAt })));
    const refused = await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: "one-more@example.com" } });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(teamMessages.tooManyInvitations);
    await t.deps.db.update(teamInvitations).set({ revokedAt: new Date() }).where(eq(teamInvitations.token, "crowd-0"));
    expect((await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: "one-more@example.com" } })).status).toBe(201);
  });

  it("two invitations to one person from one team cannot make two memberships", async () => {
    const owner = await account(t, "boss5");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Racers");
    const invitee = await account(t, "invitee5");
    await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: invitee.email } });
    const { token: first } = await mailedLink(invitee.email);
    // A second open invitation written directly (the API refuses one while the first is open).
    await t.deps.db.insert(teamInvitations).values({ email: invitee.email, teamId, token: "second-token-for-the-race", expiresAt: new Date(Date.now() + 86_400_000) });
    const results = await Promise.all([first, "second-token-for-the-race"].map((tok) => t.call(`/api/invitations/${tok}/accept`, { method: "POST", cookie: invitee.cookie })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.deps.db.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, invitee.userId)))).toHaveLength(1);
  });
});

describe("the invitation e-mail's expiry (issue 28: the reader's formats)", () => {
  const expiry = (instant: string, locale: string, timeZone: string) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(instant));

  it("is written for an invitee with an account in their language and zone, else in the inviter's zone; the zone is named (the whole e-mail is in the invitee's language, decision 028)", async () => {
    const owner = await account(t, "zone-boss", "Zoe Boss");
    await setTier(t, owner.userId, "enterprise");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: owner.cookie, body: { timezone: "America/New_York" } })).status).toBe(200);
    const teamId = await createTeam(t, owner, "Zoned Crew");
    const invitee = await account(t, "zone-colleague", "Zed League");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: invitee.cookie, body: { language: "de", timezone: "Europe/Berlin" } })).status).toBe(200);

    const known = await json<PendingInvitation>(t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: invitee.email, role: "member" } }));
    expect((await mailedLink(invitee.email)).text).toContain(`Die Einladung ist bis ${expiry(known.expiresAt, "de-DE", "Europe/Berlin")} (Europe/Berlin) gültig.`);

    const stranger = "no-account-yet@example.com";
    const unknown = await json<PendingInvitation>(t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: stranger, role: "member" } }));
    expect((await mailedLink(stranger)).text).toContain(`The invitation is valid until ${expiry(unknown.expiresAt, "en-GB", "America/New_York")} (America/New_York).`);
  });
});

describe("the invitation e-mail's language (decision 028, E-mails)", () => {
  it("an existing German user is invited in German; a new address in the inviter's language, else the request's, else English", async () => {
    const owner = await account(t, "lang-boss", "Lou Boss");
    await setTier(t, owner.userId, "enterprise");
    const teamId = await createTeam(t, owner, "Équipe Lyon");
    const invite = (email: string, headers: Record<string, string> = {}) =>
      t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email, role: "driver" }, headers }).then((res) => expect(res.status).toBe(201));

    // The invitee's own preference decides, even against the inviter's request.
    const german = await account(t, "lang-german", "Greta");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: german.cookie, body: { language: "de" } })).status).toBe(200);
    await invite(german.email, { "accept-language": "fr" });
    const toGerman = await mailedLink(german.email);
    expect(toGerman.subject).toBe("Sie sind eingeladen, Équipe Lyon auf RoutePilot beizutreten");
    expect(toGerman.text).toMatch(/^Guten Tag,\n\nLou Boss hat Sie eingeladen, Équipe Lyon als Fahrer beizutreten\. Die Einladung ist bis .+ \(UTC\) gültig\./);
    expect(toGerman.html).toContain('<html lang="de">');

    // A new address: the request's Accept-Language while the inviter has no language preference.
    await invite("nouveau@example.com", { "accept-language": "fr-CH,fr;q=0.9" });
    const toFrench = await mailedLink("nouveau@example.com");
    expect(toFrench.subject).toBe("Vous êtes invité à rejoindre Équipe Lyon sur RoutePilot");
    expect(toFrench.text).toContain("Lou Boss vous a invité à rejoindre Équipe Lyon en tant que Chauffeur.");

    // The inviter's preference (what their RoutePilot is shown in) comes before the browser's header.
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: owner.cookie, body: { language: "es", timezone: "Europe/Madrid" } })).status).toBe(200);
    await invite("nuevo@example.com", { "accept-language": "en-GB" });
    const toSpanish = await mailedLink("nuevo@example.com");
    expect(toSpanish.subject).toBe("Te han invitado a unirte a Équipe Lyon en RoutePilot");
    expect(toSpanish.text).toMatch(/Lou Boss te ha invitado a unirte a Équipe Lyon como Conductor\. La invitación es válida hasta el .+ \(Europe\/Madrid\)\./);
  });
});

