import type { Page } from "@playwright/test";
import { expect, login, setRole, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 13, headers: the Content-Security-Policy is on, and the built app runs under it without a
// single violation on the public pages, the planner with its map, the driver app and the tracking
// page; a state-changing API call from another site is refused.
const TILES = /tile\.openstreetmap\.org/;

/** Collects CSP violations of the page: securitypolicyviolation events and console errors that name the policy. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI} on ${e.documentURI}`);
    });
  });
  return violations;
}

test("every page runs under the Content-Security-Policy without a violation", async ({ page, request }) => {
  await page.context().route(TILES, (route) => route.abort());
  const violations = await watchViolations(page);

  const home = await page.goto("/");
  const csp = home!.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("report-uri /api/csp-report");
  await expect(page.locator("#main-content")).toBeVisible();
  for (const path of ["/pricing", "/auth/sign-in", "/contact", "/track/not-a-real-token"]) {
    await page.goto(path);
    await expect(page.locator("#main-content")).toBeVisible();
  }

  // The planner with a route on its map (markers, line, clusters are Leaflet's inline styles).
  const email = uniqueEmail("csp");
  const { user } = await signUpViaApi(request, email);
  await login(page, email);
  const planned = await page.request.post("/api/routes/optimize", {
    data: {
      start: { lat: 47.1415, lng: 9.5215, address: "Vaduz, Liechtenstein" },
      stops: [
        { lat: 47.1651, lng: 9.5096, label: "Schaan" },
        { lat: 47.2105, lng: 9.5226, label: "Eschen" },
      ],
      roundTrip: true,
      profile: "car",
    },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const routeId = ((await planned.json()) as { route: { id: string } }).route.id;
  await page.goto(`/?route=${routeId}`);
  await expect(page.getByTestId("route-map").locator('[data-marker="stop"]')).toHaveCount(2);

  // The driver app (its own map and the geolocation permission the policy allows).
  await setRole(request, user.id, ["user", "driver"]);
  await page.goto("/driver");
  await expect(page.locator("#main-content")).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(violations).toEqual([]);
});

test("a state-changing API call sent from another site's page is refused with 403", async ({ page, request }) => {
  const email = uniqueEmail("csrf");
  await signUpViaApi(request, email);
  await login(page, email);
  const refused = await page.request.post("/api/saved-locations", {
    headers: { origin: "https://evil.example" },
    data: { name: "Depot", address: "1 Main Street, Vaduz", lat: 47.14, lng: 9.52 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/another website/);
  const same = await page.request.post("/api/saved-locations", { data: { name: "Depot", address: "1 Main Street, Vaduz", lat: 47.14, lng: 9.52 } });
  expect(same.status(), await same.text()).toBe(201);
});
