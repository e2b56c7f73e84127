// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the server in this process (TypeScript through tsx) so signals reach it directly.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`RoutePilot needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}
if (existsSync(".env") && typeof process.loadEnvFile === "function") process.loadEnvFile(".env");

/** Newest modification time of any file under the given paths. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    if (info.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "node_modules" && entry !== "dist") visit(path.join(p, entry));
    } else latest = Math.max(latest, info.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const dist = path.join(root, "apps/web/dist/index.html");
const sources = ["apps/web/src", "apps/web/index.html", "apps/web/public", "apps/web/vite.config.ts", "packages/contracts/src"];
if (!process.env.WEB_DIST_DIR && (!existsSync(dist) || statSync(dist).mtimeMs < newest(sources))) {
  console.log("Building the web app (first run or sources changed)…");
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: path.join(root, "apps/web"), stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The web build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

const { register } = await import("tsx/esm/api");
register();
await import("../apps/server/src/index.ts");
