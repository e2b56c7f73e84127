import { expect, login, PASSWORD, setRole, signUpViaApi, test, uniqueEmail } from "./fixtures";

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

test("on a phone, the open menu is never covered by a toast (the welcome toast after signing up)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto("/auth/sign-up");
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Name").fill("Phone User");
  await form.getByLabel("Email").fill(uniqueEmail("phone-toast"));
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  const welcome = page.locator("[data-sonner-toast]", { hasText: "Welcome to RoutePilot" });
  await expect(welcome).toBeVisible();

  await page.getByRole("button", { name: /open menu/i }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Settings", exact: true })).toBeVisible();
  await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished))); // slid in
  // In one look at the page: the toast is still up, and wherever it and the menu overlap, the menu
  // is painted on top (the top element at each point); so is every menu entry in view. The open
  // menu makes everything outside it ignore the pointer (Radix sets pointer-events: none on the
  // body), which would hide a toast from elementFromPoint even when it is painted over the menu:
  // for this one look the toast takes the pointer again, so hit-testing follows what is painted.
  const look = await page.evaluate(() => {
    const toast = document.querySelector<HTMLElement>("[data-sonner-toast]");
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!toast || !dialog) return { toast: Boolean(toast), covered: ["no menu"], entriesCovered: [] as string[] };
    toast.style.pointerEvents = "auto";
    const t = toast.getBoundingClientRect();
    const m = dialog.getBoundingClientRect();
    const [left, right, top, bottom] = [Math.max(t.left, m.left), Math.min(t.right, m.right), Math.max(t.top, m.top), Math.min(t.bottom, m.bottom)];
    const points = left < right && top < bottom ? [left + 4, (left + right) / 2, right - 4].flatMap((x) => [top + 4, (top + bottom) / 2, bottom - 4].map((y) => ({ x, y }))) : [];
    const covered = points.filter(({ x, y }) => !dialog.contains(document.elementFromPoint(x, y))).map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`);
    const entriesCovered = [...dialog.querySelectorAll<HTMLElement>("a, button, summary")]
      .filter((el) => {
        if (!el.checkVisibility()) return false; // inside a closed group (Company, Legal)
        const r = el.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        return x > 0 && x < window.innerWidth && y > 0 && y < window.innerHeight && !el.contains(document.elementFromPoint(x, y));
      })
      .map((el) => el.textContent?.trim() ?? "");
    toast.style.pointerEvents = "";
    return { toast: true, overlap: points.length, covered, entriesCovered };
  });
  expect(look).toEqual({ toast: true, overlap: 9, covered: [], entriesCovered: [] });
  // Playwright's own check that a tap lands: the entries at the bottom, where toasts appear, take it.
  await menu.getByRole("button", { name: "Sign Out" }).click({ trial: true });
  await menu.getByRole("link", { name: "Security", exact: true }).click();
  await expect(page).toHaveURL(/\/security$/);
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
