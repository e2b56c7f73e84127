import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { Runtime } from "../../bootstrap";

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
    server.once("error", reject);
  });
}
