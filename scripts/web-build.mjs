// The web app's production build, one function for `npm start` (scripts/start.mjs), `npm run build`
// and the end-to-end runs (scripts/e2e.mjs). Run directly (`node scripts/web-build.mjs`) it builds
// at once into WEB_DIST_DIR or apps/web/dist.
//
// Why (issue 25): `vite build` makes a *development* bundle when NODE_ENV=development is in the
// environment (as .env.example and a shell may set it): React's development build, StrictMode's
// double effects and no service worker. So the build is always run with `--mode production` and
// NODE_ENV=production, whatever the environment or .env say, and a stamp written beside the build
// (<outDir>/.build-stamp.json) records what it was made from; a build whose mode, sources, lock file
// or VITE_* variables differ from now, or that has no stamp, is made again.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file's parent folder). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The file beside the build that says what it was made from. */
export const STAMP_FILE = ".build-stamp.json";

/** The only mode `npm start` serves. */
export const BUILD_MODE = "production";

/** Bumped when the stamp's meaning changes, so every older build is made again. */
const STAMP_VERSION = 1;

/**
 * What the web build is made from, relative to the repository root (folders are read recursively,
 * skipping node_modules and dist). The web app imports only @routepilot/contracts from the
 * repository (DESIGN.md §2a); Vite reads the .env files of apps/web.
 */
export const WEB_BUILD_INPUTS = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/tsconfig.json",
  "apps/web/package.json",
  "apps/web/.env",
  "apps/web/.env.local",
  "apps/web/.env.production",
  "apps/web/.env.production.local",
  "packages/contracts/src",
  "packages/contracts/package.json",
  "packages/contracts/tsconfig.json",
];

/** Where `npm start` builds to and the server serves from when WEB_DIST_DIR is not set. */
export function defaultWebOutDir(root = repoRoot) {
  return path.join(root, "apps/web/dist");
}

const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/** Every file under `rel` (a file or a folder), as sorted paths relative to `root`. */
function filesUnder(root, rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  const out = [];
  const visit = (dir, relDir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const relPath = `${relDir}/${entry.name}`;
      if (entry.isDirectory()) visit(path.join(dir, entry.name), relPath);
      else if (entry.isFile()) out.push(relPath);
    }
  };
  if (statSync(abs).isDirectory()) visit(abs, rel);
  else out.push(rel);
  return out.sort();
}

/**
 * A hash of the build's inputs: each file's path and contents (contents, not modification times, so
 * a checkout or a copy that touches every file does not force a rebuild, and an edit always does).
 */
export function hashSources(root = repoRoot) {
  const hash = createHash("sha256");
  for (const rel of WEB_BUILD_INPUTS) {
    for (const file of filesUnder(root, rel)) hash.update(`${file}\0${sha256(readFileSync(path.join(root, file)))}\n`);
  }
  return hash.digest("hex");
}

/** A hash of package-lock.json ("none" without one): new dependencies make a new build. */
export function hashLockfile(root = repoRoot) {
  const lock = path.join(root, "package-lock.json");
  return existsSync(lock) ? sha256(readFileSync(lock)) : "none";
}

/** A hash of the VITE_* variables (VITE_TILE_URL…): Vite writes them into the bundle at build time. */
export function hashViteEnv(env = process.env) {
  const entries = Object.keys(env)
    .filter((k) => k.startsWith("VITE_"))
    .sort()
    .map((k) => `${k}=${env[k] ?? ""}`);
  return sha256(entries.join("\n"));
}

/** The stamp a build made now would carry. */
export function currentStamp({ root = repoRoot, env = process.env } = {}) {
  return { version: STAMP_VERSION, mode: BUILD_MODE, sources: hashSources(root), lockfile: hashLockfile(root), viteEnv: hashViteEnv(env) };
}

/** The stamp of the build in `outDir`, or null when there is none (or it cannot be read). */
export function readStamp(outDir) {
  try {
    return JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), "utf8"));
  } catch {
    return null;
  }
}

/** Why the build in `outDir` must be made again for `expected`, or null when it is current. */
export function staleReason(outDir, expected) {
  if (!existsSync(path.join(outDir, "index.html"))) return "no build yet";
  const stamp = readStamp(outDir);
  if (!stamp) return "the build has no stamp (made by another command, perhaps in development mode)";
  if (stamp.version !== expected.version) return "the build stamp is of an older format";
  if (stamp.mode !== expected.mode) return `the build was made in ${String(stamp.mode)} mode`;
  if (stamp.lockfile !== expected.lockfile) return "package-lock.json changed";
  if (stamp.sources !== expected.sources) return "the sources changed";
  if (stamp.viteEnv !== expected.viteEnv) return "the VITE_ variables changed";
  return null;
}

/**
 * The build's environment: NODE_ENV=production (it decides React's build and import.meta.env.PROD;
 * `--mode` alone does not), and without Vitest's variables (vite.config.ts leaves the service
 * worker out under Vitest, and a test that runs `npm start` passes them on).
 */
function buildEnv(env) {
  const out = Object.fromEntries(Object.entries(env).filter(([key]) => key !== "VITEST" && !key.startsWith("VITEST_")));
  return { ...out, NODE_ENV: "production" };
}

/** Vite's command-line script, as the web workspace resolves it. */
function viteBin(root) {
  const require = createRequire(path.join(root, "apps/web/package.json"));
  const pkgPath = require.resolve("vite/package.json");
  const bin = JSON.parse(readFileSync(pkgPath, "utf8")).bin;
  return path.join(path.dirname(pkgPath), typeof bin === "string" ? bin : bin.vite);
}

/**
 * Builds the web app in production mode into `outDir` (emptied first) and writes its stamp, which
 * is computed before the build so a file edited during it makes the next check rebuild. Returns
 * the exit status of `vite build` (0 on success; no stamp is written otherwise).
 */
export function buildWebApp({ outDir = defaultWebOutDir(), root = repoRoot, env = process.env, logLevel = "warn" } = {}) {
  const stamp = currentStamp({ root, env });
  rmSync(path.join(outDir, STAMP_FILE), { force: true });
  const result = spawnSync(process.execPath, [viteBin(root), "build", "--mode", BUILD_MODE, "--outDir", outDir, "--emptyOutDir", "--logLevel", logLevel], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
    env: buildEnv(env),
  });
  const status = result.status ?? 1;
  if (status === 0) writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify({ ...stamp, builtAt: new Date().toISOString() }, null, 2)}\n`);
  return status;
}

/**
 * Makes sure `outDir` holds a current production build: builds when it is missing or stale (or
 * when `force`), and says why. Returns `{ built, reason, status }`; status is vite's exit status
 * (0 when nothing had to be built).
 */
export function ensureWebBuild({ outDir = defaultWebOutDir(), root = repoRoot, env = process.env, force = false, log = console.log, logLevel = "warn" } = {}) {
  const reason = force ? "asked to" : staleReason(outDir, currentStamp({ root, env }));
  if (reason === null) return { built: false, reason: null, status: 0 };
  log(`Building the web app in production mode (${reason})…`);
  const status = buildWebApp({ outDir, root, env, logLevel });
  return { built: status === 0, reason, status };
}

// `node scripts/web-build.mjs` (npm run build): always builds, into WEB_DIST_DIR or apps/web/dist.
// (Compared as real paths: Node resolves symbolic links in import.meta.url, not in argv.)
if (process.argv[1] && existsSync(process.argv[1]) && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : defaultWebOutDir();
  const { status } = ensureWebBuild({ outDir, force: true, logLevel: "info" });
  if (status !== 0) console.error("The web build failed; see the messages above.");
  process.exit(status);
}
