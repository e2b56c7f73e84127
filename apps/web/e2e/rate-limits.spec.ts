import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail, PASSWORD } from "./fixtures";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("SPEC §9 auth: after 5 wrong passwords the sign-in form says to wait 30 minutes, even with the right password", async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail("limited");
  const api = await playwright.request.newContext({ baseURL });
  await signUpViaApi(api, email);
  await api.dispose();

  await page.goto("/auth/sign-in");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  for (let i = 0; i < 5; i += 1) {
    await form.getByLabel("Password", { exact: true }).fill(`Wrong!Pass${i}`);
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
    await form.getByRole("button", { name: "Sign In" }).click();
    expect((await answered).status()).toBe(401);
  }
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
  await form.getByRole("button", { name: "Sign In" }).click();
  const response = await refused;
  expect(response.status()).toBe(429);
  expect(response.headers()["retry-after"]).toBe("1800");
  await expect(form.getByText("Too many requests. Please try again in 30 minutes.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a page load's burst of API calls stays within a free user's global limits (decision 010)", async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail("burst");
  const api = await playwright.request.newContext({ baseURL });
  await signUpViaApi(api, email);
  await api.dispose();
  await login(page, email);
  const peaks: Record<string, { reads: number; writes: number }> = {};
  let total = 0;
  for (const path of ["/dashboard", "/routes", "/analytics", "/settings", "/team"]) {
    const calls: { at: number; write: boolean }[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/auth/") && url.pathname !== "/api/realtime")
        calls.push({ at: Date.now(), write: !["GET", "HEAD"].includes(request.method()) });
    };
    page.on("request", listener);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    page.off("request", listener);
    total += calls.length;
    // The most calls that fell within one second.
    const peak = (list: number[]) => Math.max(0, ...list.map((t) => list.filter((u) => u >= t && u < t + 1000).length));
    peaks[path] = { reads: peak(calls.filter((c) => !c.write).map((c) => c.at)), writes: peak(calls.filter((c) => c.write).map((c) => c.at)) };
  }
  console.log(`API calls within one second of a page load: ${JSON.stringify(peaks)}; ${total} in all`);
  // SPEC §9 free tier: 5 per second (writes; reads are counted per minute, decision 010) and 50 per minute.
  expect(Math.max(...Object.values(peaks).map((p) => p.writes))).toBeLessThanOrEqual(5);
  expect(total).toBeLessThanOrEqual(50);
});
