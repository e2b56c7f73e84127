// `npm start`: builds the web app (in production mode) when its build is missing or stale, then
// runs the server in this process (TypeScript through tsx) so signals reach it directly.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultWebOutDir, ensureWebBuild, readStamp } from "./web-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`RoutePilot needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}
if (existsSync(".env") && typeof process.loadEnvFile === "function") process.loadEnvFile(".env");

// The web build is always a production one, made again when its mode, the sources, the lock file
// or the VITE_* variables changed (scripts/web-build.mjs; issue 25). NODE_ENV, here or in .env,
// sets the server's mode only. A WEB_DIST_DIR holding a build made elsewhere (no stamp) is served
// as it is; an empty or missing one, or one this script built, is kept current like apps/web/dist.
const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : defaultWebOutDir(root);
if (process.env.WEB_DIST_DIR && existsSync(path.join(outDir, "index.html")) && readStamp(outDir) === null) {
  console.log(`Serving the web build in WEB_DIST_DIR as it is (${outDir}).`);
} else if (ensureWebBuild({ outDir, root }).status !== 0) {
  console.error("The web build failed; see the messages above.");
  process.exit(1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../apps/server/src/index.ts");
