import type { APIRequestContext, Page } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 8, items 5 and 6: honest figures when a stop is dropped, and dropped stops a person can act on.
// Everything is typed as "lat, lng", so no geocoder is involved and the journey runs offline.
const TILES = /tile\.openstreetmap\.org/;
const VADUZ = "47.14100, 9.52090";
const SCHAAN = "47.16500, 9.50900";
// Balzers is several minutes' drive from Vaduz: a window of 09:00–09:01 cannot be met when leaving at 09:00.
const BALZERS = "47.06670, 9.50250";

/** Signs up and fills the planner: start in Vaduz, Schaan, then "Balzers farm" with a window it cannot meet, ending at the last stop. */
async function planWithAnImpossibleWindow(page: Page, request: APIRequestContext, prefix: string) {
  await page.context().route(TILES, (route) => route.abort());
  const email = uniqueEmail(prefix);
  await signUpViaApi(request, email);
  await login(page, email);
  await page.goto("/");
  await page.getByRole("combobox", { name: "Start point" }).fill(VADUZ);
  await page.getByRole("combobox", { name: "Destination 1" }).fill(SCHAAN);
  await page.getByRole("button", { name: "Add destination" }).click();
  await page.getByRole("combobox", { name: "Destination 2" }).fill(BALZERS);
  await page.getByRole("button", { name: "Details for destination 2" }).click();
  const row = page.getByTestId("destination-row").nth(1);
  await row.getByLabel("Label").fill("Balzers farm");
  await row.getByLabel("Arrive from").fill("09:00");
  await row.getByLabel("Arrive by").fill("09:01");
  await page.getByText("End at the last stop").click();
  await page.getByRole("button", { name: "Optimise" }).click();
  await expect(page.getByTestId("route-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("route-stop")).toHaveCount(1);
}

test("a dropped stop: the saving compares the same stops in the typed order", async ({ page, request }) => {
  test.setTimeout(90_000);
  await planWithAnImpossibleWindow(page, request, "results-saving");
  // Only Schaan is planned; the typed order of the same stop (Vaduz → Schaan) is the plan itself.
  // Comparing with the typed order including Balzers would claim a saving that is not one.
  const saving = page.getByTestId("route-saving");
  await expect(saving).toBeVisible();
  await expect(saving).not.toContainText("Saves");
  await expect(saving).toContainText(/already the shortest|no saving can be computed/i);
});

test("a dropped stop is named, explained, marked on the map, and the route re-plans without it", async ({ page, request }) => {
  test.setTimeout(90_000);
  await planWithAnImpossibleWindow(page, request, "results-dropped");
  const dropped = page.getByTestId("route-unassigned");
  await expect(dropped).toBeVisible();
  await expect(dropped).toContainText("Balzers farm");
  await expect(dropped).toContainText(/time window cannot be met/i);
  await expect(dropped).toContainText(/widen the window or start earlier/i);
  // No raw codes or coordinates.
  await expect(dropped).not.toContainText("time_window");
  await expect(dropped).not.toContainText("47.0667");
  // On the map, in its own style, beside the one planned stop.
  const map = page.getByTestId("route-map");
  await expect(map.locator('[data-marker="stop"]')).toHaveCount(1);
  await expect(map.locator('[data-marker="dropped"]')).toHaveCount(1);

  const url = page.url();
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /1 of 5 routes used/);
  await dropped.getByRole("button", { name: "Re-plan without them" }).click();
  await expect(dropped).toHaveCount(0);
  await expect(map.locator('[data-marker="dropped"]')).toHaveCount(0);
  await expect(page.getByTestId("route-stop")).toHaveCount(1);
  // The same route, re-planned: no new route and no quota spent.
  expect(page.url()).toBe(url);
  await page.reload();
  await expect(page.getByTestId("route-result")).toBeVisible();
  await expect(page.getByTestId("route-unassigned")).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /1 of 5 routes used/);
});
