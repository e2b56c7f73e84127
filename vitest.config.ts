import { defineConfig } from "vitest/config";

/**
 * One Vitest run over every workspace; each workspace is a named project. VITEST_MAX_WORKERS
 * sets how many test files run at once (Vitest's default is one less than the cores: one on
 * CI's two cores, where most of a file's time is PGlite or PostgreSQL work that two can share).
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || undefined;

export default defineConfig({
  test: {
    ...(maxWorkers ? { maxWorkers } : {}),
    projects: [
      { test: { name: "contracts", root: "packages/contracts", environment: "node" } },
      { test: { name: "solver", root: "packages/solver", environment: "node", testTimeout: 60_000 } },
      { test: { name: "geo", root: "packages/geo", environment: "node", testTimeout: 60_000 } },
      { test: { name: "db", root: "packages/db", environment: "node", testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: "server", root: "apps/server", environment: "node", testTimeout: 60_000, hookTimeout: 60_000 } },
      "apps/web/vite.config.ts",
    ],
  },
});
