import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, signInViaApi, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 14: a user's own routes on /analytics (tiles, a chart, its table view and CSV, axe, a phone's
// width) and /enhanced-analytics: the offer for a free user, the stop heat map once on Premium.
const START = { lat: 47.1415, lng: 9.5215, address: "Vaduz, Liechtenstein" };
const ROUTES = [
  [
    { lat: 47.1651, lng: 9.5096, label: "Schaan Landstrasse" },
    { lat: 47.2105, lng: 9.5226, label: "Eschen Essanestrasse" },
  ],
  [
    { lat: 47.2255, lng: 9.5652, label: "Mauren Peter-Kaiser-Platz" },
    { lat: 47.0665, lng: 9.5026, label: "Balzers Rheinstrasse" },
    { lat: 47.1651, lng: 9.5096, label: "Schaan Landstrasse" },
  ],
  [
    { lat: 47.2105, lng: 9.5226, label: "Eschen Essanestrasse" },
    { lat: 47.0665, lng: 9.5026, label: "Balzers Rheinstrasse" },
  ],
];
const STOPS = ROUTES.reduce((n, stops) => n + stops.length, 0); // 7

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The value of the summary tile labelled `label` (its <dd> after the <dt>). */
const tile = (page: Page, label: string) => page.locator("dl").first().locator(`dt:text-is("${label}") + dd`);

test("a user's routes on /analytics: tiles, chart, table, CSV, axe and 375 px; /enhanced-analytics offer, then the heat map on Premium", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("analytics-user");
  const { user } = await signUpViaApi(request, email);
  await login(page, email);
  for (const [i, stops] of ROUTES.entries()) {
    const res = await page.request.post("/api/routes/optimize", { data: { start: START, stops, roundTrip: true, profile: "car", name: `Analytics ${i + 1}` } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The summary: this month's routes and stops.
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(tile(page, "Routes")).toHaveText("3");
  await expect(tile(page, "Stops")).toHaveText(String(STOPS));

  // A chart, then the same numbers as a table.
  const perMonth = page.getByRole("region", { name: "Routes and stops per month" });
  await expect(perMonth.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(perMonth.locator("svg .recharts-bar-rectangle").first()).toBeVisible();
  expect(await seriousViolations(page), "chart view").toEqual([]);

  await perMonth.getByRole("button", { name: "Show as table" }).click();
  await expect(perMonth.getByRole("button", { name: "Show as chart" })).toHaveAttribute("aria-pressed", "true");
  const table = perMonth.getByRole("table", { name: "Routes and stops per month" });
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("MonthRoutesStops");
  await expect(rows.nth(1).getByRole("cell").nth(0)).toHaveText("3");
  await expect(rows.nth(1).getByRole("cell").nth(1)).toHaveText(String(STOPS));
  expect(await seriousViolations(page), "table view").toEqual([]);

  // CSV: the header and this month's figures, raw numbers.
  const download = page.waitForEvent("download");
  await perMonth.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^routes-and-stops-per-month_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8").split("\r\n");
  expect(csv[0]).toBe("Month,Routes,Stops,Distance (m),Driving time (s),Distance saved (m),Time saved (s)");
  expect(csv[1]).toMatch(new RegExp(`^\\d{4}-\\d{2},3,${STOPS},[\\d.]+,[\\d.]+,-?[\\d.]+,-?[\\d.]+$`));
  expect(csv[2]).toBe("");
  await page.screenshot({ path: testInfo.outputPath("analytics.png"), fullPage: true });

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(tile(page, "Routes")).toHaveText("3");
  await expect(page.getByRole("region", { name: "Routes and stops per month" }).locator("svg.recharts-surface").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), "375 px").toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Enhanced analytics on the free plan: the offer and the way to upgrade.
  await page.goto("/enhanced-analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Enhanced Analytics" })).toBeVisible();
  await expect(page.getByText("A heat map of where your stops are")).toBeVisible();
  await expect(page.getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByTestId("stop-heatmap")).toHaveCount(0);
  expect(await seriousViolations(page), "enhanced offer").toEqual([]);

  // On Premium: the heat map of the stops, and the page passes axe.
  await signInViaApi(request, ADMIN.email, ADMIN.password);
  const upgraded = await request.patch(`/api/admin/users/${user.id}/plan`, { data: { tier: "premium" } });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole("link", { name: "See plans and upgrade" })).toHaveCount(0);
  const heatmap = page.getByTestId("stop-heatmap");
  await expect(heatmap.locator(".leaflet-container")).toBeVisible();
  await expect(heatmap.locator("path.leaflet-interactive").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Stops per area" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("enhanced-analytics.png"), fullPage: true });
  expect(await seriousViolations(page), "enhanced analytics").toEqual([]);
});
