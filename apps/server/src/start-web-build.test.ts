// `npm start` serves a production build of the web app whatever NODE_ENV says (issue 25), and the
// stamp beside the build (scripts/web-build.mjs) says when it must be made again.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STAMP_FILE, currentStamp, readStamp, repoRoot, staleReason } from "../../../scripts/web-build.mjs";
import { freePort } from "./test/server-process";

const work = mkdtempSync(path.join(tmpdir(), "rp-start-web-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the web build stamp", () => {
  /** A repository with one source file and a lock file, and a "build" of it stamped as made now. */
  function fakeRepo() {
    const root = mkdtempSync(path.join(work, "repo-"));
    mkdirSync(path.join(root, "apps/web/src"), { recursive: true });
    writeFileSync(path.join(root, "apps/web/src/main.tsx"), "export const a = 1;\n");
    writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
    const outDir = path.join(root, "apps/web/dist");
    return { root, outDir };
  }
  function stampBuild(outDir: string, stamp: object) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "index.html"), "<!doctype html>");
    writeFileSync(path.join(outDir, STAMP_FILE), JSON.stringify(stamp));
  }

  it("asks for a build when there is none, or one without a stamp (made by another command)", () => {
    const { root, outDir } = fakeRepo();
    const now = currentStamp({ root, env: {} });
    expect(staleReason(outDir, now)).toBe("no build yet");
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "index.html"), "<!doctype html>");
    expect(staleReason(outDir, now)).toMatch(/no stamp/);
    stampBuild(outDir, now);
    expect(staleReason(outDir, now)).toBeNull();
    expect(readStamp(outDir)).toMatchObject({ mode: "production" });
  });

  it("asks again when the build's mode, the sources, the lock file or the VITE_ variables differ", () => {
    const { root, outDir } = fakeRepo();
    const made = currentStamp({ root, env: { VITE_TILE_URL: "none", NODE_ENV: "development" } });
    stampBuild(outDir, { ...made, mode: "development" });
    expect(staleReason(outDir, made)).toBe("the build was made in development mode");

    stampBuild(outDir, made);
    // NODE_ENV is not part of what the build is made from: it is always a production build.
    expect(staleReason(outDir, currentStamp({ root, env: { VITE_TILE_URL: "none", NODE_ENV: "production" } }))).toBeNull();
    expect(staleReason(outDir, currentStamp({ root, env: { VITE_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png" } }))).toBe("the VITE_ variables changed");

    writeFileSync(path.join(root, "apps/web/src/main.tsx"), "export const a = 2;\n");
    expect(staleReason(outDir, currentStamp({ root, env: { VITE_TILE_URL: "none" } }))).toBe("the sources changed");
    writeFileSync(path.join(root, "apps/web/src/main.tsx"), "export const a = 1;\n");
    writeFileSync(path.join(root, "apps/web/src/new-file.ts"), "");
    expect(staleReason(outDir, currentStamp({ root, env: { VITE_TILE_URL: "none" } }))).toBe("the sources changed");
    rmSync(path.join(root, "apps/web/src/new-file.ts"));
    expect(staleReason(outDir, currentStamp({ root, env: { VITE_TILE_URL: "none" } }))).toBeNull();

    writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3,"packages":{}}\n');
    expect(staleReason(outDir, currentStamp({ root, env: { VITE_TILE_URL: "none" } }))).toBe("package-lock.json changed");
  });
});

function startScript(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: repoRoot, env: { ...process.env, ...env } });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function healthy(base: string, proc: { child: ChildProcessWithoutNullStreams; output: () => string }, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`npm start exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // building, or not listening yet
    }
    if (Date.now() > deadline) throw new Error(`npm start not healthy in ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

// It runs on the embedded database whatever the pass: CI's second pass on a PostgreSQL server
// (TEST_DATABASE_URL) would only build the same web app again.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm start (scripts/start.mjs)", () => {
  // One production build of the web app (15–60 s on a busy two-core machine), then two starts.
  it("serves a production build with a service worker when NODE_ENV=development, and does not build it again", { timeout: 420_000 }, async () => {
    const webDist = path.join(work, "web");
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: "development",
      WEB_DIST_DIR: webDist,
      DATA_DIR: path.join(work, "data"),
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      DATABASE_URL: "",
      SMTP_URL: "",
      OSM_EXTRACT: "",
      LOG_LEVEL: "warn",
    };

    const first = startScript(env);
    try {
      await healthy(base, first, 360_000);
      expect(first.output()).toContain("Building the web app in production mode (no build yet)");
      expect(readStamp(webDist)).toMatchObject({ mode: "production", lockfile: currentStamp().lockfile, builtAt: expect.any(String) });

      // The page's modules (its entry and what it preloads) are React's production build.
      const html = await (await fetch(`${base}/driver`)).text();
      const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      const code = (await Promise.all(scripts.map(async (src) => (await fetch(`${base}${src}`)).text()))).join("\n");
      for (const marker of ["jsxDEV", "react-dom.development", "react-refresh", "$RefreshReg$"]) expect(code, marker).not.toContain(marker);
      // React's production build links its minified errors to react.dev/errors.
      expect(code).toContain("react.dev/errors");
      // The files on disk agree: no chunk was built for development.
      const served = readFileSync(path.join(webDist, scripts[0]!), "utf8");
      expect(served).not.toContain("jsxDEV");

      const sw = await fetch(`${base}/sw.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get("content-type")).toMatch(/javascript/);
      expect(await sw.text()).toMatch(/precache/i);
    } finally {
      await stop(first.child);
    }

    // A second start with nothing changed serves the same build. (Unless someone edited a source
    // during the build: then it is rightly made again, and that is what the log says.)
    const unchanged = staleReason(webDist, currentStamp()) === null;
    const second = startScript(env);
    try {
      await healthy(base, second, 240_000);
      if (unchanged) expect(second.output()).not.toContain("Building the web app");
      else expect(second.output()).toContain("Building the web app in production mode (the sources changed)");
      expect((await fetch(`${base}/sw.js`)).status).toBe(200);
    } finally {
      await stop(second.child);
    }
  });
});
