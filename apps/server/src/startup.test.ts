import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), "rp-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function start(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function healthy(url: string, child: ChildProcessWithoutNullStreams): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      if ((await fetch(`${url}/api/health`)).ok) return Date.now() - started;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("not healthy in 90 s");
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))));
}

describe("the server process", () => {
  it("refuses to start with a bad variable and names it", { timeout: 60_000 }, async () => {
    const { child, output } = start({ PORT: "eighty", DATA_DIR: dataDir });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain("PORT:");
  });

  it("a wrong OSM_EXTRACT path stops start-up with a message naming the variable, no stack trace", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const { child, output } = start({ PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, OSM_EXTRACT: "datasets/osm/no-such-extract.osm.pbf" });
    expect(await exited(child)).toBe(1);
    expect(output(), output()).toContain('OSM_EXTRACT: cannot read "datasets/osm/no-such-extract.osm.pbf"');
    expect(output()).toContain("no such file");
    expect(output()).not.toMatch(/ENOENT|\n\s+at /);
  });

  it("logs what the extract loaded: nodes, ways, addresses, places and seconds", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const extract = fileURLToPath(new URL("../../../datasets/osm/liechtenstein-2024-03-04.osm.pbf", import.meta.url));
    const server = start({ PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, OSM_EXTRACT: extract, ROUTING_PROVIDER: "osm" });
    await healthy(`http://127.0.0.1:${port}`, server.child);
    expect(server.output()).toMatch(/OSM extract loaded in [\d.]+ s: \d+ nodes, \d+ ways, \d+ addresses, \d+ streets, \d+ places/);
    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);
  });

  it("starts on the embedded database, finishes in-flight requests on SIGTERM, and keeps data across restarts", { timeout: 240_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, BASE_URL: url };

    const first = start(env);
    await healthy(url, first.child);
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: "keep@example.com", password: "Str0ng!Pass", name: "Keep" }),
    });
    expect(signUp.status).toBe(200);
    // The verification link is logged because no SMTP server is configured.
    expect(first.output()).toMatch(/verify-email\?token=/);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`${url}/api/health`);
    first.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toContain("database closed");

    const second = start(env);
    await healthy(url, second.child);
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: "keep@example.com", password: "Str0ng!Pass" }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });
});
