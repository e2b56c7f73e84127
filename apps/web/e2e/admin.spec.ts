import { ADMIN, expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

test("an admin upgrades a user in the console; the user's usage bar shows the new limit after navigating, without a reload", async ({ browser, request }) => {
  const email = uniqueEmail("upgraded");
  await signUpViaApi(request, email, undefined, "Upgraded Driver");
  await request.post("/api/auth/sign-out", { data: {} });

  // The user, in their own browser, opens the planner: the free plan's 5 routes.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await login(user, email);
  await user.goto("/");
  const bar = user.getByRole("region", { name: "Route usage" });
  await expect(bar).toContainText("0 of 5 routes used");

  // The super admin the global setup created moves them to Premium in the console.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN.email, ADMIN.password);
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await admin.getByLabel("Search by e-mail or name").fill(email);
  const plan = admin.getByRole("combobox", { name: `Plan of ${email}` });
  await expect(plan).toHaveValue("free");
  await plan.selectOption("premium");
  // Issue 25: picking a plan asks for a confirmation naming the user and both plans.
  await admin.getByRole("alertdialog").getByRole("button", { name: "Change to Premium" }).click();
  await expect(admin.getByRole("region", { name: "Users" }).getByRole("status")).toHaveText(`${email} is now on Premium.`);
  await expect(admin.getByText("0 / 100")).toBeVisible();

  // The user navigates inside the app (no reload) and sees the new limit.
  await user.getByRole("link", { name: "Routes" }).first().click();
  await expect(user).toHaveURL(/\/route-history/);
  await user.getByRole("link", { name: "Home" }).first().click();
  await expect(user.getByRole("region", { name: "Route usage" })).toContainText("0 of 100 routes used");
  await expect(user.getByRole("region", { name: "Route usage" })).toContainText("Premium plan");

  // The same user is not an administrator: /admin shows the error card, and the API answers 403.
  await user.goto("/admin");
  await expect(user.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(user.getByRole("combobox", { name: `Plan of ${email}` })).toHaveCount(0);
  expect((await user.request.get("/api/admin/users")).status()).toBe(403);

  await userContext.close();
  await adminContext.close();
});
