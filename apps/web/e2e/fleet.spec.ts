import { ADMIN, expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

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
    await dialog.getByLabel("End depot latitude").fill(DEPOT.lat);
    await dialog.getByLabel("End depot longitude").fill(DEPOT.lng);
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
