import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, type ClientOptions } from "ws";
import { BASE, createTestApp, type TestApp } from "../../test/harness";
import { startServer, type RunningServer } from "./server";
import { SESSION_ENDED_CLOSE_CODE } from "./hub";

interface Received {
  topic: string;
  type: string;
  data: unknown;
}

/** A WebSocket client that records every message and how it closed. */
function connect(port: number, headers: Record<string, string>, options: ClientOptions = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers, ...options });
  const messages: Received[] = [];
  const waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as Received;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on("close", (code) => resolve({ code })));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const next = (match: (m: Received) => boolean, timeoutMs = 5000) =>
    new Promise<Received>((resolve, reject) => {
      const found = messages.find(match);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error("no such message in time")), timeoutMs);
      waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  return { socket, messages, opened, closed, next };
}

/** The handshake's HTTP answer when the server refuses to upgrade. */
function refusedStatus(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
    socket.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => reject(new Error("the socket opened")));
    socket.on("error", () => {});
  });
}

async function plainGet(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/realtime`, { headers });
  return { status: res.status, body: await res.text() };
}

describe("GET /api/realtime", () => {
  let t: TestApp;
  let running: RunningServer;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  const origin = BASE;

  beforeAll(async () => {
    // A short heartbeat so that missed pongs and ended sessions show within a test.
    t = await createTestApp({ REALTIME_HEARTBEAT_MS: "150" });
    running = await startServer(t, { port: 0, hostname: "127.0.0.1" });
    alice = await t.signUp("rt-alice@example.com");
    bob = await t.signUp("rt-bob@example.com");
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => running.server.close(resolve));
  });

  it("refuses the handshake without a session (401), from a foreign origin (403) and says so for a plain GET", async () => {
    expect(await refusedStatus(running.port, { origin })).toBe(401);
    expect(await refusedStatus(running.port, { origin, cookie: "better-auth.session_token=forged.value" })).toBe(401);
    expect(await refusedStatus(running.port, { origin: "https://evil.example", cookie: alice.cookie })).toBe(403);
    const plain = await plainGet(running.port, { origin, cookie: alice.cookie });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.body)).toEqual({ error: { code: "VALIDATION_ERROR", message: "Connect with a WebSocket (Upgrade: websocket)" } });
    expect((await plainGet(running.port, { origin })).status).toBe(401);
    expect(t.deps.sockets.count()).toBe(0);
  });

  it("opens with the session cookie (same origin, or no Origin from a non-browser client) and says ready", async () => {
    const a = connect(running.port, { origin, cookie: alice.cookie });
    await a.opened;
    expect(await a.next((m) => m.topic === "system")).toEqual({ topic: "system", type: "ready", data: { userId: alice.userId } });
    const b = connect(running.port, { cookie: alice.cookie });
    await b.opened;
    await b.next((m) => m.type === "ready");
    expect(t.deps.sockets.count(alice.userId)).toBe(2);
    a.socket.close();
    b.socket.close();
    await Promise.all([a.closed, b.closed]);
  });

  it("delivers a message to every socket of the named users and to nobody else", async () => {
    const a1 = connect(running.port, { origin, cookie: alice.cookie });
    const a2 = connect(running.port, { origin, cookie: alice.cookie });
    const b = connect(running.port, { origin, cookie: bob.cookie });
    await Promise.all([a1.opened, a2.opened, b.opened]);
    await Promise.all([a1, a2, b].map((s) => s.next((m) => m.type === "ready")));

    await t.deps.realtime.publish({ userIds: [alice.userId], message: { topic: "notifications", type: "created", data: { id: "n1" } } });
    const expected = { topic: "notifications", type: "created", data: { id: "n1" } };
    expect(await a1.next((m) => m.topic === "notifications")).toEqual(expected);
    expect(await a2.next((m) => m.topic === "notifications")).toEqual(expected);
    // A message for bob afterwards arrives; alice's never reached him.
    await t.deps.realtime.publish({ userIds: [bob.userId], message: { topic: "invitations", type: "created", data: { id: "i1" } } });
    await b.next((m) => m.topic === "invitations");
    expect(b.messages.map((m) => m.topic)).toEqual(["system", "invitations"]);
    expect(a1.messages.map((m) => m.topic)).toEqual(["system", "notifications"]);
    for (const s of [a1, a2, b]) s.socket.close();
    await Promise.all([a1.closed, a2.closed, b.closed]);
  });

  it("terminates a socket that stops answering pings", async () => {
    const silent = connect(running.port, { origin, cookie: bob.cookie }, { autoPong: false });
    await silent.opened;
    await silent.next((m) => m.type === "ready");
    const { code } = await silent.closed;
    // Terminated without a closing handshake.
    expect(code).toBe(1006);
    expect(t.deps.sockets.count(bob.userId)).toBe(0);
  });

  it("closes the socket with 4401 once its session is signed out, and keeps answering sockets of other sessions", async () => {
    const signIn = await t.signIn("rt-alice@example.com");
    const second = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const ended = connect(running.port, { origin, cookie: second });
    const kept = connect(running.port, { origin, cookie: alice.cookie });
    await Promise.all([ended.opened, kept.opened]);
    await Promise.all([ended.next((m) => m.type === "ready"), kept.next((m) => m.type === "ready")]);

    const out = await t.call("/api/auth/sign-out", { method: "POST", cookie: second, body: {} });
    expect(out.status).toBe(200);
    expect((await ended.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    // Several heartbeats later the other session's socket is still open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.close();
    await kept.closed;
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await (await t.call("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths["/api/realtime"]?.get?.responses ?? {})).toEqual(expect.arrayContaining(["101", "401", "403"]));
  });

  it("closes open sockets with 1001 when the process shuts its hub down", async () => {
    const other = await createTestApp();
    const server = await startServer(other, { port: 0, hostname: "127.0.0.1" });
    const user = await other.signUp("rt-shutdown@example.com");
    const s = connect(server.port, { origin, cookie: user.cookie });
    await s.opened;
    await s.next((m) => m.type === "ready");
    other.deps.sockets.close();
    expect((await s.closed).code).toBe(1001);
    await new Promise((resolve) => server.server.close(resolve));
    await other.close();
  });
});
