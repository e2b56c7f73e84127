import { createRoute } from "@hono/zod-openapi";
import { upgradeWebSocket } from "@hono/node-server";
import type { Handler } from "hono";
import type { WebSocket } from "ws";
import type { AppContext, AppEnv } from "../../lib/context";
import { ForbiddenError, UnauthenticatedError, ValidationError } from "../../lib/errors";
import { jsonError } from "../../lib/openapi";

export const REALTIME_PATH = "/api/realtime";

/** OpenAPI entry: documents the handshake (the socket itself is described in docs/decisions/009-realtime.md). */
export const realtimeRoute = createRoute({
  method: "get",
  path: REALTIME_PATH,
  tags: ["Realtime"],
  summary: "Upgrades to a WebSocket of server → client messages `{ topic, type, data }` for the signed-in user",
  description:
    "Send `Upgrade: websocket` with the session cookie. The first message is `{ topic: \"system\", type: \"ready\", data: { userId } }`; " +
    "then `notifications`, `invitations` and `team:{id}` messages. The server pings every 30 s and closes the socket with code 4401 once the session has ended. " +
    "A refused handshake is a plain HTTP status without a body.",
  responses: {
    101: { description: "Switching Protocols: the WebSocket is open" },
    400: jsonError("Not a WebSocket handshake (no `Upgrade: websocket`)"),
    401: jsonError("Not signed in: no upgrade"),
    403: jsonError("The Origin is not this site's or a trusted one: no upgrade"),
  },
});

/**
 * GET /api/realtime: checks the Origin (a browser on another site must not open a socket with the
 * user's cookie) and the session (loaded by the session middleware), then hands the socket to the
 * process's hub. `selfOrigin` is the origin the request was sent to, as for Better Auth.
 */
export function realtimeHandler(selfOrigin: (c: AppContext) => string | undefined): Handler<AppEnv> {
  return async (c) => {
    const deps = c.get("deps");
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      const trusted = new Set([deps.baseUrl, ...deps.env.TRUSTED_ORIGINS, selfOrigin(c)].filter(Boolean).map((o) => o!.replace(/\/$/, "").toLowerCase()));
      if (!trusted.has(origin.replace(/\/$/, "").toLowerCase())) throw new ForbiddenError("This origin may not open a realtime connection");
    }
    const user = c.get("user");
    const sessionId = c.get("sessionId");
    if (!user || !sessionId) throw new UnauthenticatedError();
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ValidationError("Connect with a WebSocket (Upgrade: websocket)");
    return upgradeWebSocket(c, {
      onOpen: (_event, ws) => deps.sockets.add(ws.raw as WebSocket, { userId: user.id, sessionId }),
    });
  };
}
