import { expect, login, setRole, signUpViaApi, test, uniqueEmail } from "./fixtures";

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/this/page/does-not-exist");
  await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
});

test("signed-out visitors land on /auth from protected pages", async ({ page }) => {
  await page.goto("/route-history");
  await expect(page).toHaveURL(/\/auth/);
});

test("mobile menu at 375×812, signed out and signed in", async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: /open menu/i }).click();
  const menu = page.getByRole("dialog");
  for (const name of ["Home", "Pricing", "Help & Support", "Sign In", "Sign Up"]) await expect(menu.getByRole("link", { name })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  const email = uniqueEmail("mobile");
  await signUpViaApi(request, email);
  await login(page, email);
  await page.getByRole("button", { name: /open menu/i }).click();
  const signedIn = page.getByRole("dialog");
  for (const name of ["Home", "Route History", "Analytics", "Pricing", "Subscription", "Settings", "Help & Support"]) {
    await expect(signedIn.getByRole("link", { name, exact: true })).toBeVisible();
  }
  // Free tier: no tier-gated items.
  await expect(signedIn.getByRole("link", { name: /Enhanced Analytics/ })).toHaveCount(0);
  await expect(signedIn.getByRole("link", { name: /Fleet Dashboard/ })).toHaveCount(0);
  await expect(signedIn.getByText("Free Plan")).toBeVisible();
  // The display name (decision 020), not the e-mail's local part.
  await expect(signedIn.getByTestId("mobile-menu-user")).toHaveText("E2E User");
  for (const name of ["Profile", "Security"]) await expect(signedIn.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(signedIn.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await context.close();
});

test("role guards: /fleet as a driver → /driver, /driver as a manager → /fleet, neither → /dashboard without a loop", async ({ page, request }) => {
  const driverEmail = uniqueEmail("driver");
  const driver = await signUpViaApi(request, driverEmail);
  await request.post("/api/auth/sign-out", { data: {} });
  await setRole(request, driver.user.id, ["user", "driver"]);
  await login(page, driverEmail);
  await page.goto("/fleet");
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.context().clearCookies();
  const managerEmail = uniqueEmail("manager");
  const manager = await signUpViaApi(request, managerEmail);
  await request.post("/api/auth/sign-out", { data: {} });
  await setRole(request, manager.user.id, ["user", "manager"]);
  await login(page, managerEmail);
  await page.goto("/driver");
  await expect(page).toHaveURL(/\/fleet$/);

  await page.context().clearCookies();
  const plainEmail = uniqueEmail("plain");
  await signUpViaApi(request, plainEmail);
  await request.post("/api/auth/sign-out", { data: {} });
  await login(page, plainEmail);
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await page.goto("/fleet");
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(/fleet roles?/i).first()).toBeVisible();
  await page.goto("/driver");
  await expect(page).toHaveURL(/\/dashboard/);
  await page.waitForTimeout(500);
  // Each visit lands on /dashboard once and stays there: no bouncing between /fleet and /driver.
  const paths = navigations.map((u) => new URL(u).pathname).filter((p, i, all) => p !== all[i - 1]);
  expect(paths.slice(paths.indexOf("/fleet"))).toEqual(["/fleet", "/dashboard", "/driver", "/dashboard"]);
});

test("admin pages: a plain user sees the error card, an admin sees /admin but not /super-admin", async ({ page, request }) => {
  const email = uniqueEmail("admin-guard");
  const account = await signUpViaApi(request, email);
  await request.post("/api/auth/sign-out", { data: {} });
  await login(page, email);
  for (const path of ["/admin", "/super-admin", "/security-dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  }

  await setRole(request, account.user.id, ["admin"]);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Users" })).toBeVisible();
  await page.goto("/super-admin");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
});
