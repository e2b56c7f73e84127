import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Durability (issue 13 "Proof in CI"): the real server (node + tsx, as scripts/e2e.mjs starts it)
 * on the embedded database with a DATA_DIR on disk, a stream of authenticated writes, kill -9 at
 * a random moment, a restart on the same DATA_DIR: every write the server acknowledged (2xx) is
 * there, three times over.
 */

const root = fileURLToPath(new URL("../../../../../", import.meta.url));
const KILLS = 3;
const IN_FLIGHT = 4;
/** Writes per round at most (a user keeps at most 500 saved locations). */
const PER_ROUND = 150;
/** Seeded, so a failing run can be repeated: DURABILITY_SEED=… */
let seed = Number(process.env.DURABILITY_SEED ?? 1013);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const dataDir = mkdtempSync(path.join(tmpdir(), "routepilot-durability-"));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<{ base: string; output: () => string }> {
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      RATE_LIMITS: "off",
      AUTH_RATE_LIMIT: "false",
      GLOBAL_RATE_LIMIT: "false",
      API_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
    },
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<never>((_, reject) => child!.once("exit", (code) => reject(new Error(`server exited (${code}) while starting:\n${output}`))));
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 60_000) throw new Error(`server did not answer /api/health in 60 s:\n${output}`);
    const ok = await Promise.race([
      fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ok) return { base, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
}

function kill9(): Promise<void> {
  return new Promise((resolve) => {
    const c = child!;
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once("exit", () => resolve());
    c.kill("SIGKILL");
  });
}

const headers = (base: string, cookie?: string) => ({ "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) });

describe("durability: kill -9 during writes on the embedded database", () => {
  it(`keeps every acknowledged write across ${KILLS} kills`, async () => {
    const port = await freePort();
    let { base } = await start(port);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: headers(base),
      body: JSON.stringify({ email: "durable@example.com", password: "Str0ng!Pass", name: "Durable" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const acknowledged: string[] = [];
    let n = 0;
    for (let round = 1; round <= KILLS; round++) {
      let stop = false;
      const last = n + PER_ROUND;
      const writer = async () => {
        while (!stop && n < last) {
          const name = `Place ${++n}`;
          try {
            const res = await fetch(`${base}/api/saved-locations`, { method: "POST", headers: headers(base, cookie), body: JSON.stringify({ name, address: `${n} Durable Road`, lat: 47.14, lng: 9.52 }) });
            if (res.status >= 200 && res.status < 300) acknowledged.push(name);
            else if (!stop) throw new Error(`write refused: ${res.status} ${await res.text()}`);
          } catch (error) {
            if (!stop) throw error;
          }
        }
      };
      const writers = Array.from({ length: IN_FLIGHT }, writer);
      // A random moment once writes are flowing: after 10 to 60 acknowledged writes of this round.
      const target = acknowledged.length + 10 + Math.floor(random() * 50);
      const waitedFrom = Date.now();
      while (acknowledged.length < target && n < last && Date.now() - waitedFrom < 20_000) await new Promise((r) => setTimeout(r, 5));
      stop = true;
      await kill9();
      await Promise.all(writers);

      ({ base } = await start(port));
      const res = await fetch(`${base}/api/saved-locations`, { headers: headers(base, cookie) });
      expect(res.status, "the session survives the kill too").toBe(200);
      const present = new Set(((await res.json()) as { locations: { name: string }[] }).locations.map((l) => l.name));
      const lost = acknowledged.filter((name) => !present.has(name));
      expect(lost, `round ${round}: acknowledged writes missing after kill -9`).toEqual([]);
    }
    console.log(`durability: ${acknowledged.length} acknowledged writes, ${acknowledged.length} present after ${KILLS} kills`);
    expect(acknowledged.length).toBeGreaterThan(KILLS);
    await kill9();
  }, 240_000);
});
