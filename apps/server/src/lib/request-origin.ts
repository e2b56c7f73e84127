import { clientIp } from "./client-ip";
import { requireUser, type AppContext } from "./context";

/** Where a request came from: what an audit row records about it (SPEC §3 userAgent, ipAddress, sessionId). */
export interface RequestOrigin {
  userAgent: string | null;
  ipAddress: string | null;
  sessionId: string | null;
}

/** No request behind the event (a job, a webhook, a script). */
export const NO_ORIGIN: RequestOrigin = { userAgent: null, ipAddress: null, sessionId: null };

/**
 * The client address as the HTTP layer saw it (the socket, or the hop a trusted proxy appended),
 * handed to Better Auth in this header: its hooks see only the request's headers (app.ts sets it).
 */
export const CLIENT_IP_HEADER = "x-routepilot-client-ip";

/** The request's user agent, client address and session, for the audit rows a handler's service writes. */
export function requestOrigin(c: AppContext): RequestOrigin {
  return { userAgent: c.req.header("user-agent") ?? null, ipAddress: clientIp(c, c.get("deps").env.TRUST_PROXY), sessionId: c.get("sessionId") };
}

/** The same from a request's headers alone (Better Auth's hooks): the user agent and the address in CLIENT_IP_HEADER. */
export function requestOriginOfHeaders(headers: Headers | undefined): Omit<RequestOrigin, "sessionId"> {
  return { userAgent: headers?.get("user-agent") ?? null, ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null };
}

/** The signed-in user (401 otherwise) with the request their audit rows record. */
export function callerWithOrigin(c: AppContext) {
  return { ...requireUser(c), origin: requestOrigin(c) };
}
