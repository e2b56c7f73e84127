import { defineConfig } from "@playwright/test";

/** Run through `npm run test:e2e`, which builds the app, starts the server and a mail sink. */
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "../../test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://localhost:3000",
    // Better Auth checks the Origin of state-changing requests, as a browser would send it.
    extraHTTPHeaders: { origin: process.env.E2E_BASE_URL ?? "http://localhost:3000" },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
