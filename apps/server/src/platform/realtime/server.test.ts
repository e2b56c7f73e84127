import type { Server as HttpServer } from "node:http";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/harness";
import { KEEP_ALIVE_TIMEOUT_MS, startServer } from "./server";

it("keeps an idle connection open longer than clients and proxies reuse one (60 s), so a reused socket is never reset", async () => {
  const t = await createTestApp();
  const running = await startServer(t, { port: 0, hostname: "127.0.0.1" });
  try {
    const http = running.server as HttpServer;
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(http.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(http.headersTimeout).toBeGreaterThan(http.keepAliveTimeout);
    const res = await fetch(`http://127.0.0.1:${running.port}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  } finally {
    await new Promise((resolve) => {
      running.server.close(resolve);
      (running.server as HttpServer).closeIdleConnections();
    });
    await t.close();
  }
});
