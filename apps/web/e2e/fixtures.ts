import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "Str0ng!Pass";
export const ADMIN = { email: "admin@routepilot.test", password: "Adm1n!Pass" };

export interface Mail {
  to: string[];
  subject: string;
  body: string;
  receivedAt: number;
}

/**
 * A team invitation's subject in any of the five languages: it is written in the invitee's
 * language, else the inviter's (issue 30), so a German owner's driver gets a German one.
 */
export const INVITATION_SUBJECT = /invited to join|eingeladen, .* beizutreten|invité à rejoindre|invitato a unirti|invitado a unirte/;

/** Waits for a mail to `to` whose subject matches, caught by the SMTP sink of scripts/e2e.mjs. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the journeys through `npm run test:e2e`");
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    for (const file of readdirSync(dir).sort()) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Mail;
      if (mail.to.includes(to.toLowerCase()) && subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

export function linkIn(mail: Mail): string {
  const match = /https?:\/\/[^\s"<>]+/.exec(mail.body);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}

let counter = 0;
/** A unique e-mail address per call, so journeys never collide. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Creates an account through the API; the request context keeps its session cookie. */
export async function signUpViaApi(request: APIRequestContext, email: string, password = PASSWORD, name = "E2E User") {
  const res = await request.post("/api/auth/sign-up/email", { data: { email, password, name } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { user: { id: string; email: string } };
}

/** Signs in through the real form. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/sign-in");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** Sets a user's role through the admin API, signed in as the super admin the global setup created. */
/** Signs the API request context in as `email` (signing out whoever it was first). */
export async function signInViaApi(request: APIRequestContext, email: string, password = PASSWORD) {
  await request.post("/api/auth/sign-out", { data: {} });
  const res = await request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.status()).toBe(200);
}

/** Today's date (YYYY-MM-DD) in the browser's and server's local time zone. */
export function localToday(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export async function setRole(request: APIRequestContext, userId: string, role: string[]) {
  const signIn = await request.post("/api/auth/sign-in/email", { data: ADMIN });
  expect(signIn.status()).toBe(200);
  const res = await request.post("/api/auth/admin/set-role", { data: { userId, role } });
  expect(res.status(), await res.text()).toBe(200);
  await request.post("/api/auth/sign-out", { data: {} });
}

/**
 * A Fleet Pro owner's team with one driver who accepted the invitation, through the API: the super
 * admin upgrades the owner, the owner creates the team and invites the driver, the driver accepts
 * the link from the e-mail. The request context is left signed out.
 */
export async function fleetTeamWithDriver(request: APIRequestContext, owner: { id: string; email: string }, driverEmail: string, teamName: string): Promise<string> {
  await signInViaApi(request, ADMIN.email, ADMIN.password);
  expect((await request.patch(`/api/admin/users/${owner.id}/plan`, { data: { tier: "fleet_pro" } })).status()).toBe(200);
  await signInViaApi(request, owner.email);
  const created = await request.post("/api/teams", { data: { name: teamName } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  expect((await request.post(`/api/teams/${teamId}/invitations`, { data: { email: driverEmail, role: "driver" } })).status()).toBe(201);
  const token = new URL(linkIn(await waitForMail(driverEmail, INVITATION_SUBJECT))).pathname.split("/").pop()!;
  await signInViaApi(request, driverEmail);
  expect((await request.post(`/api/invitations/${token}/accept`, { data: {} })).status()).toBe(200);
  await request.post("/api/auth/sign-out", { data: {} });
  return teamId;
}

export const test = base;
export { expect };

/**
 * axe's serious and critical violations, read once the page has settled: content that arrives with
 * a late request (the pricing buttons wait for /api/billing/plans) can still be in a colour
 * transition of the theme.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
