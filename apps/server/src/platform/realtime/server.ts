import { serve, type ServerType } from "@hono/node-server";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { Runtime } from "../../bootstrap";

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than what
 * HTTP clients and proxies reuse a connection after (Playwright's request context, load
 * balancers: 60 s), so a request sent just as the server closed its idle socket failed with
 * ECONNRESET (seen once in CI, issue 29). The server now outlasts them; shutdown still closes idle
 * connections at once (index.ts).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Largest message a client may send (it never needs to: the channel is server → client). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

export interface RunningServer {
  server: ServerType;
  port: number;
}

/**
 * Serves the app over HTTP on `port` (0: any free port) with WebSocket upgrades for
 * /api/realtime. Resolves once listening.
 */
export function startServer(runtime: Runtime, options: { port: number; hostname?: string }): Promise<RunningServer> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: runtime.app.fetch, port: options.port, hostname: options.hostname, websocket: { server: wss } }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    const http = server as HttpServer;
    http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Must exceed keepAliveTimeout, or a request's headers on a reused socket can be cut off.
    http.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    server.once("error", reject);
  });
}
