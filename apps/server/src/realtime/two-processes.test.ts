import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { cookieFrom, PASSWORD } from "../test/harness";

/**
 * Issue 10's scale-out proof: two real server processes on one PostgreSQL database; an
 * invitation created through process A reaches the invitee's WebSocket held by process B within
 * 2 s (LISTEN/NOTIFY). Runs when TEST_DATABASE_URL names a PostgreSQL server (CI's second pass).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const SECRET = randomBytes(32).toString("base64url");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** `node --import tsx apps/server/src/index.ts` on its own port and data folder; resolves once /api/health answers. */
async function startProcess(databaseUrl: string, dataDir: string): Promise<Proc> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: SECRET,
      BASE_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT: "false",
      LOG_LEVEL: "warn",
      // Mail goes to the outbox table; no extract, no external services.
      SMTP_URL: "",
      OSM_EXTRACT: "",
      ADMIN_EMAILS: "",
      TRUSTED_ORIGINS: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, output: () => output };
}

async function stopProcess(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A JSON request as a browser on `base` makes it. */
async function call(base: string, pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: base };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${base}${pathname}`, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function signUp(base: string, email: string): Promise<{ cookie: string; userId: string }> {
  const res = await call(base, "/api/auth/sign-up/email", { body: { email, password: PASSWORD, name: email.split("@")[0] } });
  expect(res.status, await res.clone().text()).toBe(200);
  return { cookie: cookieFrom(res), userId: ((await res.json()) as { user: { id: string } }).user.id };
}

describe.skipIf(!serverUrl)("two server processes on one PostgreSQL database", () => {
  const name = `rp_two_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rp-two-"));
  let a: Proc | undefined;
  let b: Proc | undefined;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // One after the other: the first applies the migrations.
    a = await startProcess(url.toString(), path.join(dataDir, "a"));
    b = await startProcess(url.toString(), path.join(dataDir, "b"));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("an invitation created through process A reaches the invitee's WebSocket on process B within 2 s", async () => {
    const A = a!.base;
    const B = b!.base;
    // The first account of an instance is its super admin: it puts itself on Enterprise (teams access).
    const owner = await signUp(A, "owner@two-processes.example");
    const plan = await call(A, `/api/admin/users/${owner.userId}/plan`, { method: "PATCH", cookie: owner.cookie, body: { tier: "enterprise" } });
    expect(plan.status, await plan.clone().text()).toBe(200);
    const team = await call(A, "/api/teams", { cookie: owner.cookie, body: { name: "Scale-out" } });
    expect(team.status, await team.clone().text()).toBe(201);
    const teamId = ((await team.json()) as { id: string }).id;
    const invitee = await signUp(A, "invitee@two-processes.example");

    // The invitee's socket is on process B (the session cookie works on either: one database, one secret).
    const socket = new WebSocket(`${B.replace("http", "ws")}/api/realtime`, { headers: { origin: B, cookie: invitee.cookie } });
    const messages: { topic: string; type: string; data: unknown; at: number }[] = [];
    socket.on("message", (raw) => messages.push({ ...(JSON.parse(String(raw)) as { topic: string; type: string; data: unknown }), at: performance.now() }));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    const until = async (match: () => boolean, ms: number) => {
      const end = performance.now() + ms;
      while (!match() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
      return match();
    };
    expect(await until(() => messages.some((m) => m.topic === "system" && m.type === "ready"), 5000)).toBe(true);

    const sent = performance.now();
    const invite = await call(A, `/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: "invitee@two-processes.example", role: "member" } });
    const answered = performance.now();
    expect(invite.status, await invite.clone().text()).toBe(201);
    const arrived = await until(() => messages.some((m) => m.topic === "invitations"), 2000 - (answered - sent));
    const received = messages.find((m) => m.topic === "invitations");
    socket.close();
    expect(arrived, `messages on B: ${JSON.stringify(messages)}\nA:\n${a!.output()}\nB:\n${b!.output()}`).toBe(true);
    expect(received).toMatchObject({ topic: "invitations", type: "created", data: { teamId } });
    const latency = received!.at - sent;
    console.log(`two processes: invitation POST on A → message on B's socket in ${latency.toFixed(1)} ms (request answered after ${(answered - sent).toFixed(1)} ms)`);
    expect(latency).toBeLessThan(2000);
  }, 60_000);
});
