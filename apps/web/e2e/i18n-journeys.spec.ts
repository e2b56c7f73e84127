import { expect, fleetTeamWithDriver, localToday, login, seriousViolations, signInViaApi, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 30 (decision 028): whole journeys in a translated language, not only the shell — the
// planner in German (words, formats, axe), the driver app in French and the customer's tracking
// page in a French browser, and a language chosen signed out that follows the visitor into their
// new account and stays there. Elements are found by their names in the target language, from
// apps/web/src/locales/<lang>/*.json. i18n.spec.ts covers the shell switch; formats.spec.ts the
// German formats on history, analytics and Live.
const TILES = /tile\.openstreetmap\.org/;
const DEPOT = { lat: 47.141, lng: 9.5209 }; // Vaduz

/** A distance in kilometres with a decimal comma ("12,4 km"), or whole metres below one. */
const KM = /^(\d{1,3}(\.\d{3})*(,\d)? km|\d{1,3} m)$/;
/** A 24-hour clock time: two-digit hours, no AM/PM. */
const CLOCK = "(?:[01]\\d|2[0-3]):[0-5]\\d";
const FRENCH_WEEKDAY = "(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)";

test("the planner journey in German: German words, decimal commas, 24-hour times and kilometres; axe-clean planner and dashboard", async ({ page }) => {
  test.setTimeout(60_000);
  await page.context().route(TILES, (route) => route.abort());
  const email = uniqueEmail("i18n-planner-de");
  // Signed up (and so signed in) through the page's own request context: the browser has the session cookie.
  await signUpViaApi(page.request, email, undefined, "Lena Lang");
  const prefs = await page.request.patch("/api/preferences", { data: { language: "de", distanceUnit: "km" } });
  expect(prefs.status(), await prefs.text()).toBe(200);

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Willkommen, Lena" })).toBeVisible();
  await expect(page).toHaveTitle("Start · RoutePilot");
  await expect(page.getByText("Route planen: Start und Ziele eingeben, dann die Reihenfolge optimieren.")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Monatliche Routennutzung" })).toBeVisible();

  const form = page.getByRole("form", { name: "Route planen" });
  await form.getByRole("combobox", { name: "Startpunkt" }).fill("Vaduz");
  await page.getByRole("option", { name: /Vaduz, Liechtenstein/ }).click();
  await form.getByRole("combobox", { name: "Ziel 1" }).fill("Schaan");
  await page.getByRole("option", { name: /Schaan, Liechtenstein/ }).click();
  await form.getByRole("button", { name: "Ziel hinzufügen" }).click();
  await form.getByRole("combobox", { name: "Ziel 2" }).fill("47.21071, 9.52223");
  // An afternoon departure, so a 12-hour clock would show.
  await form.getByLabel("Abfahrt", { exact: true }).fill("14:00");
  await form.getByRole("button", { name: "Optimieren" }).click();

  const result = page.getByTestId("route-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText(/2 Stopps · Rundtour · Pkw/);
  await expect(result.getByText("Luftlinien-Schätzung", { exact: true }).or(result.getByText("Straßenentfernung", { exact: true }))).toBeVisible();
  for (const term of ["Strecke", "Zeit", "Stopps"]) await expect(result.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  await expect(page.getByTestId("route-distance")).toHaveText(KM);
  await expect(page.getByTestId("route-saving")).toHaveText(/^(Spart \d[\d.]*(,\d)? (km|m) \(\d+(,\d)?\s%\) gegenüber Ihrer Reihenfolge|Ihre Reihenfolge war bereits die kürzeste)/);
  const stops = result.getByRole("list", { name: "Stopps in Routenreihenfolge" });
  await expect(stops).toContainText("Abfahrt 14:00");
  await expect(stops).toContainText(new RegExp(`Ankunft ${CLOCK} · \\d+(,\\d)? km`));
  await expect(stops).not.toContainText(/\d (AM|PM)\b|\d mi\b/);
  for (const name of ["Neu optimieren", "Drucken", "Link teilen"]) await expect(result.getByRole("button", { name })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Monatliche Routennutzung" })).toHaveAttribute("aria-valuetext", /1 von 5 Routen genutzt/);
  expect(await seriousViolations(page), "the German planner").toEqual([]);

  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Route planen" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Schnellzugriff" }).getByRole("link", { name: /^Routenverlauf/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tarifnutzung" })).toContainText("1 von 5 Routen genutzt");
  // The toasts' live region is named in German too (sonner adds its shortcut to the name).
  await expect(page.getByRole("region", { name: /^Statusmeldungen/ })).toHaveCount(1);
  expect(await seriousViolations(page), "the German dashboard").toEqual([]);
});

test("the driver app in French completes a stop; the customer's tracking page in a French browser", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const ownerEmail = uniqueEmail("i18n-owner");
  const driverEmail = uniqueEmail("i18n-driver-fr");
  const { user: owner } = await signUpViaApi(request, ownerEmail, undefined, "Mara Manager");
  const { user: driver } = await signUpViaApi(request, driverEmail, undefined, "Dino Driverson");
  const teamId = await fleetTeamWithDriver(request, owner, driverEmail, `Livraisons ${Date.now().toString(36)}`);
  await signInViaApi(request, driverEmail);
  const prefs = await request.patch("/api/preferences", { data: { language: "fr" } });
  expect(prefs.status(), await prefs.text()).toBe(200);

  // A van working the afternoon (so a 12-hour clock would show), today's plan with two orders, dispatched to the driver.
  await signInViaApi(request, ownerEmail);
  const van = await request.post(`/api/teams/${teamId}/vehicles`, { data: { name: "Van 1", profile: "van", capacity: [10], shift: { start: "13:00", end: "23:59" }, start: DEPOT, end: DEPOT } });
  expect(van.status(), await van.text()).toBe(201);
  const { id: vehicleId } = (await van.json()) as { id: string };
  const date = localToday();
  const orders = [
    { label: "Boulangerie Meier", lat: 47.1395, lng: 9.5235, serviceMinutes: 4, demand: [1] },
    { label: "Poste de Vaduz", lat: 47.1432, lng: 9.5168, serviceMinutes: 4, demand: [1] },
  ];
  const plan = await request.post(`/api/teams/${teamId}/plans`, { data: { date, vehicleIds: [vehicleId], orders } });
  expect(plan.status(), await plan.text()).toBe(202);
  const { id: planId } = (await plan.json()) as { id: string };
  await expect.poll(async () => ((await (await request.get(`/api/teams/${teamId}/plans/${planId}`)).json()) as { status: string }).status, { timeout: 60_000 }).toBe("done");
  const dispatched = await request.post(`/api/teams/${teamId}/plans/${planId}/dispatch`, { data: { assignments: [{ vehicleId, driverUserId: driver.id }], dispatchAnyway: true } });
  expect(dispatched.status(), await dispatched.text()).toBe(200);
  const live = (await (await request.get(`/api/teams/${teamId}/routes?date=${date}`)).json()) as { routes: { stops: { label: string; trackingUrl: string | null }[] }[] };
  const [first, second] = live.routes[0]!.stops;
  expect(first?.trackingUrl).toMatch(/\/track\/[^/]+$/);
  expect(second?.trackingUrl).toMatch(/\/track\/[^/]+$/);
  await request.post("/api/auth/sign-out", { data: {} });

  // The driver's phone.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await phone.route(TILES, (route) => route.abort());
  await signInViaApi(phone.request, driverEmail);
  const page = await phone.newPage();
  await page.goto("/driver");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Votre tournée du jour" })).toBeVisible();
  await expect(page).toHaveTitle("Application chauffeur · RoutePilot");
  const list = page.getByRole("list", { name: /^Arrêts de / });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText(/Arrêts effectués : 0 sur 2/)).toBeVisible();
  const firstCard = list.getByRole("listitem").first();
  await expect(firstCard).toContainText(first!.label);
  await expect(firstCard).toContainText(new RegExp(`Prévu à ${CLOCK}`));
  await expect(firstCard).toContainText("À faire");
  await expect(firstCard.getByRole("button", { name: "Itinéraire vers l'arrêt 1" })).toBeVisible();

  await page.getByRole("button", { name: "Arrivé à l'arrêt 1" }).click();
  await expect(firstCard).toContainText("Arrivé");
  await page.getByRole("button", { name: "Arrêt 1 livré" }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^Livré\\s?: ${first!.label}$`) });
  await expect(dialog).toContainText("Ajoutez une preuve de livraison si vous en avez une.");
  await dialog.getByLabel("Nom du destinataire").fill("Rita Recipient");
  await dialog.getByRole("button", { name: "Confirmer la livraison" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("sync-status")).toHaveText("Toutes les modifications sont synchronisées", { timeout: 20_000 });
  await expect(firstCard).toHaveAttribute("data-status", "done");
  await expect(firstCard).toContainText(new RegExp(`Livré à ${CLOCK}`));
  await expect(page.getByText(/Arrêts effectués : 1 sur 2/)).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/\d (AM|PM)\b/);
  await phone.close();

  // The customers open their links signed out, in a browser whose language is French.
  const customer = await browser.newContext({ locale: "fr-FR", viewport: { width: 375, height: 812 } });
  await customer.route(TILES, (route) => route.abort());
  const tracking = await customer.newPage();
  await tracking.goto(new URL(first!.trackingUrl!).pathname);
  await expect(tracking.locator("html")).toHaveAttribute("lang", "fr");
  await expect(tracking.getByRole("heading", { level: 1, name: "Suivre votre livraison" })).toBeVisible();
  await expect(tracking.getByText("Votre commande a été livrée.", { exact: true })).toBeVisible();
  await expect(tracking).toHaveTitle("Suivre votre livraison · RoutePilot");
  await expect(tracking.getByText(new RegExp(`^Livrée le ${FRENCH_WEEKDAY} \\d{1,2} \\S+ à ${CLOCK}\\.$`))).toBeVisible();
  const steps = tracking.getByRole("list", { name: "Avancement de la livraison" });
  await expect(steps.getByRole("listitem").filter({ hasText: "Livrée" })).toHaveAttribute("aria-current", "step");

  await tracking.goto(new URL(second!.trackingUrl!).pathname);
  await expect(tracking.getByRole("heading", { level: 1, name: "Suivre votre livraison" })).toBeVisible();
  await expect(tracking.getByRole("heading", { name: second!.label })).toBeVisible();
  await expect(tracking.getByText(new RegExp(`^Arrivée prévue, ${FRENCH_WEEKDAY} \\d{1,2} \\S+`))).toBeVisible();
  await expect(tracking.getByTestId("tracking-window")).toHaveText(new RegExp(`^${CLOCK} – ${CLOCK}$`));
  await expect(tracking.getByText("Cette page se met à jour toutes les 30 secondes.")).toBeVisible();
  await expect(tracking.getByRole("region", { name: "Carte" })).toBeVisible();
  await expect(tracking.locator("body")).not.toContainText("Driverson");
  await customer.close();
});

test("a language chosen signed out is the new account's language, survives a reload; French from Settings survives sign-out and sign-in elsewhere", async ({ browser }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("i18n-carry");
  const visitor = await browser.newContext();
  const page = await visitor.newPage();

  // Signed out, in an English browser: Deutsch in the footer (the sign-up page has none), then sign up in German.
  await page.goto("/pricing");
  await page.getByRole("contentinfo").getByLabel("Language", { exact: true }).selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto("/auth/sign-up");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1, name: "Ihr RoutePilot-Konto erstellen" })).toBeVisible();
  const signUp = page.getByRole("form", { name: "Registrieren" });
  await signUp.getByLabel("Name", { exact: true }).fill("Clara Carry");
  await signUp.getByLabel("E-Mail", { exact: true }).fill(email);
  await signUp.getByLabel("Passwort", { exact: true }).fill("Str0ng!Pass");
  await signUp.getByRole("button", { name: "Konto erstellen" }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  // Signed in: German, and the account's preference says so.
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get("/api/preferences")).json()) as { language: string }).language).toBe("de");
  // It is the account's, not this browser's: without the signed-out choice, a reload stays German.
  await page.evaluate(() => localStorage.removeItem("routepilot.language"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: /^Kontomenü:/ })).toBeVisible();

  // Settings → Sprache → Français, then sign out.
  await page.goto("/settings");
  await expect(page).toHaveTitle("Einstellungen · RoutePilot");
  await page.getByRole("combobox", { name: "Sprache", exact: true }).click();
  await page.getByRole("option", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect.poll(async () => ((await (await page.request.get("/api/preferences")).json()) as { language: string }).language).toBe("fr");
  await page.getByRole("button", { name: /^Menu du compte/ }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("button", { name: /^Menu du compte/ })).toHaveCount(0);
  await visitor.close();

  // Another browser (English, nothing stored): signing in brings the French back.
  const elsewhere = await browser.newContext();
  const again = await elsewhere.newPage();
  await login(again, email);
  await expect(again.locator("html")).toHaveAttribute("lang", "fr");
  await expect(again.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await expect(again.getByRole("button", { name: /^Menu du compte/ })).toBeVisible();
  await again.reload();
  await expect(again.locator("html")).toHaveAttribute("lang", "fr");
  await elsewhere.close();
});
