import AxeBuilder from "@axe-core/playwright";
import { ADMIN, expect, linkIn, login, signUpViaApi, test, uniqueEmail, waitForMail, signInViaApi, localToday } from "./fixtures";

// Issue 12 (customers): the team's owner words the "on its way" e-mail, a manager's plan is
// dispatched, the customer gets the e-mail with a tracking link, opens it signed out on a phone
// and sees the status and arrival window; the e-mail's unsubscribe link works.
const TILES = /tile\.openstreetmap\.org/;
const DEPOT = { lat: 47.141, lng: 9.5209 }; // Vaduz

/** The path of the first page link in a mail to `/<prefix>/…` (not the API's one-click unsubscribe in the headers). */
function pathIn(body: string, prefix: "track" | "unsubscribe"): string {
  const match = new RegExp(`https?://[^\\s"<>/]+/${prefix}/[A-Za-z0-9_.-]+`).exec(body);
  if (!match) throw new Error(`no /${prefix}/ link in the mail`);
  return new URL(match[0]).pathname;
}

test("a customer gets the 'on its way' e-mail at dispatch, tracks the delivery signed out and unsubscribes", async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail("trackowner");
  const driverEmail = uniqueEmail("trackdriver");
  const customerEmail = uniqueEmail("customer");
  const teamName = `Tracked Vans ${Date.now().toString(36)}`;
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Mara Manager");
  const { user: driver } = await signUpViaApi(request, driverEmail, undefined, "Dino Driverson");

  // Fixtures through the API: Fleet Pro, a team, a van, a driver who joined.
  await signInViaApi(request, ADMIN.email, ADMIN.password);
  expect((await request.patch(`/api/admin/users/${owner.id}/plan`, { data: { tier: "fleet_pro" } })).status()).toBe(200);
  await signInViaApi(request, ownerEmail);
  const created = await request.post("/api/teams", { data: { name: teamName } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  const van = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: "Van 1", profile: "van", capacity: [20], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT } });
  expect(van.status(), await van.text()).toBe(201);
  const { id: vehicleId } = (await van.json()) as { id: string };
  expect((await request.post(`/api/teams/${teamId}/invitations`, { data: { email: driverEmail, role: "driver" } })).status()).toBe(201);
  const invitation = new URL(linkIn(await waitForMail(driverEmail, /invited to join/))).pathname.split("/").pop()!;
  await signInViaApi(request, driverEmail);
  expect((await request.post(`/api/invitations/${invitation}/accept`, { data: {} })).status()).toBe(200);
  await request.post("/api/auth/sign-out", { data: {} });

  // The owner words the "on its way" e-mail on the fleet page, with the preview.
  const ownerContext = await browser.newContext();
  await ownerContext.route(TILES, (route) => route.abort());
  const ownerPage = await ownerContext.newPage();
  await login(ownerPage, ownerEmail);
  await ownerPage.goto(`/fleet?team=${teamId}`);
  const card = ownerPage.getByRole("form", { name: "Customer e-mails" });
  await expect(card.getByLabel("Subject")).toHaveValue("Your delivery from {team} is on its way");
  await card.getByLabel("Subject").fill("Your parcel from {team} is coming");
  await expect(card.getByRole("region", { name: "Preview: On its way" })).toContainText(`Your parcel from ${teamName} is coming`);
  await card.getByRole("button", { name: "Save customer e-mails" }).click();
  await expect(card.getByRole("status")).toHaveText("Customer e-mails saved.");
  await ownerPage.screenshot({ path: testInfo.outputPath("customer-emails.png"), fullPage: true });
  await ownerContext.close();

  // A plan with one order for the customer (contact e-mail) and one without, dispatched.
  await signInViaApi(request, ownerEmail);
  const orders = [
    { label: "Bakery Meier", lat: 47.1395, lng: 9.5235, serviceMinutes: 4, demand: [1], contact: { name: "Carla Customer", email: customerEmail, phone: "+423 555 01 01" } },
    { label: "Post Office Vaduz", lat: 47.1432, lng: 9.5168, serviceMinutes: 4, demand: [1] },
  ];
  const plan = await request.post(`/api/teams/${teamId}/plans`, { data: { date: localToday(), vehicleIds: [vehicleId], orders } });
  expect(plan.status(), await plan.text()).toBe(202);
  const { id: planId } = (await plan.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/teams/${teamId}/plans/${planId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");
  const dispatched = await request.post(`/api/teams/${teamId}/plans/${planId}/dispatch`, { data: { assignments: [{ vehicleId, driverUserId: driver.id }], dispatchAnyway: true } });
  expect(dispatched.status(), await dispatched.text()).toBe(200);
  await request.post("/api/auth/sign-out", { data: {} });

  // The customer's e-mail: the team's wording, the window, the tracking and unsubscribe links.
  const mail = await waitForMail(customerEmail, new RegExp(`Your parcel from ${teamName} is coming`));
  expect(mail.body).toContain("Hello Carla Customer,");
  expect(mail.body).toMatch(/We expect to be with you between \d\d:\d\d and \d\d:\d\d\./);
  expect(mail.body).toMatch(/List-Unsubscribe:/i);
  expect(mail.body).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
  const trackPath = pathIn(mail.body, "track");
  const unsubscribePath = pathIn(mail.body, "unsubscribe");

  // A signed-out phone opens the link.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.route(TILES, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(trackPath);
  await expect(page.getByRole("heading", { level: 1, name: "Track your delivery" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bakery Meier" })).toBeVisible();
  await expect(page.getByText(`${teamName} has scheduled your delivery.`)).toBeVisible();
  await expect(page.getByTestId("tracking-window")).toHaveText(/^\d\d?:\d\d( [AP]M)? – \d\d?:\d\d( [AP]M)?$/);
  await expect(page.getByRole("listitem").filter({ hasText: "Scheduled" })).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("tracking-map")).toBeVisible();
  // Nothing of the driver beyond the first name, nor of the other stop.
  await expect(page.locator("body")).not.toContainText("Driverson");
  await expect(page.locator("body")).not.toContainText("Post Office Vaduz");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath("tracking-375.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("; ")}`)).toEqual([]);

  // The unsubscribe link names the team and the address; confirming records it.
  await page.goto(unsubscribePath);
  await expect(page.getByText(`${teamName} will stop sending delivery updates to ${customerEmail.toLowerCase()}.`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

  // An unknown tracking link reads as expired.
  await page.goto("/track/AAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("heading", { name: "This tracking link has expired or does not exist" })).toBeVisible();
  await context.close();
});
