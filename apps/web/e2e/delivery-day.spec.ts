import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { fillProof } from "./driver-actions";
import { expect, fleetTeamWithDriver, login, signInViaApi, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 25: a fleet's delivery day on a real calendar. On a Saturday evening the owner plans Monday
// for 3 vans with 1 driver and dispatches the one route that has a driver; the driver, on a phone,
// opens the app (nothing on Saturday: "Your next route: Monday…"), works the route with photo and
// signature, loses the network, records two more actions, the tab reloads (or closes) in the dead
// zone, and the network comes back: everything reaches the office's Live view (on Monday) without a
// reload, with proof and the driver's position, and the customer's tracking page says delivered.
const TILES = /tile\.openstreetmap\.org/;
const DEPOT = { lat: 47.141, lng: 9.5209 }; // Vaduz
const PLACES: [string, number, number][] = [
  ["Bakery Meier", 47.1395, 9.5235],
  ["Post Office Vaduz", 47.1432, 9.5168],
  ["Pharmacy Schaan", 47.1648, 9.5089],
  ["Garage Triesen", 47.107, 9.528],
  ["Florist Balzers", 47.0667, 9.5025],
  ["Dairy Eschen", 47.21, 9.522],
  ["Books Mauren", 47.218, 9.543],
  ["Cafe Vaduz", 47.1412, 9.5201],
  ["Hardware Schaan", 47.166, 9.511],
];

/** A local YYYY-MM-DD. */
const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** This week's Saturday (today when it is one), 19:00 local: never before the server's today, so Monday is ahead of it. */
function saturdayEvening(): Date {
  const d = new Date();
  d.setDate(d.getDate() + ((6 - d.getDay() + 7) % 7));
  d.setHours(19, 0, 0, 0);
  return d;
}

async function deliver(page: Page, stopNumber: number, label: string, recipient: string) {
  await page.getByRole("button", { name: `Delivered stop ${stopNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delivered: ${label}` });
  await fillProof(page, dialog, recipient);
  await dialog.getByRole("button", { name: "Confirm delivery" }).click();
  await expect(dialog).toBeHidden();
}

async function failNotHome(page: Page, stopNumber: number, label: string) {
  await page.getByRole("button", { name: `Failed stop ${stopNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Failed: ${label}` });
  await dialog.getByLabel("Not home").check();
  await dialog.getByRole("button", { name: "Mark failed" }).click();
  await expect(dialog).toBeHidden();
}

type LiveStop = { id: string; label: string; status: string; failureReason: string | null; proof: { kind: string }[]; trackingUrl: string | null };
type LiveRoute = { id: string; driver: { userId: string } | null; stops: LiveStop[] };

async function deliveryDay(browser: Browser, request: APIRequestContext, serviceWorker: boolean, outputPath: (name: string) => string) {
  const saturday = saturdayEvening();
  const monday = new Date(saturday);
  monday.setDate(saturday.getDate() + 2);
  const mondayDate = ymd(monday);
  const mondayTitle = monday.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long" }).replace(",", "");

  // Set-up through the API: a Fleet Pro owner, a team with three small vans (9 parcels need all three), one driver who joined.
  const ownerEmail = uniqueEmail("dayowner");
  const driverEmail = uniqueEmail("dayvan");
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Olga Owner");
  const { user: driver } = await signUpViaApi(request, driverEmail, undefined, "Dino Driver");
  const teamId = await fleetTeamWithDriver(request, { id: owner.id, email: ownerEmail }, driverEmail, `Monday Vans ${Date.now().toString(36)}`);
  await signInViaApi(request, ownerEmail);
  for (let i = 1; i <= 3; i++) {
    const res = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: `Van ${i}`, profile: "van", capacity: [3], shift: { start: "08:00", end: "18:00" }, start: DEPOT, end: DEPOT } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await request.post("/api/auth/sign-out", { data: {} });

  // Saturday evening, the owner's laptop.
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await office.clock.install({ time: saturday });
  await office.route(TILES, (route) => route.abort());
  const planner = await office.newPage();
  await login(planner, ownerEmail);
  await planner.goto(`/fleet/route-optimization?team=${teamId}`);
  // The planner starts on tomorrow (Sunday): nobody drives on Sundays, and it says so when the day is chosen.
  await expect(planner.getByTestId("day-title")).toContainText("Sunday");
  await expect(planner.getByRole("note", { name: "Drivers on this day" })).toContainText("No driver works on Sundays");
  await planner.getByRole("button", { name: "Next day" }).click();
  await expect(planner.getByTestId("day-title")).toHaveText(mondayTitle);
  await expect(planner).toHaveURL(new RegExp(`date=${mondayDate}`));
  await expect(planner.getByRole("note", { name: "Drivers on this day" })).toContainText("1 of 1 driver works on Mondays (Dino Driver) for 3 vehicles");

  const csv = ["Name;Latitude;Longitude;Service;Units", ...PLACES.map(([name, lat, lng]) => `${name};${lat};${lng};4;1`)].join("\n");
  await planner.getByLabel(/CSV or Excel/).setInputFiles({ name: "monday.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await planner.getByRole("group", { name: "Column mapping" }).getByRole("button", { name: "Import orders" }).click();
  await expect(planner.getByText("9 of 9 orders ready to plan.")).toBeVisible();
  await planner.getByRole("button", { name: "Plan 9 orders" }).click();
  const dispatch = planner.getByRole("region", { name: "Dispatch" });
  await expect(dispatch.getByRole("combobox")).toHaveCount(3, { timeout: 60_000 });
  // One driver for three vans: Van 1 gets him, the other two stay planned.
  await expect(dispatch.getByRole("button", { name: "Dispatch 0 routes" })).toBeDisabled();
  await dispatch.getByRole("combobox", { name: "Driver of Van 1" }).selectOption({ label: "Dino Driver" });
  await expect(dispatch).toContainText("2 routes have no driver and will stay planned");
  await dispatch.getByRole("button", { name: "Dispatch 1 route" }).click();
  await expect(dispatch.getByText("Dispatched to Dino Driver")).toBeVisible();
  await expect(dispatch).toContainText(/Dispatched 1 of 3 routes\. Van 2, Van 3 are still planned/);
  await planner.screenshot({ path: outputPath("owner-dispatched.png"), fullPage: true });
  // The orders typed for Monday are kept: a reload of the planner on Monday shows them again.
  await planner.reload();
  await expect(planner.getByText("9 of 9 orders ready to plan.")).toBeVisible();

  // The server's view: one route out for Monday, for the driver.
  await signInViaApi(request, ownerEmail);
  let live = (await (await request.get(`/api/teams/${teamId}/routes?date=${mondayDate}`)).json()) as { routes: LiveRoute[] };
  expect(live.routes).toHaveLength(1);
  expect(live.routes[0]!.driver?.userId).toBe(driver.id);
  const stops = live.routes[0]!.stops;
  expect(stops.length).toBeGreaterThanOrEqual(3);

  // The driver's phone, still Saturday evening.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ["geolocation"],
    geolocation: { latitude: DEPOT.lat, longitude: DEPOT.lng, accuracy: 15 },
    serviceWorkers: serviceWorker ? "allow" : "block",
  });
  await phone.clock.install({ time: saturday });
  await phone.route(TILES, (route) => route.abort());
  let page = await phone.newPage();
  await login(page, driverEmail);
  await page.goto("/driver");
  await expect(page.getByText("No route for you today.")).toBeVisible();
  const next = page.getByRole("region", { name: "Your next route" });
  await expect(next).toContainText(`Your next route: ${mondayTitle}`);
  await next.getByRole("button", { name: "Open it" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${mondayDate}`));
  const list = page.getByRole("list", { name: /^Stops of / });
  await expect(list.getByRole("listitem")).toHaveCount(stops.length);
  if (serviceWorker) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  } else {
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
  }

  // Online: arrived and delivered with photo, signature and recipient at stop 1.
  await page.getByRole("button", { name: "Arrived at stop 1" }).click();
  await deliver(page, 1, stops[0]!.label, "Rita Recipient");
  await expect(page.getByTestId("sync-status")).toHaveText("All changes synced", { timeout: 20_000 });

  // The dead zone: arrived at stop 2 and "not home" there.
  await phone.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await page.getByRole("button", { name: "Arrived at stop 2" }).click();
  await failNotHome(page, 2, stops[1]!.label);
  await expect(page.getByTestId("sync-status")).toHaveText("2 changes waiting to sync");
  if (serviceWorker) {
    // The page reloads with no network: the service worker answers it, IndexedDB the route and the queue.
    await page.reload();
    await expect(page.getByTestId("sync-status")).toHaveText("2 changes waiting to sync");
  } else {
    // Without a service worker the tab cannot reload offline: it is closed, and opened again once back online.
    await page.close();
  }
  // Nothing of the dead zone has reached the server yet.
  live = (await (await request.get(`/api/teams/${teamId}/routes?date=${mondayDate}`)).json()) as typeof live;
  expect(live.routes[0]!.stops[1]!.status).toBe("pending");

  // Monday, the office: Live opened on its day, before the phone is back.
  const monday9 = new Date(monday);
  monday9.setHours(9, 0, 0, 0);
  const officeMonday = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await officeMonday.clock.install({ time: monday9 });
  await officeMonday.route(TILES, (route) => route.abort());
  const manager = await officeMonday.newPage();
  await login(manager, ownerEmail);
  await manager.goto(`/fleet/live?team=${teamId}`);
  await expect(manager.getByTestId("live-connection")).toHaveText(/Live$/);
  const card = manager.getByRole("list", { name: "Routes" }).locator(`:scope > li[data-route-id="${live.routes[0]!.id}"]`);
  await expect(card.getByTestId("done-count")).toHaveText(`1 of ${stops.length}`);
  let navigations = 0;
  manager.on("framenavigated", (frame) => {
    if (frame === manager.mainFrame()) navigations += 1;
  });

  // Back online: the queue empties by itself.
  await phone.setOffline(false);
  if (!serviceWorker) {
    page = await phone.newPage();
    await page.goto(`/driver?date=${mondayDate}`);
  }
  await expect(page.getByTestId("sync-status")).toHaveText("All changes synced", { timeout: 30_000 });
  await expect(page.getByTestId("offline-banner")).toBeHidden();
  await page.screenshot({ path: outputPath("driver-synced.png"), fullPage: true });

  // The office sees both stops and the driver's position without a reload.
  await expect(card.getByTestId("done-count")).toHaveText(`2 of ${stops.length}`, { timeout: 20_000 });
  await expect(manager.locator(`[data-marker="live-stop"][data-stop-id="${stops[0]!.id}"]`)).toHaveAttribute("data-status", "done");
  await expect(manager.locator(`[data-marker="live-stop"][data-stop-id="${stops[1]!.id}"]`)).toHaveAttribute("data-status", "failed");
  // Positions go in batches every 15 s.
  await expect(manager.locator(`[data-marker="driver"][data-driver-id="${driver.id}"]`)).toHaveCount(1, { timeout: 45_000 });
  expect(navigations).toBe(0);
  await manager.screenshot({ path: outputPath("office-live.png"), fullPage: true });

  // The server's state at the end.
  live = (await (await request.get(`/api/teams/${teamId}/routes?date=${mondayDate}`)).json()) as typeof live;
  const [first, second] = live.routes[0]!.stops;
  expect(first).toMatchObject({ status: "done" });
  expect(first!.proof.map((p) => p.kind).sort()).toEqual(["photo", "signature"]);
  expect(second).toMatchObject({ status: "failed", failureReason: "not_home" });
  const positions = (await (await request.get(`/api/teams/${teamId}/positions`)).json()) as { positions: { driverUserId: string }[] };
  expect(positions.positions.map((p) => p.driverUserId)).toContain(driver.id);

  // The customer of stop 1 follows the tracking link: delivered.
  const customer = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await customer.route(TILES, (route) => route.abort());
  const tracking = await customer.newPage();
  await tracking.goto(new URL(first!.trackingUrl!).pathname);
  await expect(tracking.getByText("Your delivery has been delivered.")).toBeVisible();

  await customer.close();
  await officeMonday.close();
  await phone.close();
  await office.close();
}

test("a delivery day on a real calendar: plan Monday on Saturday for 3 vans and 1 driver, dispatch the one route, the driver works it through a dead zone (tab closed offline), the office sees it live", async ({ browser, request }, testInfo) => {
  test.setTimeout(300_000);
  await deliveryDay(browser, request, false, (name) => testInfo.outputPath(name));
});

test("the same delivery day with the driver app's service worker active: the page reloads in the dead zone", async ({ browser, request }, testInfo) => {
  test.setTimeout(300_000);
  await deliveryDay(browser, request, true, (name) => testInfo.outputPath(name));
});
