import type { Page } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 8, items 10, 11 and 13: the map follows the list, says when it has no base map (and draws
// the server's offline roads instead), and works on a phone. The journeys run offline: tile
// requests fail at once (Chromium has no internet here either).
const TILES = /tile\.openstreetmap\.org/;

const START = { lat: 47.1415, lng: 9.5215, address: "Vaduz, Liechtenstein" };
const STOPS = [
  { lat: 47.1651, lng: 9.5096, label: "Schaan Landstrasse" },
  { lat: 47.2105, lng: 9.5226, label: "Eschen Essanestrasse" },
  { lat: 47.2255, lng: 9.5652, label: "Mauren Peter-Kaiser-Platz" },
  { lat: 47.0665, lng: 9.5026, label: "Balzers Rheinstrasse" },
];

/** Signs up, signs in and plans a route through the API; returns its id (opened with /?route=id). */
async function plannedRoute(page: Page, request: Parameters<typeof signUpViaApi>[0], prefix: string, stops = STOPS): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpViaApi(request, email);
  await login(page, email);
  const res = await page.request.post("/api/routes/optimize", { data: { start: START, stops, roundTrip: true, profile: "car", name: `Map ${prefix}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { route: { id: string } }).route.id;
}

/** The stop markers on the map as "number: label", by number. */
async function markerTitles(page: Page): Promise<string[]> {
  const map = page.getByTestId("route-map");
  const titles = await map.locator('[data-marker="stop"]').evaluateAll((els) => els.map((el) => `${el.textContent}|${el.parentElement?.getAttribute("title") ?? ""}`));
  return titles.sort((a, b) => parseInt(a) - parseInt(b));
}

/** The stop names in the result list, top to bottom (each row is matched to one of the names planned). */
async function listLabels(page: Page, names: string[] = STOPS.map((s) => s.label)): Promise<string[]> {
  const rows = await page.getByTestId("route-stop").allTextContents();
  return rows.map((text) => names.find((name) => text.includes(name)) ?? `? ${text}`);
}

test("the map follows the list: moving a stop renumbers its marker, redraws the line and moves the highlight (item 10)", async ({ page, request }) => {
  await page.context().route(TILES, (route) => route.abort());
  const id = await plannedRoute(page, request, "map-order");
  await page.goto(`/?route=${id}`);
  await expect(page.getByTestId("route-stop")).toHaveCount(4);
  const map = page.getByTestId("route-map");
  await expect(map.locator('[data-marker="stop"]')).toHaveCount(4);

  const before = await listLabels(page);
  // Leaflet sets each marker's title once its icon is placed; read them when they are all there.
  await expect.poll(() => markerTitles(page)).toEqual(before.map((label, i) => `${i + 1}|Stop ${i + 1}: ${label}`));
  await expect(map.locator("path.rp-route-line-provisional")).toHaveCount(0);

  await page.getByRole("button", { name: "Move stop 1 down" }).click();
  const after = await listLabels(page);
  expect(after).toEqual([before[1], before[0], before[2], before[3]]);
  // Markers 1 and 2 now sit on the list's new first and second stops; the moved stop (now 2) is highlighted.
  await expect.poll(() => markerTitles(page)).toEqual(after.map((label, i) => `${i + 1}|Stop ${i + 1}: ${label}`));
  await expect(map.locator(".rp-marker-selected")).toHaveText("2");
  await expect(page.getByTestId("route-stop").nth(1)).toHaveClass(/border-primary/);
  // The line is a dashed sketch through the new order until it is applied.
  await expect(map.locator("path.rp-route-line-provisional")).toHaveCount(1);

  // Applying the order keeps the map on it, with a planned line again.
  await page.getByRole("button", { name: "Keep my order" }).click();
  await expect(map.locator("path.rp-route-line-provisional")).toHaveCount(0);
  await expect.poll(() => markerTitles(page)).toEqual(after.map((label, i) => `${i + 1}|Stop ${i + 1}: ${label}`));
});

test("offline, the map says the base map is unavailable and draws the extract's roads (item 11)", async ({ page, request }, testInfo) => {
  let tileRequests = 0;
  await page.context().route(TILES, (route) => {
    tileRequests += 1;
    return route.abort("internetdisconnected");
  });
  const id = await plannedRoute(page, request, "map-offline");
  await page.goto(`/?route=${id}`);
  const map = page.getByTestId("route-map");
  await expect(map.locator('[data-marker="stop"]')).toHaveCount(4);
  expect(tileRequests).toBeGreaterThan(0);

  const notice = map.getByRole("status");
  await expect(notice).toContainText("Base map unavailable");
  await expect(notice).toContainText("Roads are drawn from the server's offline map data");
  // The server's roads for the visible area: several road classes, drawn under the route line.
  await expect(map.locator("path.rp-road").first()).toBeAttached();
  expect(await map.locator("path.rp-road").count()).toBeGreaterThanOrEqual(3);
  await expect(map.locator("path.rp-road-primary")).toHaveCount(1);
  await expect(map.locator("path.rp-route-line")).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("map-offline-roads.png") });

  // Zooming in asks for the streets of the smaller area.
  const roads = page.waitForResponse((res) => res.url().includes("/api/basemap/roads") && res.status() === 200);
  await map.getByRole("button", { name: "Zoom in" }).click();
  const body = (await (await roads).json()) as { available: boolean; features: unknown[] };
  expect(body.available).toBe(true);
  expect(body.features.length).toBeGreaterThan(0);
});

test("a crowded map groups its stops into clusters that hold every stop (item 11)", async ({ page, request }) => {
  await page.context().route(TILES, (route) => route.abort());
  // 60 stops in and around Vaduz and Schaan, a few hundred metres apart.
  const crowd = Array.from({ length: 60 }, (_, i) => ({ lat: 47.13 + (i % 10) * 0.004, lng: 9.5 + Math.floor(i / 10) * 0.006, label: `Crowd stop ${i + 1}` }));
  const id = await plannedRoute(page, request, "map-crowd", crowd);
  await page.goto(`/?route=${id}`);
  await expect(page.getByTestId("route-stop")).toHaveCount(60);
  const map = page.getByTestId("route-map");
  await expect(map.locator('[data-marker="cluster"]').first()).toBeVisible();
  // While the map zooms, Leaflet keeps the old and the new cluster layer for one animation: count once it has settled.
  const shown = async () => {
    const clusters = await map.locator('[data-marker="cluster"]').allTextContents();
    const single = await map.locator('[data-marker="stop"]').count();
    return { clusters: clusters.length, stops: clusters.reduce((n, text) => n + Number(text), 0) + single };
  };
  await expect.poll(async () => (await shown()).stops, { timeout: 10_000 }).toBe(60);
  expect((await shown()).clusters).toBeGreaterThan(0);
  // A cluster names the stops it holds.
  await expect(map.locator('[data-marker="cluster"]').first()).toHaveAttribute("title", /^\d+ stops: \d+(, \d+)+$/);
});

test("on a phone (375 px) names wrap, a list/map toggle brings the map up, and OpenStreetMap is credited once (item 13)", async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.context().route(TILES, (route) => route.abort());
  const longNames = [
    { ...STOPS[0]!, label: "Gemeindeverwaltung Schaan, Landstrasse 19, Eingang Rückseite" },
    { ...STOPS[1]!, label: "Bäckerei und Konditorei Essanestrasse Eschen" },
    STOPS[2]!,
  ];
  const id = await plannedRoute(page, request, "map-phone", longNames);
  // As a route planned on the built-in road router (ROUTING_PROVIDER=osm), whose data credit is OpenStreetMap's too.
  await page.route(`**/api/routes/${id}`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...json, provider: "osm", distanceKind: "road distance", attribution: "© OpenStreetMap contributors" } });
  });
  await page.goto(`/?route=${id}`);
  await expect(page.getByTestId("route-stop")).toHaveCount(3);

  // The whole name shows, on several lines, not cut off.
  // The stop's name line (the name, then its match-quality badge).
  const name = page.getByTestId("route-stop").filter({ hasText: longNames[0]!.label }).locator("span.font-medium").first();
  await expect(name).toContainText(longNames[0]!.label);
  await expect(name).toBeVisible();
  const box = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(box.scroll, JSON.stringify(box)).toBeLessThanOrEqual(box.client);
  expect(box.height).toBeGreaterThan(box.line * 1.5);

  await name.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("map-phone-list-view.png") });

  // List first; "Map" shows the map at the top of the screen instead of 2,000 px down.
  const toggle = page.getByRole("group", { name: "Show the route as" });
  await expect(toggle.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  await toggle.getByRole("button", { name: "Map" }).click();
  const map = page.getByTestId("route-map");
  await expect(map).toBeVisible();
  await expect(page.getByTestId("route-result")).toBeHidden();
  const mapBox = (await map.boundingBox())!;
  expect(mapBox.y).toBeLessThan(812);
  expect(mapBox.width).toBeGreaterThan(300);
  await expect(map.locator('[data-marker="stop"]')).toHaveCount(3);
  // The markers are inside the visible map (it was fitted after it appeared).
  // Read once the fit's pan animation has settled: the markers move while it runs.
  const insideMap = async () => {
    const marker = (await map.locator('[data-marker="stop"]').first().boundingBox())!;
    return marker.x >= mapBox.x && marker.x + marker.width <= mapBox.x + mapBox.width;
  };
  await expect.poll(insideMap, { timeout: 5_000 }).toBe(true);

  await page.screenshot({ path: testInfo.outputPath("map-phone-map-view.png") });
  // One credit for OpenStreetMap, though tiles, routing data and offline roads all come from it.
  const credit = map.locator(".leaflet-control-attribution");
  await expect(credit).toContainText("OpenStreetMap");
  expect(((await credit.textContent()) ?? "").match(/OpenStreetMap/g)).toHaveLength(1);

  await toggle.getByRole("button", { name: "List" }).click();
  await expect(page.getByTestId("route-result")).toBeVisible();
  await expect(map).toBeHidden();
});
