import type { Page } from "@playwright/test";
import { expect, fleetTeamWithDriver, login, signInViaApi, signUpViaApi, test, uniqueEmail, waitForMail, localToday } from "./fixtures";

// Issue 28, one formatting layer (and issue 30, its words): a user whose preferences say kilometres, German and Vaduz sees
// kilometres with a decimal comma and German dates on the planner, the route history, analytics
// and Live, and the usage e-mail in the outbox is German, words and date (the recipient's
// language, issue 30). The expected texts are built with Intl here, the
// browser's own formats, so the test checks what the pages chose, not how ICU spells it.
const TILES = /tile\.openstreetmap\.org/;
const START = { lat: 47.1415, lng: 9.5215, address: "Vaduz, Liechtenstein" };
const STOPS = [
  { lat: 47.1651, lng: 9.5096, label: "Schaan Landstrasse" },
  { lat: 47.2105, lng: 9.5226, label: "Eschen Essanestrasse" },
];
const DEPOT = { lat: 47.141, lng: 9.5209 };
const ORDERS = [
  ["Bakery", 47.1385, 9.5215],
  ["Garage", 47.1652, 9.5094],
] as const;
const ZONE = "Europe/Vaduz";
const de = (options: Intl.DateTimeFormatOptions, at: Date = new Date()) => new Intl.DateTimeFormat("de-DE", { ...options, timeZone: ZONE }).format(at);
/** A distance in kilometres with a decimal comma ("12,4 km"), or whole metres below one. */
const KM = /^(\d{1,3}(\.\d{3})*(,\d)? km|\d{1,3} m)$/;
const GERMAN_LONG_DATE = /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/;

async function noMiles(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text, "no distance in miles or feet").not.toMatch(/\d mi\b|\d ft\b/);
}

test("kilometres and German formats on the planner, history, analytics and Live, and in the usage e-mail", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("formats-de");
  const driverEmail = uniqueEmail("formats-driver");
  const { user } = await signUpViaApi(request, email, undefined, "Lena Lang");
  await signUpViaApi(request, driverEmail, undefined, "Dario Driver");
  await signInViaApi(request, email);
  const prefs = await request.patch("/api/preferences", { data: { language: "de", distanceUnit: "km", timezone: ZONE } });
  expect(prefs.status(), await prefs.text()).toBe(200);

  // Four of the free plan's five routes: the 80 % notice goes out by e-mail, in German, its reset date too.
  for (let i = 1; i <= 4; i++) {
    const res = await request.post("/api/routes/optimize", { data: { start: START, stops: STOPS, roundTrip: true, profile: "car", name: `Format ${i}` } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const mail = await waitForMail(email, /Sie haben in diesem Monat 4 von 5 Routen genutzt/);
  expect(mail.body).toContain("Sie haben in diesem Monat 4 von 5 Routen Ihres Tarifs genutzt.");
  expect(mail.body).toMatch(GERMAN_LONG_DATE);
  expect(mail.body).not.toMatch(/You have used|this month/);
  expect(mail.body).not.toMatch(/(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);

  const context = await browser.newContext();
  await context.route(TILES, (route) => route.abort());
  const page = await context.newPage();
  await login(page, email);

  // Route history: the day as Germans write it, the distance in kilometres.
  await page.goto("/route-history");
  const item = page.getByTestId("history-route").filter({ hasText: "Format 4" });
  await expect(item).toContainText(de({ day: "numeric", month: "short", year: "numeric" }));
  await expect(item).toContainText(/\d(,\d)? km/);
  await noMiles(page);

  // The planner: the route's distance, and the printed plan's date in German.
  await item.getByRole("link", { name: "Format 4 im Planer öffnen" }).click();
  await expect(page.getByTestId("route-distance")).toHaveText(KM);
  await expect(page.getByText(/^RoutePilot-Routenplan · geplant am /)).toContainText(`geplant am ${de({ day: "numeric", month: "long", year: "numeric" })}`);
  await noMiles(page);

  // Analytics: kilometres saved, months in German in the table view.
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Auswertungen" })).toBeVisible();
  const saved = page.getByRole("region", { name: "Eingesparte Strecke pro Monat" });
  await expect(saved).toContainText("Eingesparte Kilometer");
  await saved.getByRole("button", { name: "Als Tabelle zeigen" }).click();
  const firstRow = saved.getByRole("table").getByRole("row").nth(1);
  await expect(firstRow).toContainText(de({ month: "short", year: "numeric" }));
  await expect(firstRow).toContainText(/\d(,\d)? km|\d m/);
  await noMiles(page);

  // Live: the owner moves to Fleet Pro, plans two orders on one van and dispatches it.
  const teamId = await fleetTeamWithDriver(request, user, driverEmail, `Formate ${Date.now().toString(36)}`);
  await signInViaApi(request, driverEmail);
  const driverId = ((await (await request.get("/api/me")).json()) as { user: { id: string } }).user.id;
  await signInViaApi(request, email);
  const van = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: "Van 1", profile: "van", capacity: [5], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT } });
  expect(van.status(), await van.text()).toBe(201);
  const vehicleId = ((await van.json()) as { id: string }).id;
  const today = localToday();
  const planned = await request.post(`/api/teams/${teamId}/plans`, {
    data: { date: today, vehicleIds: [vehicleId], orders: ORDERS.map(([label, lat, lng]) => ({ label, lat, lng, serviceMinutes: 3, demand: [1] })) },
  });
  expect(planned.status(), await planned.text()).toBe(202);
  const { id: planId } = (await planned.json()) as { id: string };
  await expect.poll(async () => ((await (await request.get(`/api/teams/${teamId}/plans/${planId}`)).json()) as { status: string }).status, { timeout: 60_000 }).toBe("done");
  const dispatched = await request.post(`/api/teams/${teamId}/plans/${planId}/dispatch`, { data: { assignments: [{ vehicleId, driverUserId: driverId }], dispatchAnyway: true } });
  expect(dispatched.status(), await dispatched.text()).toBe(200);

  await page.goto("/fleet/live");
  await expect(page.getByRole("heading", { name: "Live-Betrieb" })).toBeVisible();
  const dayTitle = new Intl.DateTimeFormat("de-DE", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${today}T12:00:00Z`));
  await expect(page.getByTestId("day-title")).toContainText(dayTitle);
  const routes = page.getByRole("list", { name: "Touren" });
  await expect(routes.locator(":scope > li[data-route-id]")).toHaveCount(1);
  await expect(routes).toContainText(/\d(,\d)? km geplant/);
  await noMiles(page);
  await context.close();
});
