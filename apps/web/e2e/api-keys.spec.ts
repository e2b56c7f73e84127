import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

const example: unknown = JSON.parse(readFileSync(new URL("../public/examples/vroom-example.json", import.meta.url), "utf8"));

async function axeViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("API keys: create in settings, shown once, optimise with it, revoke → 401; the docs list the API", async ({ page, request, playwright, baseURL }) => {
  const email = uniqueEmail("api-keys");
  await signUpViaApi(request, email);
  await login(page, email);

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "API keys" });
  await expect(section).toBeVisible();
  await expect(section.getByText("You have no API keys yet.")).toBeVisible();
  await section.getByLabel("Key name").fill("Warehouse system");
  await section.getByRole("radio", { name: "30 days" }).click();
  await section.getByRole("button", { name: "Create key" }).click();
  const secret = section.getByTestId("new-api-key");
  await expect(secret).toHaveText(/^rp_[A-Za-z]{48}$/);
  const key = (await secret.textContent())!.trim();
  await expect(section.getByRole("button", { name: "Copy key" })).toBeVisible();
  const listed = section.getByRole("list", { name: "Your API keys" }).getByRole("listitem").filter({ hasText: "Warehouse system" });
  await expect(listed).toContainText("Never used");
  await expect(listed).toContainText(key.slice(0, 10));
  expect(await axeViolations(page), "/settings with a new key").toEqual([]);

  // The real server, as an integration would call it: no cookies, only the key.
  const api = await playwright.request.newContext({ baseURL });
  const solved = await api.post("/api/v1/optimize", { data: example, headers: { authorization: `Bearer ${key}` } });
  expect(solved.status(), await solved.text()).toBe(200);
  const out = (await solved.json()) as { code: number; routes: { vehicle: number; steps: unknown[] }[] };
  expect(out.code).toBe(0);
  expect(out.routes.length).toBeGreaterThan(0);

  // Shown once: dismissed, and not there after a reload either.
  await section.getByRole("button", { name: "I have copied it" }).click();
  await expect(section.getByTestId("new-api-key")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "API keys" }).getByText(key)).toHaveCount(0);
  const reloaded = page.getByRole("region", { name: "API keys" });
  await expect(reloaded.getByRole("listitem").filter({ hasText: "Warehouse system" })).toContainText("Last used");

  await reloaded.getByRole("button", { name: "Revoke Warehouse system" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(reloaded.getByText("You have no API keys yet.")).toBeVisible();
  const refused = await api.post("/api/v1/optimize", { data: example, headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  await api.dispose();

  await page.goto("/support-docs");
  const docs = page.getByRole("region", { name: "API" });
  await expect(docs.getByRole("heading", { name: "API", level: 2 })).toBeVisible();
  await expect(docs.getByText("/api/v1/optimize", { exact: true })).toBeVisible();
  await expect(docs.getByLabel("curl example for POST /api/v1/optimize")).toContainText("Authorization: Bearer $ROUTEPILOT_API_KEY");
  await expect(docs.getByRole("link", { name: "Download an example VROOM file" })).toHaveAttribute("href", "/examples/vroom-example.json");
  const file = await page.request.get("/examples/vroom-example.json");
  expect(await file.json()).toEqual(example);
  expect(await axeViolations(page), "/support-docs").toEqual([]);
});
