import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, expect, linkIn, localToday, login, signInViaApi, signUpViaApi, test, uniqueEmail, waitForMail } from "./fixtures";

// Issue 14: a fleet owner sees each driver's on-time rate on /analytics-dashboard from what the
// driver recorded (events through the driver API); a plain member is told the page is for managers.
const DEPOT = { lat: 47.141, lng: 9.5209 }; // Vaduz
const ORDERS = [
  ["Bakery", 47.1385, 9.5215],
  ["Florist", 47.1432, 9.5181],
] as const;
const eventId = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Invites `email` to the team with `role` and accepts as them; returns their user id. */
async function join(request: APIRequestContext, ownerEmail: string, teamId: string, email: string, role: string): Promise<string> {
  await signInViaApi(request, ownerEmail);
  expect((await request.post(`/api/teams/${teamId}/invitations`, { data: { email, role } })).status()).toBe(201);
  const token = new URL(linkIn(await waitForMail(email, /invited to join/))).pathname.split("/").pop()!;
  await signInViaApi(request, email);
  expect((await request.post(`/api/invitations/${token}/accept`, { data: {} })).status()).toBe(200);
  return ((await (await request.get("/api/me")).json()) as { user: { id: string } }).user.id;
}

test("a fleet owner sees the driver's on-time rate with a table view and CSV; a member is refused", async ({ browser, page, request }, testInfo) => {
  test.setTimeout(180_000);
  const today = localToday();
  const ownerEmail = uniqueEmail("analytics-owner");
  const driverEmail = uniqueEmail("analytics-driver");
  const memberEmail = uniqueEmail("analytics-member");
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Olga Owner");
  await signUpViaApi(request, driverEmail, undefined, "Dario Driver");
  await signUpViaApi(request, memberEmail, undefined, "Mia Member");

  // Fleet Pro, a team with a van, a driver and a member; two orders with all-day windows, dispatched.
  await signInViaApi(request, ADMIN.email, ADMIN.password);
  expect((await request.patch(`/api/admin/users/${owner.id}/plan`, { data: { tier: "fleet_pro" } })).status()).toBe(200);
  await signInViaApi(request, ownerEmail);
  const created = await request.post("/api/teams", { data: { name: `Analytics Vans ${Date.now().toString(36)}` } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  const van = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: "Van 1", profile: "van", capacity: [5], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT } });
  expect(van.status(), await van.text()).toBe(201);
  const vehicleId = ((await van.json()) as { id: string }).id;
  const driverId = await join(request, ownerEmail, teamId, driverEmail, "driver");
  await join(request, ownerEmail, teamId, memberEmail, "member");

  await signInViaApi(request, ownerEmail);
  const orders = ORDERS.map(([label, lat, lng]) => ({ label, lat, lng, serviceMinutes: 3, demand: [1], timeWindows: [{ start: "00:00", end: "23:59" }] }));
  const planned = await request.post(`/api/teams/${teamId}/plans`, { data: { date: today, vehicleIds: [vehicleId], orders } });
  expect(planned.status(), await planned.text()).toBe(202);
  const { id: planId } = (await planned.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/teams/${teamId}/plans/${planId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");
  const dispatched = await request.post(`/api/teams/${teamId}/plans/${planId}/dispatch`, { data: { assignments: [{ vehicleId, driverUserId: driverId }], dispatchAnyway: true } });
  expect(dispatched.status(), await dispatched.text()).toBe(200);

  // The driver arrives at and finishes both stops, inside their windows.
  const driverContext = await browser.newContext();
  const driverApi = driverContext.request;
  await signInViaApi(driverApi, driverEmail);
  const driverRoutes = (await (await driverApi.get(`/api/driver/routes?date=${today}`)).json()) as { routes: { stops: { id: string }[] }[] };
  const stops = driverRoutes.routes[0]!.stops;
  expect(stops).toHaveLength(2);
  let secondsAgo = 60;
  for (const stop of stops) {
    for (const type of ["arrived", "done"] as const) {
      const res = await driverApi.post(`/api/driver/stops/${stop.id}/events`, { data: { clientEventId: eventId(), type, at: new Date(Date.now() - (secondsAgo -= 10) * 1000).toISOString() } });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
  }
  await driverContext.close();

  // The owner opens the analytics dashboard from the team page.
  await login(page, ownerEmail);
  await page.goto(`/team-dashboard?team=${teamId}`);
  await page.getByRole("link", { name: "Team analytics" }).click();
  await expect(page).toHaveURL(/\/analytics-dashboard\?team=/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics Dashboard" })).toBeVisible();
  const onTime = page.getByRole("region", { name: "On time by driver" });
  await expect(onTime.getByText("Dario Driver")).toBeVisible();
  await expect(onTime.getByText("100%")).toBeVisible();
  await expect(onTime.getByText("on time: 2 of 2 stops with a window")).toBeVisible();

  // The drivers' chart as a table, and as CSV.
  const drivers = page.getByRole("region", { name: "Drivers: on-time rate" });
  await expect(drivers.locator("svg").first()).toBeVisible();
  await drivers.getByRole("button", { name: "Show as table" }).click();
  const row = drivers.getByRole("table").getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Dario Driver" }) });
  await expect(row.getByRole("cell").nth(3)).toHaveText("100%");
  const download = page.waitForEvent("download");
  await drivers.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^drivers-on-time-rate_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8").split("\r\n");
  expect(csv[0]).toContain("Driver,Routes,Stops,Finished stops,On time (%)");
  expect(csv[1]).toMatch(/^Dario Driver,1,2,2,100,/);
  await page.screenshot({ path: testInfo.outputPath("team-analytics.png"), fullPage: true });

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // A member of the team is told the page is for managers.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await login(memberPage, memberEmail);
  await memberPage.goto("/analytics-dashboard");
  await expect(memberPage.getByText("Team analytics are for a team's owner, admins and managers. You do not manage a team.")).toBeVisible();
  await expect(memberPage.getByRole("link", { name: "Go to your teams" })).toHaveAttribute("href", "/teams");
  const memberAxe = await new AxeBuilder({ page: memberPage }).analyze();
  expect(memberAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await memberContext.close();
});
