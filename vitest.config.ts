import { configDefaults, defineConfig } from "vitest/config";

/**
 * One Vitest run over every workspace; each workspace is a named project. VITEST_MAX_WORKERS
 * sets how many test files run at once (Vitest's default is one less than the cores: one on
 * CI's two cores, where most of a file's time is PGlite or PostgreSQL work that two can share).
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || undefined;

/**
 * Server test files that never open the test database (pure logic, or a child process on its own
 * embedded database): the PostgreSQL pass (TEST_DATABASE_URL, .ci/run) would repeat exactly the
 * work of the embedded pass, so they run once, there. A file that starts using the test database
 * must leave this list.
 */
const databaseFreeServerTests = [
  "src/startup.test.ts",
  "src/start-web-build.test.ts",
  "src/lib/env.test.ts",
  "src/modules/security/durability.test.ts",
  "src/modules/security/sanitize.test.ts",
  "src/modules/security/field-encryption.test.ts",
  "src/modules/driver/eta.test.ts",
  "src/modules/delivery-routes/route-export.test.ts",
  "src/modules/live/customer-messages/timing.test.ts",
  "src/platform/observability/metrics.test.ts",
  "src/platform/solver-pool/solver-pool.test.ts",
  "src/platform/realtime/hub.test.ts",
];
/**
 * Server test files share one module graph per worker (`isolate: false`): each file still builds
 * its own app on its own database, but the server's modules (Hono, Better Auth, Drizzle, the
 * contracts) are imported once per worker instead of once per file — about 40 % of the server
 * pass's CPU (issue 29). A server test must therefore leave no module-level state behind (no
 * vi.mock, fake timers restored, process.env untouched); the web project keeps isolation (jsdom
 * and the i18n language are per file).
 */
const serverExclude = process.env.TEST_DATABASE_URL ? [...configDefaults.exclude, ...databaseFreeServerTests] : configDefaults.exclude;

export default defineConfig({
  test: {
    ...(maxWorkers ? { maxWorkers } : {}),
    projects: [
      { test: { name: "contracts", root: "packages/contracts", environment: "node" } },
      { test: { name: "solver", root: "packages/solver", environment: "node", testTimeout: 60_000 } },
      { test: { name: "geo", root: "packages/geo", environment: "node", testTimeout: 60_000 } },
      { test: { name: "db", root: "packages/db", environment: "node", testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: "server", root: "apps/server", environment: "node", testTimeout: 60_000, hookTimeout: 60_000, exclude: serverExclude, isolate: false } },
      "apps/web/vite.config.ts",
    ],
  },
});
