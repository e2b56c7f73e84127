import { expect, login, seriousViolations, signUpViaApi, test, uniqueEmail } from "./fixtures";

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
