import { ADMIN, expect, fleetTeamWithDriver, login, signUpViaApi, test, uniqueEmail, signInViaApi } from "./fixtures";

// Issue 11: a Fleet Pro manager sets up a team's fleet (vehicles with capacities, skills, shifts and
// depots) in the browser, against the real server.
const TILES = /tile\.openstreetmap\.org/;
const DEPOT = { lat: "47.14100", lng: "9.52090" }; // Vaduz

test("a Fleet Pro owner creates a team and adds four vans to its fleet", async ({ browser, request }, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("fleet");
  const team = `Alpine Vans ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, undefined, "Fiona Fleet");
  await request.post("/api/auth/sign-out", { data: {} });

  // The super admin puts the user on Fleet Pro in the admin console.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN.email, ADMIN.password);
  await admin.goto("/admin");
  await admin.getByLabel("Search by e-mail or name").fill(email);
  const plan = admin.getByRole("combobox", { name: `Plan of ${email}` });
  await expect(plan).toHaveValue("free");
  await plan.selectOption("fleet_pro");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Change to Fleet Pro" }).click();
  await expect(admin.getByRole("region", { name: "Users" }).getByRole("status")).toHaveText(`${email} is now on Fleet Pro.`);
  await adminContext.close();

  const context = await browser.newContext();
  await context.route(TILES, (route) => route.abort());
  const page = await context.newPage();
  await login(page, email);

  // Without a team the planner asks for one; the user creates it.
  await page.goto("/teams");
  await page.getByLabel("Team name").fill(team);
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page).toHaveURL(/\/team-dashboard\?team=/);

  // The fleet page: vehicles, empty at first.
  await page.goto("/fleet/vehicles");
  await expect(page.getByRole("heading", { level: 1, name: "Fleet Dashboard" })).toBeVisible();
  await expect(page.getByText(/No vehicles yet/)).toBeVisible();

  for (let i = 1; i <= 4; i++) {
    await page.getByRole("button", { name: "Add vehicle" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a vehicle" });
    await dialog.getByLabel("Name").fill(`Van ${i}`);
    await dialog.getByLabel("Capacity (units)").fill("20");
    if (i === 1) {
      await dialog.getByLabel("Skills").fill("fridge");
      await dialog.getByLabel("Skills").press("Enter");
    }
    await dialog.getByLabel("Start depot latitude").fill(DEPOT.lat);
    await dialog.getByLabel("Start depot longitude").fill(DEPOT.lng);
    // "Ends at" defaults to "Back at the start depot" (issue 25): the end depot is the start's.
    if (i === 1) {
      // A bad shift is refused with the message next to the field.
      await dialog.getByLabel("Shift ends").fill("07:00");
      await dialog.getByRole("button", { name: "Add vehicle" }).click();
      await expect(dialog.getByText("The shift ends before it starts")).toBeVisible();
      await dialog.getByLabel("Shift ends").fill("17:00");
    }
    await dialog.getByRole("button", { name: "Add vehicle" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row", { name: new RegExp(`Van ${i}`) })).toBeVisible();
  }
  await expect(page.getByRole("row", { name: /Van 1/ })).toContainText("fridge");
  await page.screenshot({ path: testInfo.outputPath("fleet-vehicles.png"), fullPage: true });

  // The overview counts them.
  await page.getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("link", { name: "Manage vehicles" })).toBeVisible();
  await expect(page.getByText("4", { exact: true })).toBeVisible();
  await context.close();
});

/** Town centres in the Liechtenstein extract the e2e server loads; orders are spread around them. */
const TOWNS = [
  [47.141, 9.5209], // Vaduz
  [47.165, 9.509], // Schaan
  [47.107, 9.528], // Triesen
  [47.0667, 9.5025], // Balzers
  [47.21, 9.522], // Eschen
  [47.218, 9.543], // Mauren
] as const;

/**
 * 60 orders as a spreadsheet would have them; the last one (25 units) is larger than any van (20).
 * (An order needing a skill none of the chosen vehicles has is refused by the server before
 * planning, with the order named: it never reaches the engine.)
 */
function ordersCsv(): string {
  const lines = ["Name;Latitude;Longitude;Service;Units;Skills;From;Until;Pickup lat;Pickup lng;Pickup service"];
  for (let i = 0; i < 60; i++) {
    const [lat, lng] = TOWNS[i % TOWNS.length]!;
    const dLat = (((i * 37) % 11) - 5) * 0.0007;
    const dLng = (((i * 53) % 13) - 6) * 0.0007;
    const skill = i % 10 === 0 ? "fridge" : "";
    // Order 2 is a pickup→delivery pair: collected in Eschen, delivered in Schaan.
    const pickup = i === 1 ? `${TOWNS[4][0]};${TOWNS[4][1]};3` : ";;";
    lines.push(`Order ${i + 1};${(lat + dLat).toFixed(5)};${(lng + dLng).toFixed(5)};4;${i === 59 ? 25 : 1};${skill};08:00;17:00;${pickup}`);
  }
  return lines.join("\n");
}

test("a manager imports 60 orders (one a pickup→delivery pair), plans them on 4 vans, moves and locks a stop, moves one to a chosen position, re-plans, compares a variant after a reload and dispatches", async ({ browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const ownerEmail = uniqueEmail("fleetplan");
  const driverEmail = uniqueEmail("driver");
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Mara Manager");
  await signUpViaApi(request, driverEmail, undefined, "Dino Driver");

  // Set-up through the API: Fleet Pro (super admin), a team, a driver who joined, four vans.
  const teamId = await fleetTeamWithDriver(request, { id: owner.id, email: ownerEmail }, driverEmail, `Valley Vans ${Date.now().toString(36)}`);
  await signInViaApi(request, ownerEmail);
  for (let i = 1; i <= 4; i++) {
    const depot = { lat: 47.141, lng: 9.5209 };
    const res = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: `Van ${i}`, profile: "van", capacity: [20], skills: ["fridge"], shift: { start: "08:00", end: "17:00" }, start: depot, end: depot } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await request.post("/api/auth/sign-out", { data: {} });

  const context = await browser.newContext();
  await context.route(TILES, (route) => route.abort());
  const page = await context.newPage();
  await login(page, ownerEmail);
  await page.goto("/fleet/route-optimization");
  await expect(page.getByRole("heading", { level: 1, name: "Fleet Route Optimization" })).toBeVisible();

  // Import the spreadsheet through the column mapping.
  const csv = ordersCsv();
  await page.getByLabel(/CSV or Excel/).setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const mapping = page.getByRole("group", { name: "Column mapping" });
  await expect(mapping.getByLabel("Latitude", { exact: true })).toHaveValue("1");
  await expect(mapping.getByLabel("Pickup latitude")).toHaveValue("8");
  await expect(mapping.getByLabel("Pickup service minutes")).toHaveValue("10");
  await mapping.getByRole("button", { name: "Import orders" }).click();
  await expect(page.getByText("60 of 60 orders ready to plan.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Order 2\b/ })).toContainText("Pick up for Order 2 (47.2100, 9.5220), 3 min");

  await page.getByRole("button", { name: "Plan 60 orders" }).click();
  const routes = page.getByRole("list", { name: "Routes" });
  await expect(routes).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("1 order could not be planned")).toBeVisible();
  const unassigned = page.getByRole("region", { name: "1 order could not be planned" });
  await expect(unassigned).toContainText("Order 60");
  // In the team's words: the unit and the largest van.
  await expect(unassigned).toContainText(/Needs 25 units; the largest chosen vehicle, Van \d, carries at most 20 units/);

  // One colour per route, on the cards and the map's markers.
  const cards = routes.locator(':scope > li[data-vehicle-id]');
  const colours = await routes.locator("[data-route-colour]").evaluateAll((els) => els.map((e) => e.getAttribute("data-route-colour")));
  expect(new Set(colours).size).toBe(colours.length);
  // The engine uses as many of the four vans as the least total time needs (at least two for 84 units).
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  expect(colours).toHaveLength(await cards.count());
  // 59 deliveries and Order 2's pickup, marked "P", before its delivery on the same van.
  await expect(page.locator('[data-marker="fleet-stop"]')).toHaveCount(60);
  await expect(page.locator('[data-marker="fleet-stop"][data-kind="pickup"]')).toHaveCount(1);
  await expect(page.locator('[data-marker="fleet-depot"]').first()).toBeAttached();
  await expect(page.getByTestId("plan-map-legend")).toContainText("pickups");
  const pairRoute = routes.locator(":scope > li[data-vehicle-id]", { has: page.locator('li[data-stop-kind="pickup"]') });
  await expect(pairRoute).toHaveCount(1);
  const pairStops = pairRoute.locator("li[data-order-id]");
  const kinds = await pairStops.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-stop-kind")} ${e.textContent}`));
  const pickedAt = kinds.findIndex((k) => k.startsWith("pickup") && k.includes("Pick up for Order 2"));
  const deliveredAt = kinds.findIndex((k) => k.startsWith("delivery") && / Order 2(?!\d)/.test(k));
  expect(pickedAt).toBeGreaterThanOrEqual(0);
  expect(deliveredAt).toBeGreaterThan(pickedAt);
  await page.screenshot({ path: testInfo.outputPath("fleet-plan.png"), fullPage: true });

  // Drag the first stop of the first used route onto another van's route (a tall window: both
  // routes on screen, so the drag needs no scrolling).
  await page.setViewportSize({ width: 1280, height: 5000 });
  const source = cards.nth(0);
  const target = cards.nth(1);
  const firstStop = source.locator('li[data-order-id][data-stop-kind="delivery"]').first();
  const orderId = await firstStop.getAttribute("data-order-id");
  await firstStop.dragTo(target.locator("li[data-order-id]").first());
  await expect(target.locator(`li[data-order-id="${orderId}"][data-stop-kind="delivery"]`)).toBeVisible();
  await expect(source.locator(`li[data-order-id="${orderId}"]`)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("fleet-moved.png"), fullPage: true });

  // Lock it on that van and re-plan: the engine keeps it there.
  const targetVehicle = await target.getAttribute("data-vehicle-id");
  const sourceVehicle = await source.getAttribute("data-vehicle-id");
  const moved = () => routes.locator(`li[data-vehicle-id="${targetVehicle}"] li[data-order-id="${orderId}"][data-stop-kind="delivery"]`);
  // As a person would: click, then see it locked (the box shows the lock at once and keeps it once saved).
  await moved().getByRole("checkbox").click();
  await expect(moved().getByRole("checkbox")).toBeChecked();
  const replanButton = page.getByRole("button", { name: "Re-plan keeping 1 locked stop" });
  await expect(replanButton).toBeEnabled();
  const replanned = page.waitForResponse((r) => r.url().endsWith("/replan") && r.status() === 202);
  await replanButton.click();
  await replanned;
  await expect(replanButton).toBeVisible({ timeout: 60_000 });
  await expect(moved()).toBeVisible();
  await expect(moved().getByRole("checkbox")).toBeChecked();

  // "Move to…" without dragging: the last stop of the locked stop's van goes first on the other van.
  const routeOf = (vehicleId: string | null) => routes.locator(`li[data-vehicle-id="${vehicleId}"]`);
  const mover = routeOf(targetVehicle).locator('li[data-order-id][data-stop-kind="delivery"]').last();
  const moverId = await mover.getAttribute("data-order-id");
  await routes.locator(`li[data-order-id="${moverId}"][data-stop-kind="delivery"]`).getByRole("button", { name: /^Move / }).click();
  const moveDialog = page.getByRole("dialog", { name: /^Move / });
  await moveDialog.getByLabel("Route").selectOption(sourceVehicle!);
  await moveDialog.getByLabel("Position").selectOption({ index: 0 });
  const movedResponse = page.waitForResponse((r) => r.url().endsWith("/moves"));
  await moveDialog.getByRole("button", { name: "Move" }).click();
  await expect(moveDialog).toBeHidden();
  const moveAnswer = await movedResponse;
  expect(moveAnswer.status(), `${moveAnswer.request().postData()} → ${await moveAnswer.text()}`.slice(0, 600)).toBe(200);
  expect(JSON.parse(moveAnswer.request().postData() ?? "{}")).toEqual({ orderId: moverId, toVehicleId: sourceVehicle, position: 0 });
  await expect(routeOf(sourceVehicle).locator("li[data-order-id]").first()).toHaveAttribute("data-order-id", moverId!);
  await expect(routeOf(targetVehicle).locator(`li[data-order-id="${moverId}"]`)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("fleet-moved-to-position.png"), fullPage: true });

  // A variant with another objective, compared side by side, then picked.
  await page.getByLabel("Variant objective").selectOption("min_vehicles");
  const variantAnswer = page.waitForResponse((r) => r.url().endsWith("/variants") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Make a variant" }).click();
  const { id: variantId } = (await (await variantAnswer).json()) as { id: string };
  const compared = page.getByRole("table", { name: "Plans compared" });
  await expect(compared.getByRole("button", { name: "Use Variant 1" })).toBeEnabled({ timeout: 60_000 });
  await expect(compared).toContainText("Vehicles used");
  // A reload keeps the plan open (it is in the address) and the comparison (the day's plans come from the server).
  await expect(page).toHaveURL(/[?&]plan=/);
  await page.reload();
  await expect(routes).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: "Plans to compare" }).getByRole("checkbox", { name: /Variant 1/ })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("fleet-compare.png"), fullPage: true });
  await compared.getByRole("button", { name: "Use Variant 1" }).click();
  // The variant's workspace replaces the first plan's (its own state): wait for it, not for the
  // first plan's "Shown below" and dispatch button, which are on screen until the switch.
  await expect(page).toHaveURL(new RegExp(`[?&]plan=${variantId}`));
  await expect(compared.getByText("Shown below")).toBeVisible();

  // Dispatch: every route to the one driver.
  const dispatch = page.getByRole("region", { name: "Dispatch" });
  // The picked variant loads first (all() does not wait for its driver lists).
  await expect(dispatch.getByRole("button", { name: /^Dispatch \d+ routes?$/ })).toBeVisible({ timeout: 30_000 });
  for (const select of await dispatch.getByRole("combobox").all()) {
    await select.selectOption({ label: "Dino Driver" });
    await expect(select).not.toHaveValue("");
  }
  await dispatch.getByRole("button", { name: /^Dispatch \d+ routes?$/ }).click();
  const dispatched = page.getByText(/Dispatched: each driver has their route/);
  // The plan is for tomorrow and the driver works Monday to Friday: on a Friday or Saturday the
  // server warns that he does not work that day, and the manager dispatches anyway.
  const anyway = dispatch.getByRole("button", { name: "Dispatch anyway" });
  await expect(dispatched.or(anyway)).toBeVisible();
  if (await anyway.isVisible()) {
    await expect(dispatch).toContainText("Dino Driver does not work on");
    await anyway.click();
  }
  await expect(dispatched).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("fleet-dispatched.png"), fullPage: true });
  await context.close();
});
