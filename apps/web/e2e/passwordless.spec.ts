import { writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, linkIn, login, signUpViaApi, test, uniqueEmail, waitForMail } from "./fixtures";

async function seriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** No serious axe violation in light and dark mode, and nothing scrolls sideways at 375 px. */
async function expectAccessible(page: Page, what: string) {
  const size = page.viewportSize();
  // Light first, then dark (one switch, as account-security.spec does: colours are not measured mid-transition).
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [size?.width ?? 1280, 375]) {
      await page.setViewportSize({ width, height: 812 });
      expect(await seriousViolations(page), `${what} (${theme}, ${width} px)`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at ${width} px`).toBeLessThanOrEqual(width);
    }
    if (size) await page.setViewportSize(size);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

// Each journey runs axe in two themes at two widths: give them room on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** The loopback OpenID Connect provider of scripts/e2e.mjs signs in whoever this names. */
function idpSignsIn(claims: { sub: string; email: string; name: string }) {
  const file = process.env.E2E_OIDC_CLAIMS_FILE;
  if (!file) throw new Error("E2E_OIDC_CLAIMS_FILE is not set: run the journeys through `npm run test:e2e`");
  writeFileSync(file, JSON.stringify({ ...claims, email_verified: true }));
}

test("sign in by a magic link from the e-mail", async ({ page, request }) => {
  const email = uniqueEmail("magic");
  await signUpViaApi(request, email);
  await page.goto("/auth/sign-in");
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  const form = page.getByRole("form", { name: "E-mail me a sign-in link" });
  await form.getByLabel("Email for the sign-in e-mail").fill("not-an-address");
  await form.getByRole("button", { name: "Send the link" }).click();
  await expect(form.getByText("Invalid format")).toBeVisible();
  await form.getByLabel("Email for the sign-in e-mail").fill(email);
  await form.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await expectAccessible(page, "/auth/sign-in, link sent");

  const link = linkIn(await waitForMail(email, /Your RoutePilot sign-in link/));
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await page.request.get("/api/me")).status()).toBe(200);

  // The link works once: a second use comes back to the sign-in page with the reason.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/sign-in\?error=INVALID_TOKEN/);
  await expect(page.getByText("This sign-in link is not valid any more")).toBeVisible();
});

test("sign in by a code from the e-mail; a wrong code is refused with the server's message", async ({ page, request }) => {
  const email = uniqueEmail("code");
  await signUpViaApi(request, email);
  await page.goto("/auth/sign-in");
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  const ask = page.getByRole("form", { name: "E-mail me a code" });
  await ask.getByLabel("Email for the sign-in e-mail").fill(email);
  await ask.getByRole("button", { name: "Send the code" }).click();
  const enter = page.getByRole("form", { name: "Enter the e-mailed code" });
  await expect(enter).toBeVisible();
  await expectAccessible(page, "/auth/sign-in, code step");

  const mail = await waitForMail(email, /Your RoutePilot sign-in code/);
  const code = /sign-in code is (\d{6})/.exec(mail.body)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await enter.getByLabel("Sign-in code").fill(code === "000000" ? "111111" : "000000");
  await enter.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(enter.getByText("That code is not correct or has expired")).toBeVisible();
  await expectAccessible(page, "/auth/sign-in, wrong code");
  await enter.getByLabel("Sign-in code").fill(code);
  await enter.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test("sign in with the loopback OpenID Connect provider; the identity is on /security and cannot be unlinked while it is the only way in", async ({ page }) => {
  const email = uniqueEmail("oidc");
  idpSignsIn({ sub: `sub-${email}`, email, name: "Ida Provider" });
  await page.goto("/auth/sign-in");
  await page.getByRole("button", { name: "Continue with Local IdP" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto("/security");
  const methods = page.getByRole("list", { name: "Sign-in methods" });
  await expect(methods.getByRole("listitem")).toHaveCount(1);
  await expect(methods.getByRole("listitem", { name: "Local IdP" })).toBeVisible();
  await methods.getByRole("button", { name: "Unlink Local IdP" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This is your only way to sign in" })).toBeVisible();
  await expect(methods.getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page, "/security, sign-in methods");
});

test("link the provider to a password account from /security, then unlink it", async ({ page, request }) => {
  const email = uniqueEmail("linker");
  await signUpViaApi(request, email);
  await login(page, email);
  idpSignsIn({ sub: `sub-${email}`, email: `work-${email}`, name: "Work Account" });
  await page.goto("/security");
  const methods = page.getByRole("list", { name: "Sign-in methods" });
  await expect(methods.getByRole("listitem", { name: "Password" })).toBeVisible();
  await page.getByRole("group", { name: "Link another account" }).getByRole("button", { name: "Link Local IdP" }).click();
  await expect(page).toHaveURL(/\/security\?linked=1/);
  await expect(page.getByRole("status").filter({ hasText: "The account is linked" })).toBeVisible();
  await expect(methods.getByRole("listitem")).toHaveCount(2);
  await methods.getByRole("button", { name: "Unlink Local IdP" }).click();
  await expect(methods.getByRole("listitem")).toHaveCount(1);
  await expect(methods.getByRole("listitem", { name: "Password" })).toBeVisible();
});

test("change e-mail through the link sent to the new address", async ({ page, request }) => {
  const email = uniqueEmail("mover");
  const newEmail = uniqueEmail("moved");
  await signUpViaApi(request, email);
  await login(page, email);
  // The /profile form sends this request; here the page's own session sends it.
  const res = await page.request.post("/api/auth/change-email", { data: { newEmail, callbackURL: "/security" } });
  expect(res.status(), await res.text()).toBe(200);
  await waitForMail(email, /being changed/);
  const link = linkIn(await waitForMail(newEmail, /Confirm your new RoutePilot e-mail address/));
  expect(((await (await page.request.get("/api/auth/get-session")).json()) as { user: { email: string } }).user.email).toBe(email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/security/);
  expect(((await (await page.request.get("/api/auth/get-session")).json()) as { user: { email: string } }).user.email).toBe(newEmail);
});
