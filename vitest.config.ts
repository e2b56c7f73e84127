import { defineConfig } from "vitest/config";

/** One Vitest run over every workspace; each workspace is a named project. */
export default defineConfig({
  test: {
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
