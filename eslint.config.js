// Lint for the whole monorepo. The import-boundary rules encode DESIGN.md §2a and
// CONVENTIONS.md rule 1: dependencies flow one way and features never import each other.
import { readdirSync, existsSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";

const featuresDir = "apps/web/src/features";
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/** Web features whose every visible word is in the catalogues (issue 30); the rest are still English. */
const translatedFeatures = ["admin", "analytics", "auth", "billing", "customer-messages", "dashboard", "driver", "fleet", "history", "live-ops", "marketing", "notifications", "planner", "profile", "security", "security-dashboard", "settings", "shared-route", "team-analytics", "teams", "tracking", "usage"];

/** Builds a `@typescript-eslint/no-restricted-imports` rule from pattern groups. */
function restrict(patterns, paths = []) {
  return { "@typescript-eslint/no-restricted-imports": ["error", { patterns, paths }] };
}

const noRepoPackages = {
  group: ["@routepilot/*", "**/apps/**", "**/packages/**"],
  message: "This package imports nothing from the rest of the repository (DESIGN.md §2a).",
};
const webPackages = [
  { group: ["@routepilot/db", "@routepilot/solver", "@routepilot/geo"], message: "The web app imports only @routepilot/contracts (DESIGN.md §2a)." },
  { group: ["@routepilot/server", "@routepilot/server/*", "**/apps/server/**"], allowTypeImports: true, message: "The web app may import only types from the server." },
];
const webDeepRelative = {
  group: ["../../*"],
  message: "Reach outside your folder through the @/ alias so the boundary rules can see it.",
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "packages/db/migrations/**",
      ".tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // One formatting layer (issue 28): whatever a person reads is formatted by a `Formatter`
  // (packages/contracts/src/format.ts; the web app's useFormat(), the server's formatterFor()),
  // never with a locale chosen on the spot. Tests, benchmarks and scripts print for developers.
  {
    files: ["apps/**/*.{ts,tsx}", "packages/contracts/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/e2e/**", "**/bench/**", "**/*.bench.ts", "**/scripts/**", "packages/contracts/src/format.ts", "apps/web/src/lib/format.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Format through the formatting layer (useFormat() in the web app, formatterFor() on the server): it follows the reader's language, time zone and unit.",
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/]",
          message: "Format through the formatting layer (useFormat() in the web app, formatterFor() on the server): it follows the reader's language, time zone and unit.",
        },
      ],
    },
  },
  // packages/solver and packages/contracts import nothing from the repository.
  { files: ["packages/solver/**/*.ts", "packages/contracts/**/*.ts"], rules: restrict([noRepoPackages]) },
  // packages/geo: no database, no apps.
  {
    files: ["packages/geo/**/*.ts"],
    rules: restrict([
      { group: ["@routepilot/db", "@routepilot/solver", "@routepilot/server", "@routepilot/web", "**/apps/**"], message: "geo has no database and no app imports (DESIGN.md §2a)." },
    ]),
  },
  // packages/db: may use contracts only.
  {
    files: ["packages/db/**/*.ts"],
    rules: restrict([
      { group: ["@routepilot/solver", "@routepilot/geo", "@routepilot/server", "@routepilot/web", "**/apps/**"], message: "db imports only contracts (DESIGN.md §2a)." },
    ]),
  },
  // apps/server: never the web app.
  {
    files: ["apps/server/**/*.ts"],
    rules: restrict([{ group: ["@routepilot/web", "**/apps/web/**"], message: "The server never imports the web app." }]),
  },
  // apps/server: files one can hold in one's head (issue 29). Split by reason to change, not by line count.
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/test/**"],
    rules: { "max-lines": ["error", { max: 600 }] },
  },
  // apps/web: words a user sees come from the catalogues (decision 028, issue 30). JSX text and the
  // visible attributes (aria-label, title, placeholder, alt, label) may not be literals; values,
  // keys, identifiers, punctuation and product names may. Features join as they are translated.
  {
    files: [
      "apps/web/src/app/**/*.tsx",
      "apps/web/src/components/**/*.tsx",
      ...translatedFeatures.map((feature) => `apps/web/src/features/${feature}/**/*.tsx`),
    ],
    ignores: ["**/*.test.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": { include: ["aria-label", "aria-description", "title", "placeholder", "alt", "label", "description"] },
          // Arguments of calls and object properties inside JSX are code (keys, field names), not words.
          callees: { exclude: [".*"] },
          "object-properties": { exclude: [".*"] },
          words: {
            exclude: [
              "[0-9!-/:-@[-`{-~]+", // numbers and ASCII punctuation
              "^[\\s·•–—…/|()●○→←✓✗]+$", // separators and symbols
              "[A-Z_-]+", // constants and codes
              "^[a-z]+$", // a value ("km", "miles")
              "^[a-z]+[A-Z][A-Za-z]*$", // an identifier
              "^[a-z-]+(\\.[a-zA-Z0-9_-]+)+$", // a catalogue key
              "^(RoutePilot|Google Maps|Apple Maps|Waze|OpenStreetMap|Stripe|GPX|CSV)$", // names
            ],
          },
        },
      ],
    },
  },
  // apps/web: contracts, and only types from the server.
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    rules: restrict([...webPackages, webDeepRelative]),
  },
  // Shared components and lib never import features or the app composition root.
  {
    files: ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    rules: restrict([
      ...webPackages,
      { group: ["@/features/*", "@/features/**", "@/app/*", "@/app/**"], message: "Shared code never imports features or the app (CONVENTIONS.md rule 1)." },
      webDeepRelative,
    ]),
  },
  // A feature never imports another feature; only src/app composes them.
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      ...webPackages,
      {
        group: ["@/features/*", "@/features/**", `!@/features/${feature}`, `!@/features/${feature}/**`],
        message: "Features never import other features; compose them in src/app (CONVENTIONS.md rule 1).",
      },
      { group: ["@/app/*", "@/app/**"], message: "Features never import the app composition root." },
      webDeepRelative,
    ]),
  })),
);
