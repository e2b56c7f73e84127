// `npm run bench:startup [-- --rebuild]`: time from `npm start` (scripts/start.mjs) to a healthy
// /api/health on a fresh embedded database; --rebuild deletes the web build first (first run).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rebuild = process.argv.includes("--rebuild");
if (rebuild) rmSync(path.join(root, "apps/web/dist"), { recursive: true, force: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "rp-bench-start-"));
const port = 3900 + Math.floor(Math.random() * 90);

async function run(label) {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - started;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  console.log(`${label.padEnd(40)} ${(ms / 1000).toFixed(1)} s`);
}

try {
  await run(rebuild ? "first start (web build + new database)" : "start (new database)");
  await run("restart (existing database)");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
