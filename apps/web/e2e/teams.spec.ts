import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, PASSWORD, expect, linkIn, login, signUpViaApi, test, uniqueEmail, waitForMail } from "./fixtures";

// Issue 10: an enterprise owner (plan set in the admin console) creates a team and invites a
// colleague by e-mail; the colleague's bell lights up live, they join through the e-mailed link,
// plan against the allocation the owner gave and are refused past it.
const TILES = /tile\.openstreetmap\.org/;
const VADUZ = "47.14100, 9.52090";
const SCHAAN = "47.16500, 9.50900";

/** Axe's serious and critical findings on the page as it is now (ids only). */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Types a two-stop route as "lat, lng" (no geocoder) and presses Optimise. */
async function optimiseTypedRoute(page: Page) {
  await page.goto("/");
  await page.getByRole("combobox", { name: "Start point" }).fill(VADUZ);
  await page.getByRole("combobox", { name: "Destination 1" }).fill(SCHAAN);
  await page.getByRole("button", { name: "Optimise" }).click();
}

test("an enterprise owner's team: invitation bell live, joining from the e-mail, planning within the allocation", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const ownerEmail = uniqueEmail("owner");
  const memberEmail = uniqueEmail("colleague");
  const team = `Night Shift ${Date.now().toString(36)}`;
  await signUpViaApi(request, ownerEmail, undefined, "Olivia Owner");
  await request.post("/api/auth/sign-out", { data: {} });
  await signUpViaApi(request, memberEmail, undefined, "Max Member");
  await request.post("/api/auth/sign-out", { data: {} });

  // The super admin puts the owner on Enterprise in the admin console.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN.email, ADMIN.password);
  await admin.goto("/admin");
  await admin.getByLabel("Search by e-mail or name").fill(ownerEmail);
  const plan = admin.getByRole("combobox", { name: `Plan of ${ownerEmail}` });
  await expect(plan).toHaveValue("free");
  await plan.selectOption("enterprise");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Change to Enterprise" }).click();
  await expect(admin.getByRole("region", { name: "Users" }).getByRole("status")).toHaveText(`${ownerEmail} is now on Enterprise.`);
  await adminContext.close();

  // The colleague is signed in elsewhere, on the planner, with no badge on the bell.
  const memberContext = await browser.newContext();
  await memberContext.route(TILES, (route) => route.abort());
  const member = await memberContext.newPage();
  await login(member, memberEmail);
  await member.goto("/");
  await expect(member.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(member.getByTestId("notification-badge")).toHaveCount(0);

  // The owner creates the team and invites the colleague by e-mail.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await login(owner, ownerEmail);
  await owner.goto("/teams");
  await owner.getByLabel("Team name").fill(team);
  await owner.getByRole("button", { name: "Create team" }).click();
  await expect(owner).toHaveURL(/\/team-dashboard\?team=/);
  await expect(owner.getByRole("heading", { level: 2, name: team })).toBeVisible();
  const invite = owner.getByRole("form", { name: "Invite a member" });
  await invite.getByLabel("E-mail").fill(memberEmail);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  await expect(owner.getByRole("list", { name: "Pending invitations" })).toContainText(memberEmail);
  expect(await axeFindings(owner), "/team-dashboard").toEqual([]);

  // The colleague's bell lights up without a reload (the realtime socket), and lists the invitation.
  const badge = member.getByTestId("notification-badge");
  await expect(badge).toBeVisible({ timeout: 10_000 });
  await member.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  await expect(member.getByRole("menuitem", { name: new RegExp(`Join ${team}`) })).toBeVisible();
  await member.keyboard.press("Escape");

  // The colleague opens the e-mailed link and accepts: the team dashboard shows the team.
  const mail = await waitForMail(memberEmail, /invited to join/);
  const link = linkIn(mail);
  expect(link).toMatch(/\/team-invitation\/[\w-]{20,}$/);
  await member.goto(link);
  await expect(member.getByText(`Olivia Owner invited you to join ${team} as Member.`)).toBeVisible();
  await member.getByRole("button", { name: "Accept" }).click();
  await expect(member).toHaveURL(/\/team-dashboard\?team=/);
  await expect(member.getByRole("heading", { level: 2, name: team })).toBeVisible();
  await expect(member.getByText("Your role: Member")).toBeVisible();

  // The owner sees the new member appear (no reload) and gives them one route a month.
  const members = owner.getByRole("table", { name: "Members" });
  await expect(members.getByRole("cell", { name: memberEmail, exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(owner.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  const allocation = owner.getByRole("spinbutton", { name: `Allocation of ${memberEmail}` });
  await allocation.fill("1");
  await owner.getByRole("button", { name: `Save allocation of ${memberEmail}` }).click();
  await expect(owner.getByText("Max Member can now plan 1 routes a month.")).toBeVisible();

  // The member plans one route against it; then the planner says, before anything is typed, that
  // the allocation is used (the server's message to ask the team admin) and Optimise is disabled.
  await optimiseTypedRoute(member);
  await expect(member.getByTestId("route-result")).toBeVisible({ timeout: 30_000 });
  await member.goto("/");
  await expect(member.getByText(/You have used all 1 routes the team gave you this month\. Ask the team admin to raise your allocation\./).first()).toBeVisible({ timeout: 15_000 });
  await expect(member.getByRole("button", { name: "Optimise" })).toBeDisabled();

  // The owner's table shows the route used (Used is the fifth column).
  await owner.reload();
  await expect(members.getByRole("row").filter({ hasText: memberEmail }).getByRole("cell").nth(4)).toHaveText("1");

  await memberContext.close();
  await ownerContext.close();
});

test("a signed-out invitee opens the e-mailed link, creates an account and comes back to accept", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const ownerEmail = uniqueEmail("owner");
  const inviteeEmail = uniqueEmail("newcomer");
  const team = `Early Birds ${Date.now().toString(36)}`;
  const { user: ownerUser } = await signUpViaApi(request, ownerEmail, undefined, "Olivia Owner");
  await request.post("/api/auth/sign-out", { data: {} });

  // The super admin sets the plan; the owner creates the team and invites through the API.
  expect((await request.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  const upgraded = await request.patch(`/api/admin/users/${ownerUser.id}/plan`, { data: { tier: "enterprise" } });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  await request.post("/api/auth/sign-out", { data: {} });
  expect((await request.post("/api/auth/sign-in/email", { data: { email: ownerEmail, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post("/api/teams", { data: { name: team } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  const invited = await request.post(`/api/teams/${teamId}/invitations`, { data: { email: inviteeEmail, role: "driver" } });
  expect(invited.status(), await invited.text()).toBe(201);
  await request.post("/api/auth/sign-out", { data: {} });

  // Signed out, the link names the team and the inviter, and offers sign in or a new account.
  const context = await browser.newContext();
  const page = await context.newPage();
  const link = linkIn(await waitForMail(inviteeEmail, /invited to join/));
  await page.goto(link);
  await expect(page.getByText(`Olivia Owner invited you to join ${team} as Driver.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
  expect(await axeFindings(page), "/team-invitation signed out").toEqual([]);
  await page.getByRole("link", { name: "Create account" }).click();
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Name").fill("Nina Newcomer");
  await form.getByLabel("Email").fill(inviteeEmail);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();

  // Back on the invitation, signed in: accepting lands on the team dashboard as a driver.
  await expect(page).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(new RegExp(`/team-dashboard\\?team=${teamId}`));
  await expect(page.getByRole("heading", { level: 2, name: team })).toBeVisible();
  await expect(page.getByText("Your role: Driver")).toBeVisible();

  // The link cannot be used twice.
  await page.goto(link);
  await expect(page.getByText("This invitation has already been accepted")).toBeVisible();
  await context.close();
});
