// Import rules for the server (apps/server/src) that eslint's path rules cannot express: no cycles,
// a base layer that imports nothing above it, and no test fixtures in production code (issue 29,
// CONVENTIONS.md rules 1 and 2). `npm run lint` runs it; `npx depcruise apps/server/src` alone
// prints the violations. Type-only imports count: a cycle through types is still a cycle a reader
// has to untangle.

/** Test code: tests, the shared test harness and worlds, fixtures, benchmarks. */
const testCode = [
  "\\.test\\.ts$",
  "^apps/server/src/test/",
  "fixtures",
  "(^|/)bench(/|\\.ts$)",
  "\\.bench\\.ts$",
];

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "No import cycles in the server: a cycle means two modules cannot be understood (or changed, or tested) one without the other. " +
        "Extract what both need into a third module, or make one of them receive the other as a dependency (lib/ports.ts).",
      severity: "error",
      from: { path: "^apps/server/src/" },
      to: { circular: true },
    },
    {
      name: "base-layer-imports-nothing-above",
      comment:
        "apps/server/src/lib is the base layer (errors, logger, configuration, request context, the ports of lib/ports.ts): " +
        "it imports no other folder of the server. Declare the interface you need in lib/ports.ts; the module implements it " +
        "and bootstrap.ts (the composition root) wires it. Tests of lib/ may use the test harness.",
      severity: "error",
      from: { path: "^apps/server/src/lib/", pathNot: testCode },
      to: { path: "^apps/server/src/", pathNot: "^apps/server/src/lib/" },
    },
    {
      name: "no-test-code-in-production",
      comment:
        "Production code imports no test code: fixtures live under test/ (or next to the tests that use them) and only tests import them.",
      severity: "error",
      from: { path: "^apps/server/src/", pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: "handlers-import-no-database",
      comment:
        "HTTP groups (modules/<m>/http/ and the shared http/ layer) are thin: they validate, call a use-case with c.get(\"deps\") and answer. " +
        "SQL, transactions and rules live in the module's use-cases and queries, which take the database as their first argument.",
      severity: "error",
      from: { path: "^apps/server/src/(modules/[^/]+/http|http)/", pathNot: testCode },
      to: { path: ["^drizzle-orm", "node_modules/drizzle-orm/", "^@routepilot/db", "^packages/db/"] },
    },
    {
      name: "use-cases-import-no-http",
      comment:
        "A module's use-cases, queries and presenters know nothing of HTTP: no hono, no HTTP group, no http/ middleware. " +
        "They receive plain values and dependencies; the HTTP group adapts the request to them.",
      severity: "error",
      from: { path: "^apps/server/src/(modules/[^/]+/(?!http/)|background/)", pathNot: testCode },
      to: { path: ["^hono", "^@hono/", "node_modules/hono/", "node_modules/@hono/", "^apps/server/src/modules/[^/]+/http/", "^apps/server/src/http/"] },
    },
    {
      name: "http-groups-do-not-import-each-other",
      comment:
        "A module's HTTP groups import no other module's HTTP group, and no handler imports another handler: what two groups share " +
        "is a use-case in a module or a helper in the shared http/ layer (http/team-params.ts) or lib/.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/http/", pathNot: testCode },
      to: { path: "^apps/server/src/modules/[^/]+/http/", pathNot: "^apps/server/src/modules/$1/http/" },
    },
    {
      name: "handlers-import-no-handlers",
      comment: "A handler file imports no other handler file (see http-groups-do-not-import-each-other).",
      severity: "error",
      from: { path: "\\.handlers\\.ts$" },
      to: { path: "\\.handlers\\.ts$" },
    },
    {
      name: "fixtures-live-in-test",
      comment: "Test fixtures live in apps/server/src/test/ (imported by tests only), never beside production code.",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "fixtures", pathNot: ["^apps/server/src/test/", "^packages/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    // Type-only imports are dependencies too (see above).
    tsPreCompilationDeps: true,
    // No tsConfig here: the server uses relative imports only, and dependency-cruiser 17 cannot
    // read a tsconfig that extends another one from the repository root.
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
    cache: false,
  },
};
