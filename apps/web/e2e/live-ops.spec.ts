import AxeBuilder from "@axe-core/playwright";
import { ADMIN, expect, linkIn, login, signUpViaApi, test, uniqueEmail, waitForMail, signInViaApi, localToday } from "./fixtures";

// Issue 12: a manager watches the day's dispatched routes live on /fleet/live while a driver works
// one (events and positions through the driver API); then moves a stop and re-sequences a route.
const TILES = /tile\.openstreetmap\.org/;
const DEPOT = { lat: 47.141, lng: 9.5209 }; // Vaduz
const ORDERS = [
  ["Bakery", 47.1385, 9.5215],
  ["Florist", 47.1432, 9.5181],
  ["School", 47.1468, 9.5132],
  ["Garage", 47.1652, 9.5094],
  ["Museum", 47.1684, 9.5121],
  ["Library", 47.1712, 9.5063],
] as const;

const eventId = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

test("a manager watches a driver finish a stop and move on the live map without a reload, then moves a stop, re-sequences a route and inserts an urgent order", async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const today = localToday();
  const ownerEmail = uniqueEmail("liveops");
  const drivers = [uniqueEmail("driver-a"), uniqueEmail("driver-b")];
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Mara Manager");
  await signUpViaApi(request, drivers[0]!, undefined, "Dana Driver");
  await signUpViaApi(request, drivers[1]!, undefined, "Eli Driver");

  // Set-up through the API: Fleet Pro, a team, two vans of 3 units, two drivers who joined.
  await signInViaApi(request, ADMIN.email, ADMIN.password);
  expect((await request.patch(`/api/admin/users/${owner.id}/plan`, { data: { tier: "fleet_pro" } })).status()).toBe(200);
  await signInViaApi(request, ownerEmail);
  const created = await request.post("/api/teams", { data: { name: `Live Vans ${Date.now().toString(36)}` } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  const vehicleIds: string[] = [];
  for (let i = 1; i <= 2; i++) {
    const res = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: `Van ${i}`, profile: "van", capacity: [3], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT } });
    expect(res.status(), await res.text()).toBe(201);
    vehicleIds.push(((await res.json()) as { id: string }).id);
  }
  const driverIds: string[] = [];
  for (const email of drivers) {
    await signInViaApi(request, ownerEmail);
    expect((await request.post(`/api/teams/${teamId}/invitations`, { data: { email, role: "driver" } })).status()).toBe(201);
    const token = new URL(linkIn(await waitForMail(email, /invited to join/))).pathname.split("/").pop()!;
    await signInViaApi(request, email);
    expect((await request.post(`/api/invitations/${token}/accept`, { data: {} })).status()).toBe(200);
    const me = (await (await request.get("/api/me")).json()) as { user: { id: string } };
    driverIds.push(me.user.id);
  }

  // Six one-unit orders on two vans of three: both vans are used. Planned, then dispatched (one van per driver).
  await signInViaApi(request, ownerEmail);
  const orders = ORDERS.map(([label, lat, lng]) => ({ label, lat, lng, serviceMinutes: 3, demand: [1] }));
  const planned = await request.post(`/api/teams/${teamId}/plans`, { data: { date: today, vehicleIds, orders } });
  expect(planned.status(), await planned.text()).toBe(202);
  const { id: planId } = (await planned.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/teams/${teamId}/plans/${planId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");
  const dispatched = await request.post(`/api/teams/${teamId}/plans/${planId}/dispatch`, {
    data: { assignments: vehicleIds.map((vehicleId, i) => ({ vehicleId, driverUserId: driverIds[i]! })), dispatchAnyway: true },
  });
  expect(dispatched.status(), await dispatched.text()).toBe(200);
  const { routes: dispatchedRoutes } = (await dispatched.json()) as { routes: { routeId: string; vehicleId: string; driverUserId: string }[] };
  expect(dispatchedRoutes).toHaveLength(2);

  // Driver A, signed in on their own (API) context, reads their route.
  const driverContext = await browser.newContext();
  const driverApi = driverContext.request;
  await signInViaApi(driverApi, drivers[0]!);
  const driverRoutes = (await (await driverApi.get(`/api/driver/routes?date=${today}`)).json()) as { routes: { id: string; stops: { id: string; label: string }[] }[] };
  expect(driverRoutes.routes).toHaveLength(1);
  const routeA = driverRoutes.routes[0]!;
  const firstStop = routeA.stops[0]!;

  // The manager opens the live view.
  const context = await browser.newContext();
  await context.route(TILES, (route) => route.abort());
  const page = await context.newPage();
  await login(page, ownerEmail);
  await page.goto("/fleet");
  await page.getByRole("navigation", { name: "Fleet" }).getByRole("link", { name: "Live" }).click();
  await expect(page).toHaveURL(/\/fleet\/live/);
  await expect(page.getByRole("heading", { name: "Live operations" })).toBeVisible();
  // The socket is open before the driver acts (a message before it would only be caught up by the refetch on connect).
  await expect(page.getByTestId("live-connection")).toHaveText(/Live$/);
  const routesList = page.getByRole("list", { name: "Routes" });
  await expect(routesList.locator(":scope > li[data-route-id]")).toHaveCount(2);
  const cardA = routesList.locator(`:scope > li[data-route-id="${routeA.id}"]`);
  await expect(cardA.getByTestId("done-count")).toHaveText(`0 of ${routeA.stops.length}`);
  await expect(page.getByRole("table", { name: "All stops of the day" }).getByRole("row")).toHaveCount(ORDERS.length + 1);
  await page.screenshot({ path: testInfo.outputPath("live-before.png"), fullPage: true });

  // From here on nothing may reload the page: a marker on the window would not survive one.
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.evaluate(() => Object.assign(window, { __liveOpsMarker: "kept" }));

  // The driver shares a first position: the marker appears.
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  const posted = await driverApi.post("/api/driver/positions", { data: [{ lat: 47.1405, lng: 9.5212, accuracy: 8, heading: null, speed: null, at: at(20) }] });
  expect(posted.status(), await posted.text()).toBeLessThan(300);
  const marker = page.locator(`[data-marker="driver"][data-driver-id="${driverIds[0]}"]`);
  await expect(marker).toHaveAttribute("data-position", "47.14050,9.52120");

  // The driver arrives at and finishes the first stop: the card and the table show it done.
  for (const type of ["arrived", "done"] as const) {
    const res = await driverApi.post(`/api/driver/stops/${firstStop.id}/events`, { data: { clientEventId: eventId(), type, at: at(type === "arrived" ? 10 : 5), lat: 47.1386, lng: 9.5214 } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  await expect(cardA.getByTestId("done-count")).toHaveText(`1 of ${routeA.stops.length}`);
  await expect(cardA.locator(`li[data-stop-id="${firstStop.id}"]`)).toHaveAttribute("data-status", "done");
  await expect(page.locator(`[data-marker="live-stop"][data-stop-id="${firstStop.id}"]`)).toHaveAttribute("data-status", "done");

  // The driver moves on: the marker follows from the message alone (no request for the positions).
  const positionRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(`/api/teams/${teamId}/positions`)) positionRequests.push(r.url());
  });
  expect((await driverApi.post("/api/driver/positions", { data: [{ lat: 47.1441, lng: 9.5175, accuracy: 8, heading: 300, speed: 6, at: at(0) }] })).status()).toBeLessThan(300);
  await expect(marker).toHaveAttribute("data-position", "47.14410,9.51750");
  await expect(cardA.getByTestId("last-position")).toContainText("(47.14410, 9.51750)");
  expect(positionRequests).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("live-after-driver.png"), fullPage: true });

  // The manager moves a pending stop of route A onto the other driver's route.
  const otherRouteId = dispatchedRoutes.find((r) => r.routeId !== routeA.id)!.routeId;
  const cardB = routesList.locator(`:scope > li[data-route-id="${otherRouteId}"]`);
  const moving = routeA.stops.at(-1)!;
  await cardA.getByLabel(`Move ${moving.label} to`).selectOption(otherRouteId);
  await cardA.getByRole("button", { name: `Move ${moving.label}`, exact: true }).click();
  await expect(cardB.getByRole("list", { name: /^Stops of/ })).toContainText(moving.label);
  await expect(cardA.getByRole("list", { name: /^Stops of/ })).not.toContainText(moving.label);

  // … and re-sequences the remaining stops of the route that received it.
  const resequenced = page.waitForResponse((r) => r.url().endsWith(`/routes/${otherRouteId}/resequence`));
  await cardB.getByRole("button", { name: "Re-sequence remaining stops" }).click();
  expect((await resequenced).status()).toBe(200);
  await expect(cardB.getByText(/re-sequenced from the driver/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("live-replanned.png"), fullPage: true });

  // An urgent order by coordinates goes into the best active route, which the form names.
  const urgentForm = page.getByRole("form", { name: "Urgent order" });
  await urgentForm.getByLabel("Name").fill("Pharmacy rush");
  await urgentForm.getByLabel("Latitude").fill("47.1450");
  await urgentForm.getByLabel("Longitude").fill("9.5160");
  await urgentForm.getByRole("button", { name: "Insert urgent order" }).click();
  await expect(urgentForm.getByRole("status")).toHaveText(/^Urgent order added to Van \d/);
  await expect(routesList.getByRole("list", { name: /^Stops of/ }).filter({ hasText: "Pharmacy rush" })).toHaveCount(1);
  await expect(page.getByRole("table", { name: "All stops of the day" }).getByRole("row", { name: /Pharmacy rush/ })).toBeVisible();

  // On a 375 px phone in dark mode: the map above, the cards stacked at full width; axe finds nothing serious.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  const mapBox = (await page.getByTestId("live-map").boundingBox())!;
  const [boxA, boxB] = [(await cardA.boundingBox())!, (await cardB.boundingBox())!];
  expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(Math.min(boxA.y, boxB.y));
  expect(Math.abs(boxA.x - boxB.x)).toBeLessThan(2);
  expect(boxA.width).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath("live-375-dark.png"), fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  expect(navigations).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __liveOpsMarker?: string }).__liveOpsMarker)).toBe("kept");
  await driverContext.close();
  await context.close();
});
