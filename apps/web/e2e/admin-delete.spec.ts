import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, PASSWORD, setRole, signUpViaApi, test, uniqueEmail } from "./fixtures";

async function seriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("an admin deletes a user from /admin after typing their e-mail; the user is signed out and cannot sign in again", async ({ browser, request }) => {
  const victimEmail = uniqueEmail("deleted-by-admin");
  const adminEmail = uniqueEmail("deleting-admin");
  const victim = await signUpViaApi(request, victimEmail, undefined, "Soon Deleted");
  const operator = await signUpViaApi(request, adminEmail, undefined, "Deleting Admin");
  await setRole(request, operator.user.id, ["admin"]);

  // The user is signed in in their own browser.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await login(user, victimEmail);

  // An admin (not super_admin), on a phone, in dark mode.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: "dark" });
  const admin = await adminContext.newPage();
  await login(admin, adminEmail);
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  // Not offered for a super_admin's account nor for the admin's own.
  await admin.getByLabel("Search by e-mail or name").fill(ADMIN.email);
  await expect(admin.getByText(ADMIN.email, { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: `Delete account of ${ADMIN.email}` })).toHaveCount(0);
  await admin.getByLabel("Search by e-mail or name").fill(adminEmail);
  await expect(admin.getByText(adminEmail, { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: `Delete account of ${adminEmail}` })).toHaveCount(0);

  await admin.getByLabel("Search by e-mail or name").fill(victimEmail);
  const row = admin.getByRole("row").filter({ hasText: victimEmail });
  await expect(row).toContainText("Sign-in: Password");
  await row.getByRole("button", { name: `Delete account of ${victimEmail}` }).click();
  const dialog = admin.getByRole("alertdialog", { name: `Delete the account of ${victimEmail}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Sign-in methods: Password");
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  const field = dialog.getByLabel(`Type ${victimEmail} to confirm`);
  await expect(field).toBeFocused();
  await expect(confirm).toBeDisabled();
  await field.fill(victimEmail.toUpperCase());
  await expect(confirm).toBeDisabled();
  await field.fill(victimEmail);
  await expect(confirm).toBeEnabled();

  // The dialog at 375 px in dark mode: no serious or critical axe violations, nothing sideways.
  expect(await seriousViolations(admin), "delete dialog (375 px, dark)").toEqual([]);
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // And in light mode.
  await admin.emulateMedia({ colorScheme: "light" });
  expect(await seriousViolations(admin), "delete dialog (375 px, light)").toEqual([]);

  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole("region", { name: "Users" }).getByRole("status")).toHaveText(`The account of ${victimEmail} has been deleted.`);
  await expect(admin.getByText("No users match.")).toBeVisible();

  // The user's session is gone, and neither the API nor the sign-in form lets them back in.
  expect((await user.request.get("/api/me")).status()).toBe(401);
  expect((await request.post("/api/auth/sign-in/email", { data: { email: victimEmail, password: PASSWORD } })).status()).toBe(401);
  await user.goto("/auth/sign-in");
  const form = user.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(victimEmail);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(form.getByRole("alert")).toBeVisible();
  await expect(user).toHaveURL(/\/auth/);

  // Deleting the same id again is a 404 for the admin (the API answers, the server keeps running).
  expect((await admin.request.delete(`/api/admin/users/${victim.user.id}`)).status()).toBe(404);

  await userContext.close();
  await adminContext.close();
});
