import type { Context, MiddlewareHandler } from "hono";
import { webSecurityMessages } from "@routepilot/contracts";
import type { AppEnv } from "../lib/context";
import { ForbiddenError } from "../lib/errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Paths this check leaves alone: Better Auth checks the Origin of /api/auth/* itself (the same
 * rule), Stripe's webhook is server-to-server and verified by its signature, browsers send CSP
 * reports without credentials from any page that violated the policy, and a customer's one-click
 * unsubscribe (RFC 8058) is posted by mail clients from anywhere and authorised by its signed
 * token, not by a cookie.
 */
export function csrfExempt(path: string): boolean {
  return path.startsWith("/api/auth/") || path === "/api/billing/webhook" || path === "/api/csp-report" || path.startsWith("/api/unsubscribe/");
}

/** scheme://host[:port] of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * CSRF protection beyond SameSite=lax (DESIGN §8): a state-changing /api request (POST, PUT,
 * PATCH, DELETE) is refused with 403 when the browser says it comes from another site — an Origin
 * that is not this server's own origin, BASE_URL or one of TRUSTED_ORIGINS (or "null", a sandboxed
 * or file page), or, without Origin, Sec-Fetch-Site cross-site or same-site. A request with
 * neither header is not from a browser page (curl, another server, an API client): it cannot
 * carry a victim's cookies without the attacker already holding them, so it passes and is
 * authenticated like any other.
 */
export function csrfProtection(options: { selfOrigin: (c: Context<AppEnv>) => string | undefined; baseUrl: string; trustedOrigins: readonly string[] }): MiddlewareHandler<AppEnv> {
  const trusted = new Set([options.baseUrl, ...options.trustedOrigins].map(originOf).filter((o): o is string => o !== null));
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || csrfExempt(c.req.path)) return next();
    // An empty Origin says nothing about the page (some clients send one); it counts as absent.
    const origin = c.req.header("origin") || undefined;
    if (origin !== undefined) {
      const normalised = originOf(origin);
      const self = options.selfOrigin(c);
      const allowed = normalised !== null && (normalised === self || trusted.has(normalised));
      if (!allowed) refuse(c, `origin ${origin.slice(0, 200)}`);
    } else {
      const site = c.req.header("sec-fetch-site");
      if (site === "cross-site" || site === "same-site") refuse(c, `sec-fetch-site ${site}`);
    }
    return next();
  };
}

function refuse(c: Context<AppEnv>, reason: string): never {
  c.get("deps").logger.warn({ requestId: c.get("requestId"), method: c.req.method, path: c.req.path, reason }, "cross-site request refused");
  throw new ForbiddenError(webSecurityMessages.crossSiteRequest);
}
