import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

/**
 * Issue 30, phase 1 (decision 028): the SPEC §2 shell follows the reader's language — signed out,
 * the footer's switcher; signed in, the preference — and `<html lang>` says which.
 */
test("the shell in the visitor's and then the user's language, switched in Settings without a reload", async ({ page, request }) => {
  // Signed out: English by default (the browser's language here), German once chosen in the footer.
  await page.goto("/pricing");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await page.getByLabel("Language", { exact: true }).selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Preise" })).toBeVisible();
  await expect(footer.getByText(/Alle Rechte vorbehalten/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Jetzt starten" })).toBeVisible();
  // The choice is kept in this browser.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByLabel("Sprache", { exact: true })).toHaveValue("de");

  // Signed in as a user whose preference is German: the shell in German from their preference.
  const email = uniqueEmail("i18n");
  await signUpViaApi(request, email);
  const prefs = await request.patch("/api/preferences", { data: { language: "de" } });
  expect(prefs.status(), await prefs.text()).toBe(200);
  await page.evaluate(() => localStorage.removeItem("routepilot.language"));
  await login(page, email);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  for (const name of ["Start", "Routen", "Auswertungen", "Preise"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Kontomenü:/ })).toBeVisible();
  // Signed in, the language is the one in Settings: no switcher in the footer.
  await expect(page.getByLabel("Sprache", { exact: true })).toHaveCount(0);

  // Settings → Language → Français: the shell is French at once, without a reload.
  // A mark on this document: it is still there at the end only if the page never reloaded.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.getByRole("button", { name: /^Kontomenü:/ }).click();
  await page.getByRole("menuitem", { name: "Einstellungen" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.locator("#setting-language").click();
  await page.getByRole("option", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const frenchNav = page.getByRole("navigation", { name: "Navigation principale" });
  for (const name of ["Accueil", "Tournées", "Statistiques", "Tarifs"]) await expect(frenchNav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText(/Tous droits réservés/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
