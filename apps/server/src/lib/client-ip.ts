import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./context";

/**
 * The client's address as the outermost of `trustedHops` proxies saw it. Each proxy appends the
 * address it received from to X-Forwarded-For, so with n trusted proxies the client is the n-th
 * entry from the right; anything further left was written by the client and is ignored. Without
 * trusted proxies (or without the header) it is the socket peer.
 */
export function forwardedClientIp(forwardedFor: string | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0 || !forwardedFor) return undefined;
  const hops = forwardedFor
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  // A chain shorter than configured: every entry was appended by a trusted proxy, the first is the client.
  return hops[Math.max(0, hops.length - trustedHops)];
}

/** The client's address: the socket peer, or the hop the trusted proxy appended to X-Forwarded-For. */
export function clientIp(c: Context<AppEnv>, trustedHops: number): string {
  const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"), trustedHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
