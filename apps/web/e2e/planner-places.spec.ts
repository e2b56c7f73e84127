import type { Page } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 8, "where stops land": items 1 (a pasted town lands near the rest, a far one is flagged
// before anything is charged) and 2 (match quality badges and the review step; a village of the
// Liechtenstein extract resolves). The e2e server loads datasets/osm/liechtenstein-2024-03-04.osm.pbf.
const TILES = /tile\.openstreetmap\.org/;
const YORKSHIRE = ["Halifax", "Huddersfield", "Bradford", "Leeds", "Wakefield", "York", "Harrogate", "Skipton", "Keighley", "Dewsbury"];

async function signedIn(page: Page, prefix: string, request: Parameters<typeof signUpViaApi>[0]): Promise<void> {
  await page.context().route(TILES, (route) => route.abort());
  const email = uniqueEmail(prefix);
  await signUpViaApi(request, email);
  await login(page, email);
  await page.goto("/");
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /0 of 5 routes used/);
}

/** Types the start without picking a suggestion and pastes the destinations as a list. */
async function typeRoute(page: Page, start: string, destinations: string[]): Promise<void> {
  const startInput = page.getByRole("combobox", { name: "Start point" });
  await startInput.fill(start);
  // The suggestion list can open over "Paste a list"; close it as a user would (Escape keeps the typed text).
  await startInput.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.getByRole("button", { name: "Paste a list" }).click();
  await page.getByRole("dialog").getByLabel("Addresses").fill(destinations.join("\n"));
  await page.getByRole("button", { name: `Add ${destinations.length} destinations` }).click();
  await page.getByRole("button", { name: "Optimise" }).click();
}

test("Manchester and ten Yorkshire towns typed, not picked: Halifax lands in England", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedIn(page, "places-yorkshire", request);
  await typeRoute(page, "Manchester", YORKSHIRE);
  await expect(page.getByTestId("route-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("route-stop")).toHaveCount(10);

  const id = new URL(page.url()).searchParams.get("route");
  const route = (await (await page.request.get(`/api/routes/${id}`)).json()) as { stops: Array<{ label: string; lat: number; lng: number }> };
  const halifax = route.stops.find((s) => s.label === "Halifax");
  // West Yorkshire (53.7 N, 1.9 W), not Nova Scotia (44.6 N, 63.6 W).
  expect(halifax?.lat).toBeGreaterThan(53);
  expect(halifax?.lng).toBeGreaterThan(-3);
  expect(route.stops.every((s) => s.lat > 53 && s.lat < 54.5 && s.lng > -3 && s.lng < 0)).toBe(true);
  await expect(page.getByTestId("route-stop").filter({ hasText: "Halifax" })).toContainText("Town or village");
});

test("a stop far from all the others is flagged before optimising; nothing is charged until the user confirms it", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedIn(page, "places-outlier", request);
  await typeRoute(page, "Manchester", [...YORKSHIRE.slice(1), "Halifax, Canada"]);

  const review = page.getByTestId("place-review");
  await expect(review).toBeVisible({ timeout: 30_000 });
  const flagged = review.getByTestId("review-place").filter({ hasText: "Halifax, Canada" });
  // In the user's unit: a new account's is miles (SPEC §3).
  await expect(flagged).toContainText(/\d mi from the middle of the route/);
  const go = review.getByRole("button", { name: "Optimise with these places" });
  await expect(go).toBeDisabled();
  // Nothing planned, nothing counted.
  await expect(page.getByTestId("route-result")).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /0 of 5 routes used/);

  await flagged.getByLabel("This is the place I meant").check();
  await go.click();
  await expect(page.getByTestId("route-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Monthly route usage" })).toHaveAttribute("aria-valuetext", /1 of 5 routes used/);
});

test("a missing house number is a street-level match shown in the review step and as a badge; a village of the extract resolves", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedIn(page, "places-quality", request);
  await typeRoute(page, "Vaduz", ["Essanestrasse 999, Eschen", "Nendeln"]);

  const review = page.getByTestId("place-review");
  await expect(review).toBeVisible({ timeout: 30_000 });
  const street = review.getByTestId("review-place").filter({ hasText: "Essanestrasse 999, Eschen" });
  await expect(street).toContainText("Street only");
  await expect(street).toContainText("Essanestrasse, 9492 Eschen");
  // Nendeln matched as a village: nothing to review.
  await expect(review.getByTestId("review-place").filter({ hasText: "Nendeln" })).toHaveCount(0);

  await review.getByRole("button", { name: "Optimise with these places" }).click();
  await expect(page.getByTestId("route-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("route-stop").filter({ hasText: "Essanestrasse 999, Eschen" })).toContainText("Street only");
  await expect(page.getByTestId("route-stop").filter({ hasText: "Nendeln" })).toContainText("Town or village");
});
