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
