import { readFileSync } from "node:fs";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

// The journeys run offline: tile requests fail at once instead of waiting on the network.
const TILES = /tile\.openstreetmap\.org/;

const DESTINATIONS_PASTED = ["Balzers, Liechtenstein", "Triesen, Liechtenstein", "Mauren, Liechtenstein", "Ruggell, Liechtenstein", "Triesenberg, Liechtenstein", "Buchs, Switzerland"];

test("plan, optimise, map, history, share signed out, GPX export", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.context().route(TILES, (route) => route.abort());
  const email = uniqueEmail("planner");
  await signUpViaApi(request, email);
  await login(page, email);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /0 of 5 routes used/);

  // Start from the offline gazetteer's suggestions.
  await page.getByRole("combobox", { name: "Start point" }).fill("Vaduz");
  await page.getByRole("option", { name: /Vaduz, Liechtenstein/ }).click();
  await expect(page.getByRole("combobox", { name: "Start point" })).toHaveValue("Vaduz, Liechtenstein");

  // Destination 1 picked from suggestions, destination 2 typed as "lat, lng", six pasted as a list.
  await page.getByRole("combobox", { name: "Destination 1" }).fill("Schaan");
  await page.getByRole("option", { name: /Schaan, Liechtenstein/ }).click();
  await page.getByRole("button", { name: "Add destination" }).click();
  await page.getByRole("combobox", { name: "Destination 2" }).fill("47.21071, 9.52223");
  await page.getByRole("button", { name: "Paste a list" }).click();
  await page.getByRole("dialog").getByLabel("Addresses").fill(DESTINATIONS_PASTED.join("\n"));
  await page.getByRole("button", { name: "Add 6 destinations" }).click();
  await expect(page.getByTestId("destination-row")).toHaveCount(8);

  await page.getByRole("button", { name: "Optimise" }).click();
  const result = page.getByTestId("route-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\?route=/);

  // 9 numbered markers (start + 8 stops in route order) and the route line, on a tile-less map.
  const map = page.getByTestId("route-map");
  await expect(map.locator(".rp-marker")).toHaveCount(9);
  await expect(map.locator('[data-marker="stop"]')).toHaveText(["1", "2", "3", "4", "5", "6", "7", "8"]);
  await expect(map.locator("path.rp-route-line")).toHaveCount(1);
  await expect(page.getByTestId("route-stop")).toHaveCount(8);
  await expect(page.getByTestId("route-saving")).toContainText(/Saves .+ \(\d+(\.\d)?%\) versus your order|already the shortest/);
  await expect(result.getByText("Straight-line estimate", { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /1 of 5 routes used/);

  // The list and the map highlight each other.
  await page.getByTestId("route-stop").nth(2).getByRole("button", { pressed: false }).first().click();
  await expect(map.locator(".rp-marker-selected")).toHaveText("3");
  await map.locator('[data-marker="stop"]', { hasText: /^5$/ }).click();
  await expect(page.getByTestId("route-stop").nth(4)).toHaveClass(/border-primary/);

  await page.screenshot({ path: testInfo.outputPath("planner-optimised.png"), fullPage: true });

  // GPX: valid XML, 9 waypoints (start + 8 stops) and a route through them and back to the start (a round trip).
  const downloadPromise = page.waitForEvent("download");
  await result.getByRole("link", { name: "GPX" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.gpx$/);
  const gpx = readFileSync((await download.path())!, "utf8");
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return { errors: doc.getElementsByTagName("parsererror").length, root: doc.documentElement.localName, wpt: doc.getElementsByTagName("wpt").length, rtept: doc.getElementsByTagName("rtept").length };
  }, gpx);
  expect(parsed).toEqual({ errors: 0, root: "gpx", wpt: 9, rtept: 10 });

  // Share, then open the link in a signed-out browser.
  await result.getByRole("button", { name: "Share link" }).click();
  const shareUrl = await page.getByLabel(/Read-only link/).inputValue();
  expect(shareUrl).toMatch(/\/shared-route\/[A-Za-z0-9_-]{22,}$/);
  const visitor = await browser.newContext();
  await visitor.route(TILES, (route) => route.abort());
  const guest = await visitor.newPage();
  await guest.goto(shareUrl);
  await expect(guest.getByRole("heading", { level: 1, name: "Shared Route" })).toBeVisible();
  await expect(guest.getByRole("list", { name: "Stops in route order" }).getByRole("button")).toHaveCount(8);
  await expect(guest.getByTestId("route-map").locator(".rp-marker")).toHaveCount(9);
  await expect(guest.getByRole("link", { name: "Sign In" })).toBeVisible();

  // History lists it, newest first, and finds it by a stop name.
  await page.goto("/route-history");
  const item = page.getByTestId("history-route").first();
  await expect(item).toContainText("Vaduz, Liechtenstein");
  await expect(item).toContainText("8 stops");
  await expect(item.getByText("Shared")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search routes" }).fill("Ruggell");
  await expect(page).toHaveURL(/q=Ruggell/);
  await expect(page.getByTestId("history-route")).toHaveCount(1);

  // Reopen in the planner and revoke the link: the visitor then sees the not-found state.
  await item.getByRole("link", { name: /^Open / }).click();
  await expect(page.getByTestId("route-result")).toBeVisible();
  await page.getByTestId("route-result").getByRole("button", { name: "Share link" }).click();
  await page.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog", { name: "Stop sharing this route?" }).getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByLabel(/Read-only link/)).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole("heading", { name: "This shared route is not available" })).toBeVisible();
  await visitor.close();
});

test("route validation messages show inline (SPEC §5)", async ({ page, request }) => {
  const email = uniqueEmail("planner-validation");
  await signUpViaApi(request, email);
  await login(page, email);
  await page.goto("/");
  await page.getByRole("button", { name: "Optimise" }).click();
  const form = page.getByRole("form", { name: "Plan a route" });
  await expect(form.getByText("Start point is required")).toBeVisible();
  await expect(form.getByText("At least one destination is required")).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Start point" })).toHaveAttribute("aria-invalid", "true");
});
