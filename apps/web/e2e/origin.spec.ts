import { expect, test, uniqueEmail, PASSWORD } from "./fixtures";

// The server listens on every interface: a browser that reaches it as http://127.0.0.1:PORT (or by a
// LAN address) instead of BASE_URL's localhost is same-origin there and must be able to sign up.
test("sign up through http://127.0.0.1:PORT in a real browser (not BASE_URL's host)", async ({ browser }) => {
  const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000");
  expect(base.hostname).toBe("localhost");
  const loopback = `http://127.0.0.1:${base.port}`;
  // A fresh context without the suite's extra Origin header: the browser sends its own.
  const context = await browser.newContext({ baseURL: loopback, extraHTTPHeaders: {} });
  try {
    const page = await context.newPage();
    await page.goto("/auth/sign-up");
    const form = page.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Name").fill("Loopback Tester");
    await form.getByLabel("Email").fill(uniqueEmail("loopback"));
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const signUp = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-up/email"));
    await form.getByRole("button", { name: "Create Account" }).click();
    const response = await signUp;
    expect(await response.request().headerValue("origin")).toBe(loopback);
    expect(response.status()).toBe(200);
    await expect(page).not.toHaveURL(/\/auth/);
    await expect(page.getByText(/verify your e-mail address/i)).toBeVisible();
    await expect(page.getByText(/invalid origin/i)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
