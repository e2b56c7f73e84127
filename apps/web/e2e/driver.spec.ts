import type { Page } from "@playwright/test";
import { fillProof } from "./driver-actions";
import { ADMIN, expect, linkIn, login, signUpViaApi, test, uniqueEmail, waitForMail, signInViaApi, localToday } from "./fixtures";

// Issue 12: a driver on a 375 px phone works a dispatched route through a dead zone — two stops
// delivered offline with a photo and a signature — and everything reaches the server once back online.
const TILES = /tile\.openstreetmap\.org/;
const DEPOT = { lat: 47.141, lng: 9.5209 }; // Vaduz
const ORDERS = [
  { label: "Bakery Meier", lat: 47.1395, lng: 9.5235 },
  { label: "Post Office Vaduz", lat: 47.1432, lng: 9.5168 },
  { label: "Pharmacy Schaan", lat: 47.1648, lng: 9.5089 },
];

async function deliverWithProof(page: Page, stopNumber: number, label: string, recipient: string) {
  await page.getByRole("button", { name: `Delivered stop ${stopNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delivered: ${label}` });
  await expect(dialog).toBeVisible();
  // Proof is required on this plan: confirming without it is refused with the contract's message.
  await dialog.getByRole("button", { name: "Confirm delivery" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This route needs a photo or a signature before a stop is marked delivered");
  await fillProof(page, dialog, recipient);
  await dialog.getByRole("button", { name: "Confirm delivery" }).click();
  await expect(dialog).toBeHidden();
}

test("a driver delivers two stops with photo and signature in a dead zone; once back online they sync and the manager's live map shows them done", async ({ browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const ownerEmail = uniqueEmail("fleetowner");
  const driverEmail = uniqueEmail("driverapp");
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Mara Manager");
  const { user: driver } = await signUpViaApi(request, driverEmail, undefined, "Dino Driver");

  // Fixtures through the API: Fleet Pro, a team, a van, a driver who joined, a plan (proof required), dispatched.
  await signInViaApi(request, ADMIN.email, ADMIN.password);
  expect((await request.patch(`/api/admin/users/${owner.id}/plan`, { data: { tier: "fleet_pro" } })).status()).toBe(200);
  await signInViaApi(request, ownerEmail);
  const created = await request.post("/api/teams", { data: { name: `Dead Zone Deliveries ${Date.now().toString(36)}` } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: string };
  const van = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: "Van 1", profile: "van", capacity: [20], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT } });
  expect(van.status(), await van.text()).toBe(201);
  const { id: vehicleId } = (await van.json()) as { id: string };
  expect((await request.post(`/api/teams/${teamId}/invitations`, { data: { email: driverEmail, role: "driver" } })).status()).toBe(201);
  const token = new URL(linkIn(await waitForMail(driverEmail, /invited to join/))).pathname.split("/").pop()!;
  await signInViaApi(request, driverEmail);
  expect((await request.post(`/api/invitations/${token}/accept`, { data: {} })).status()).toBe(200);
  await signInViaApi(request, ownerEmail);
  const date = localToday();
  const plan = await request.post(`/api/teams/${teamId}/plans`, {
    data: { date, vehicleIds: [vehicleId], orders: ORDERS.map((o) => ({ ...o, serviceMinutes: 4, demand: [1] })), settings: { proofRequired: true } },
  });
  expect(plan.status(), await plan.text()).toBe(202);
  const { id: planId } = (await plan.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/teams/${teamId}/plans/${planId}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");
  const dispatched = await request.post(`/api/teams/${teamId}/plans/${planId}/dispatch`, { data: { assignments: [{ vehicleId, driverUserId: driver.id }], dispatchAnyway: true } });
  expect(dispatched.status(), await dispatched.text()).toBe(200);
  const planned = (await (await request.get(`/api/teams/${teamId}/routes?date=${date}`)).json()) as { routes: { id: string; stops: { id: string; label: string }[] }[] };
  const order = planned.routes[0]!.stops.map((s) => s.label);
  expect(order).toHaveLength(3);

  // The driver's phone.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, permissions: ["geolocation"], geolocation: { latitude: DEPOT.lat, longitude: DEPOT.lng, accuracy: 15 } });
  await context.route(TILES, (route) => route.abort());
  const page = await context.newPage();
  await login(page, driverEmail);
  await page.goto("/driver");
  await expect(page.getByRole("heading", { level: 1, name: "Today's route" })).toBeVisible();
  const stops = page.getByRole("list", { name: /^Stops of / });
  await expect(stops.getByRole("listitem")).toHaveCount(3);
  await expect(page.locator('[data-marker="driver-stop"]')).toHaveCount(3);
  await expect(stops.getByRole("listitem").first()).toContainText(order[0]!);
  // One tap hands a stop to a navigation app.
  await page.getByRole("button", { name: "Navigate to stop 1" }).click();
  await expect(page.getByRole("menuitem", { name: "Google Maps" })).toHaveAttribute("href", /google\.com\/maps\/dir\/\?api=1&destination=47\.\d+%2C9\.\d+/);
  await expect(page.getByRole("menuitem", { name: "Waze" })).toHaveAttribute("href", /waze\.com\/ul\?ll=47\.\d+%2C9\.\d+&navigate=yes/);
  await page.keyboard.press("Escape");
  // The installable app: a manifest that starts at /driver, and a service worker controlling the page.
  expect(await page.evaluate(async () => ((await (await fetch("/manifest.webmanifest")).json()) as { start_url: string }).start_url)).toBe("/driver");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker has kept who is signed in, so the app can open again without a network.
  await expect.poll(() => page.evaluate(async () => (await caches.match("/api/auth/get-session")) !== undefined && (await caches.match("/api/me")) !== undefined)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("driver-route.png"), fullPage: true });

  // Into the dead zone.
  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await page.getByRole("button", { name: "Arrived at stop 1" }).click();
  await deliverWithProof(page, 1, order[0]!, "Rita Recipient");
  await deliverWithProof(page, 2, order[1]!, "Sam Signer");
  await expect(page.getByTestId("sync-status")).toHaveText("3 changes waiting to sync");
  await expect(stops.getByRole("listitem").nth(0)).toHaveAttribute("data-status", "done");
  await expect(stops.getByRole("listitem").nth(1)).toHaveAttribute("data-status", "done");
  await expect(page.getByText("2 of 3 stops done", { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("driver-offline.png"), fullPage: true });

  // Still in the dead zone, the app opens again from the phone: the service worker answers the
  // page, IndexedDB the route and the queue.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Today's route" })).toBeVisible();
  await expect(stops.getByRole("listitem")).toHaveCount(3);
  await expect(stops.getByRole("listitem").nth(1)).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("sync-status")).toHaveText("3 changes waiting to sync");

  // Nothing has reached the server yet.
  let live = (await (await request.get(`/api/teams/${teamId}/routes?date=${date}`)).json()) as { routes: { stops: { label: string; status: string; proof: { kind: string }[] }[] }[] };
  expect(live.routes[0]!.stops.map((s) => s.status)).toEqual(["pending", "pending", "pending"]);

  // The manager watches the live map (another browser), opened while the driver is still offline.
  const office = await browser.newContext();
  await office.route(TILES, (route) => route.abort());
  const manager = await office.newPage();
  await login(manager, ownerEmail);
  await manager.goto("/fleet/live");
  await expect(manager.getByRole("heading", { name: "Live operations" })).toBeVisible();
  await expect(manager.getByTestId("live-connection")).toHaveText(/Live$/);
  const card = manager.getByRole("list", { name: "Routes" }).locator(`:scope > li[data-route-id="${planned.routes[0]!.id}"]`);
  await expect(card.getByTestId("done-count")).toHaveText("0 of 3");
  let managerNavigations = 0;
  manager.on("framenavigated", (frame) => {
    if (frame === manager.mainFrame()) managerNavigations += 1;
  });

  // Back online: the queue empties in order and the manager sees both stops done with their proof.
  await context.setOffline(false);
  await expect(page.getByTestId("sync-status")).toHaveText("All changes synced", { timeout: 30_000 });
  await expect(page.getByTestId("offline-banner")).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("driver-synced.png"), fullPage: true });
  // …on the live map, through the team's realtime topic, without a reload.
  await expect(card.getByTestId("done-count")).toHaveText("2 of 3");
  for (const stop of planned.routes[0]!.stops.slice(0, 2)) {
    await expect(manager.locator(`[data-marker="live-stop"][data-stop-id="${stop.id}"]`)).toHaveAttribute("data-status", "done");
  }
  expect(managerNavigations).toBe(0);
  await manager.screenshot({ path: testInfo.outputPath("manager-live-synced.png"), fullPage: true });
  await office.close();
  live = (await (await request.get(`/api/teams/${teamId}/routes?date=${date}`)).json()) as typeof live;
  const [first, second, third] = live.routes[0]!.stops;
  expect(first!.status).toBe("done");
  expect(second!.status).toBe("done");
  expect(third!.status).toBe("pending");
  for (const stop of [first!, second!]) expect(stop.proof.map((p) => p.kind).sort()).toEqual(["photo", "signature"]);
  await context.close();
});
