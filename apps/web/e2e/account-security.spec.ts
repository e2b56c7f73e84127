import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { expect, login, PASSWORD, signInViaApi, signUpViaApi, test, uniqueEmail } from "./fixtures";

async function seriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** At 375 px wide nothing makes the page scroll sideways. */
async function expectFitsPhone(page: Page, what: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(375);
  if (size) await page.setViewportSize(size);
}

async function expectAccessible(page: Page, what: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page), `${what} (${theme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("two-factor: scan, confirm, sign in with the code; sessions and history; sign another session out", async ({ page, request }) => {
  const email = uniqueEmail("two-factor");
  await signUpViaApi(request, email);
  await login(page, email);
  // A second session (another device): the API request context.
  await signInViaApi(request, email);

  await page.goto("/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page, "/security");
  await expectFitsPhone(page, "/security");

  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  // Scoped: "Download my data" on the same page has a Password field too.
  await page.getByRole("form", { name: /set up two-factor/ }).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  // "Scanning": the key shown under the QR code, as an authenticator app would read it.
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  await expectAccessible(page, "/security, two-factor set-up");
  await expectFitsPhone(page, "/security, two-factor set-up");
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  const codes = page.getByRole("list", { name: "Backup codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as .txt" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("routepilot-backup-codes.txt");
  const firstCode = (await codes.getByRole("listitem").first().textContent())!.trim();
  expect(readFileSync((await file.path())!, "utf8")).toContain(firstCode);
  await page.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  // Sign out, then sign in: the password alone is not enough.
  await page.getByRole("button", { name: /^Account menu/ }).first().click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/auth/sign-in");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  const step = page.getByRole("form", { name: "Two-factor verification" });
  await expect(step).toBeVisible();
  await expect(step.getByRole("checkbox", { name: /Trust this device/ })).not.toBeChecked();
  await expectAccessible(page, "/auth/sign-in, two-factor step");
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await step.getByLabel("Authentication code").fill(totp.generate());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  // The session list: this device and the other one; sign the other out.
  await page.goto("/security");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByText("This device")).toBeVisible();
  expect((await request.get("/api/me")).status()).toBe(200);
  await sessions.getByRole("button", { name: /^Sign out / }).click();
  await expect(page.getByText("The session has been signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect((await request.get("/api/me")).status()).toBe(401);

  // The history names the two-factor steps and the sign-ins, newest first.
  const history = page.getByRole("list", { name: "Sign-in history" });
  await page.reload();
  await expect(history.getByRole("listitem").first()).toContainText("Session signed out");
  await expect(history.getByText("Two-factor code").first()).toBeVisible();
  await expect(history.getByText("Two-factor turned on")).toBeVisible();
});

test("delete my account: confirm, download my data, delete; the password no longer signs in", async ({ page, request }) => {
  const email = uniqueEmail("deletion");
  await signUpViaApi(request, email);
  await login(page, email);
  await page.goto("/security");
  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Delete account" })).toBeVisible();
  await expectAccessible(page, "/delete-account");
  await expectFitsPhone(page, "/delete-account");

  await page.getByLabel("Password", { exact: true }).fill("Wr0ng!Password");
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("The password is not correct")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Confirmed.")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^routepilot-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8")) as { profile: { email: string } };
  expect(data.profile.email).toBe(email);
  await expect(page.getByText("Downloaded.")).toBeVisible();

  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});
