import { expect, fleetTeamWithDriver, localToday, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 26: a van that reloads at its depot, set up in the vehicle form on a phone, planned for more
// orders than one trip carries, and shown with its reloads between trips.
test("a reloading van through the form on a phone, planned for more than one trip, shown with its reloads", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("mt");
  const owner = await signUpViaApi(request, email);
  const driver = uniqueEmail("mtd");
  await signUpViaApi(request, driver);
  const teamId = await fleetTeamWithDriver(request, { id: owner.user.id, email }, driver, `Reload ${Date.now().toString(36)}`);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await context.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  const page = await context.newPage();
  await login(page, email);
  await page.goto(`/fleet/vehicles?team=${teamId}`);
  await page.getByRole("button", { name: "Add vehicle" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a vehicle" });
  await dialog.getByLabel("Name").fill("Reloader");
  await dialog.getByLabel("Capacity (units)").fill("3");
  await dialog.getByLabel(/Reloads at the depot, up to/).fill("4");
  await dialog.getByLabel("Reload time (minutes)").fill("15");
  // No depot yet: the form refuses with the message by the field.
  await dialog.getByRole("button", { name: "Add vehicle" }).click();
  await expect(dialog.getByText("A vehicle that reloads needs a start depot: that is where it reloads")).toBeInViewport();
  await dialog.getByLabel("Start depot latitude").fill("47.14100");
  await dialog.getByLabel("Start depot longitude").fill("9.52090");
  await dialog.getByRole("button", { name: "Add vehicle" }).click();
  await expect(page.getByText(/up to 4 trips/)).toBeVisible();
  const vehicles = (await (await page.request.get(`/api/teams/${teamId}/vehicles`)).json()) as { id: string }[] | { vehicles: { id: string }[] };
  const list = Array.isArray(vehicles) ? vehicles : vehicles.vehicles;
  const date = localToday(new Date(Date.now() + 3 * 86_400_000));
  const orders = Array.from({ length: 8 }, (_, i) => ({ id: `o${i}`, label: `Order ${i}`, lat: 47.141 + ((i % 4) - 1.5) * 0.01, lng: 9.5209 + (Math.floor(i / 4) - 0.5) * 0.02, demand: [1] }));
  const res = await page.request.post(`/api/teams/${teamId}/plans`, { data: { date, vehicleIds: [list[0]!.id], orders, objective: "min_time", settings: { timeLimitSeconds: 1 } } });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/fleet/route-optimization?team=${teamId}&plan=${id}&date=${date}`);
  await expect(page.getByText("Reload at the depot").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/8 stops in \d trips/)).toBeVisible();
});
