import { expect, linkIn, login, test, uniqueEmail, waitForMail, PASSWORD } from "./fixtures";

test("sign up → verification mail → sign in → signed-in top bar → theme persists → sign out", async ({ page }) => {
  const email = uniqueEmail("journey");
  await page.goto("/auth/sign-up");
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Name").fill("Journey Tester");
  await form.getByLabel("Email").fill(email);
  // The SPEC §5 password rule is checked in the browser before anything is sent.
  await form.getByLabel("Password", { exact: true }).fill("weakpass");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Invalid format")).toBeVisible();
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();

  // Signed in at once; the unverified account sees the banner.
  await expect(page).not.toHaveURL(/\/auth/);
  await expect(page.getByText(/verify your e-mail address/i)).toBeVisible();

  const mail = await waitForMail(email, /Verify your RoutePilot e-mail/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(/verify your e-mail address/i)).toHaveCount(0);

  // Sign out from the account menu, then sign in again through the form.
  const accountMenu = page.getByRole("button", { name: /^Account menu/ }).first();
  await accountMenu.click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await login(page, email);
  const nav = page.getByRole("navigation", { name: /main/i });
  await expect(nav.getByRole("link", { name: "Routes" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Account menu/ }).first()).toBeVisible();

  // Theme: an explicit dark choice is saved and survives a reload.
  await page.goto("/settings");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/preferences") && r.request().method() === "PATCH");
  await page.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();

  await page.getByRole("button", { name: /^Account menu/ }).first().click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth/);
});

test("forgot password → mail → new password → sign in", async ({ page, request }) => {
  const email = uniqueEmail("forgot");
  const res = await request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "Forgetful" } });
  expect(res.status()).toBe(200);

  await page.goto("/auth/forgot-password");
  const form = page.getByRole("form", { name: "Forgot password" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/check your inbox/i)).toBeVisible();

  const mail = await waitForMail(email, /Reset your RoutePilot password/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = "Brand!New9";
  const reset = page.getByRole("form", { name: "Reset password" });
  await reset.getByLabel("New password", { exact: true }).fill(newPassword);
  await reset.getByLabel("Confirm new password").fill(newPassword);
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/auth/);

  await login(page, email, newPassword);
  await expect(page.getByRole("navigation", { name: /main/i })).toBeVisible();
});
