import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

async function seriousViolations(page: Page) {
  // Read colours once the page has settled: content that arrives with a late request (the pricing
  // buttons wait for /api/billing/plans) can still be in a colour transition of the theme.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const theme of ["light", "dark"] as const) {
  test(`axe finds no serious or critical violations (${theme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of ["/", "/pricing", "/auth"]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    const email = uniqueEmail(`a11y-${theme}`);
    await signUpViaApi(request, email);
    await login(page, email);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), "/settings").toEqual([]);
  });
}

test("skip link and Alt+S move focus to the main content", async ({ page }) => {
  await page.goto("/pricing");
  // As a person would: once the page has shown (the route's code loads lazily, and a late render could move focus).
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: /skip to main content/i });
  await expect(skip).toBeFocused();
  await skip.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await page.getByRole("link", { name: "Pricing" }).first().focus();
  await page.keyboard.press("Alt+s");
  await expect(page.locator("main")).toBeFocused();
});
