import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { messages, type ErrorBody } from "@routepilot/contracts";
import { createRouter, type AppDeps, type AppEnv } from "./lib/context";
import { AppError, errorPayload, InvalidJsonError, NotFoundError, PayloadTooLargeError, ValidationError } from "./lib/errors";
import { SELF_ORIGIN_HEADER } from "./modules/accounts/auth/auth";
import { CLIENT_IP_HEADER } from "./lib/request-origin";
import { clientIp } from "./lib/client-ip";
import { registerAuthDocs } from "./modules/accounts/http/auth.endpoints";
import { signInMethodsRouter } from "./modules/accounts/http/sign-in-methods.handlers";
import { loadSession, requireSession } from "./http/session";
import { requireApiKey } from "./http/api-key";
import { globalRateLimit } from "./http/rate-limit";
import { limitAuthRequest } from "./modules/security/rate-limits";
import { requestContext } from "./http/request-context";
import { staticSpa } from "./http/static-spa";
import { csrfProtection } from "./http/csrf";
import { securityHeaders } from "./http/security-headers";
import { cspReportRouter } from "./modules/security/http/csp-report.handlers";
import { contactRouter } from "./modules/contact/http/contact.handlers";
import { healthRouter } from "./modules/system/http/health.handlers";
import { meRouter } from "./modules/accounts/http/me.handlers";
import { profileRouter } from "./modules/accounts/http/profile.handlers";
import { AVATAR_BODY_LIMIT_BYTES } from "./modules/accounts/http/profile.endpoints";
import { updateUserGuard } from "./modules/accounts/http/update-user-guard";
import { accountSecurityRouter } from "./modules/accounts/http/account-security.handlers";
import { notificationsRouter } from "./modules/notifications/http/notifications.handlers";
import { preferencesRouter } from "./modules/accounts/http/preferences.handlers";
import { savedLocationsRouter } from "./modules/delivery-routes/http/saved-locations.handlers";
import { routesRouter } from "./modules/delivery-routes/http/delivery-routes.handlers";
import { routeReviewRouter } from "./modules/delivery-routes/http/route-review.handlers";
import { sharedRoutesRouter } from "./modules/delivery-routes/http/shared-routes.handlers";
import { geocodeRouter } from "./modules/maps/http/geocode.handlers";
import { usageRouter } from "./modules/billing/http/usage.handlers";
import { basemapRouter } from "./modules/maps/http/basemap.handlers";
import { billingRouter } from "./modules/billing/http/billing.handlers";
import { adminRouter } from "./modules/admin/http/admin.handlers";
import { adminContactRouter } from "./modules/contact/http/admin-contact.handlers";
import { teamsRouter } from "./modules/teams/http/teams.handlers";
import { invitationsRouter } from "./modules/teams/http/invitations.handlers";
import { fleetRouter } from "./modules/fleet/http/fleet.handlers";
import { fleetPlansRouter } from "./modules/fleet/http/fleet-plans.handlers";
import { orderDraftsRouter } from "./modules/fleet/http/order-drafts.handlers";
import { driverRouter } from "./modules/driver/http/driver.handlers";
import { teamLiveRouter } from "./modules/live/http/team-live.handlers";
import { customerMessagesRouter } from "./modules/live/http/customer-messages.handlers";
import { trackingRouter } from "./modules/live/http/tracking.handlers";
import { securityDashboardRouter } from "./modules/security/http/security-dashboard.handlers";
import { analyticsRouter } from "./modules/analytics/http/analytics.handlers";
import { teamAnalyticsRouter } from "./modules/analytics/http/team-analytics.handlers";
import { metricsEndpoint } from "./platform/observability/metrics";
import { adminAnalyticsRouter } from "./modules/analytics/http/admin-analytics.handlers";
import { apiKeysRouter } from "./modules/accounts/http/api-keys.handlers";
import { apiV1Router } from "./modules/public-api/http/api-v1.handlers";
import { apiV1JobsRouter } from "./modules/public-api/http/api-v1-jobs.handlers";
import { REALTIME_PATH, realtimeHandler, realtimeRoute } from "./platform/realtime/realtime.endpoints";

export const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** POST /api/teams/{teamId}/plans (a day's orders) and the body size it may have. */
const PLAN_UPLOAD_PATH = /^\/api\/teams\/[^/]+\/plans$/;
/** PUT /api/teams/{teamId}/order-drafts/{date}: a day's draft rows, as many as a plan's orders, so the same limit. */
const DRAFT_UPLOAD_PATH = /^\/api\/teams\/[^/]+\/order-drafts\/[^/]+$/;
const PLAN_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** A driver's proof of delivery: up to 3 photos of 10 MB and a signature (each file checked again by the service). */
const PROOF_UPLOAD_PATH = /^\/api\/driver\/stops\/[^/]+\/proof$/;
const PROOF_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Paths under /api that need a signed-in user; checked before any input validation. */
const protectedPrefixes = ["/api/me", "/api/preferences", "/api/saved-locations", "/api/notifications", "/api/routes", "/api/geocode", "/api/admin", "/api/teams", "/api/driver", "/api/security", "/api/api-keys"];

function errorJson(c: Context<AppEnv>, status: number, body: ErrorBody, headers?: Record<string, string>) {
  return c.json(body, status as 400, headers);
}

/**
 * The origin (scheme://host[:port]) the browser sent this request to: the request URL, which the
 * Node adapter builds from the Host header and the connection; behind a trusted proxy the scheme
 * is X-Forwarded-Proto's. A page whose Origin equals it is same-origin, whatever name or address
 * it reached the server by (localhost, 127.0.0.1, a LAN address).
 */
function selfOrigin(c: Context<AppEnv>, trustedHops: number): string | undefined {
  try {
    const url = new URL(c.req.url);
    const forwardedProto = trustedHops > 0 ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() : undefined;
    const scheme = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : url.protocol;
    return `${scheme}//${url.host}`;
  } catch {
    return undefined;
  }
}

/** The SQLSTATE of a database error, wrapped (Drizzle's `cause`) or not. */
function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A JSON escape of half a surrogate pair without its other half (text no database or encoder takes). */
const LONE_SURROGATE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f][0-9a-f]{2})|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

/** Whether the request's decoded URL or (JSON or form) body carries a NUL character or a lone surrogate. */
async function hasUnstorableText(request: Request): Promise<boolean> {
  let url = request.url;
  try {
    url = decodeURIComponent(url);
  } catch {
    // Malformed percent-encoding: the raw URL is checked as it is.
  }
  if (url.includes("\0")) return true;
  if (request.method === "GET" || request.method === "HEAD") return false;
  const body = await request.clone().text();
  // %00 means NUL only in a form body; in JSON it is three ordinary characters (a password may hold them).
  const form = /application\/x-www-form-urlencoded/i.test(request.headers.get("content-type") ?? "");
  return body.includes("\0") || /\\u0000/i.test(body) || (form && /%00/.test(body)) || LONE_SURROGATE.test(body);
}

/** The one error mapper: typed errors keep their code; anything unknown is a logged, generic 500. */
function mapError(error: unknown, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    return errorJson(c, error.status, { ...error.extra, error: errorPayload(error.code, error.message, error.fields) }, error.headers);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return mapError(new PayloadTooLargeError(c.get("deps").env.BODY_LIMIT_BYTES), c);
    if (error.status === 400 && /json/i.test(error.message)) return mapError(new InvalidJsonError(), c);
    if (error.status < 500) {
      return errorJson(c, error.status, { error: errorPayload(error.status === 404 ? "NOT_FOUND" : "VALIDATION_ERROR", error.message || "Bad request") });
    }
  }
  // Text PostgreSQL cannot store (NUL 22021, untranslatable 22P05) is the input's fault, not the server's.
  if (pgErrorCode(error) === "22021" || pgErrorCode(error) === "22P05") return mapError(new ValidationError(messages.invalidFormat), c);
  const deps = c.get("deps");
  deps.logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
  deps.security.errors.record();
  return errorJson(c, 500, { error: { code: "INTERNAL_ERROR", message: "Something went wrong on our side. Please try again." } });
}

/** Builds the whole HTTP application: API, auth, OpenAPI document and the built SPA. Used by tests too. */
export function createApp(deps: AppDeps) {
  const app = createRouter();
  const limit = deps.env.BODY_LIMIT_BYTES;

  // Counts every answer (health details' request and error rate; Prometheus with METRICS_TOKEN).
  app.use("*", deps.metrics.middleware);
  app.use("*", requestContext(deps));
  // CSP, HSTS over HTTPS, Referrer- and Permissions-Policy (modules/security/headers.ts, decision 011).
  const selfOriginOf = (c: Context<AppEnv>) => selfOrigin(c, deps.env.TRUST_PROXY);
  app.use("*", securityHeaders({ https: deps.env.NODE_ENV === "production" || deps.baseUrl.startsWith("https://"), tileUrl: deps.env.VITE_TILE_URL, selfOrigin: selfOriginOf }));
  // State-changing /api requests from another site's pages are refused (CSRF beyond SameSite=lax).
  app.use("/api/*", csrfProtection({ selfOrigin: selfOriginOf, baseUrl: deps.baseUrl, trustedOrigins: deps.env.TRUSTED_ORIGINS }));
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new PayloadTooLargeError(maxSize);
      },
    });
  // A fleet plan carries up to 10,000 orders (issue 11): its upload may be larger than other bodies.
  const planLimit = Math.max(limit, PLAN_BODY_LIMIT_BYTES);
  const defaultBodyLimit = limitBody(limit);
  const planBodyLimit = limitBody(planLimit);
  const proofBodyLimit = limitBody(Math.max(limit, PROOF_BODY_LIMIT_BYTES));
  const avatarBodyLimit = limitBody(Math.max(limit, AVATAR_BODY_LIMIT_BYTES));
  app.use("/api/*", (c, next) => {
    if (c.req.method === "POST" && PLAN_UPLOAD_PATH.test(c.req.path)) return planBodyLimit(c, next);
    if (c.req.method === "PUT" && DRAFT_UPLOAD_PATH.test(c.req.path)) return planBodyLimit(c, next);
    if (c.req.method === "POST" && PROOF_UPLOAD_PATH.test(c.req.path)) return proofBodyLimit(c, next);
    if (c.req.method === "PUT" && c.req.path === "/api/me/avatar") return avatarBodyLimit(c, next);
    // A public API problem carries its matrices (200 tasks: a 400×400 matrix is about 1 MB).
    if (c.req.method === "POST" && c.req.path.startsWith("/api/v1/")) return planBodyLimit(c, next);
    return defaultBodyLimit(c, next);
  });

  // The profile's name and image rules before Better Auth stores them (issue 27).
  app.use("/api/auth/update-user", updateUserGuard);
  // Better Auth owns /api/auth/*; its own errors are already JSON, anything thrown is mapped.
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, deps.env.TRUST_PROXY));
    // The origin this request was sent to, overwriting anything the client put in the header.
    const self = selfOrigin(c, deps.env.TRUST_PROXY);
    if (self) headers.set(SELF_ORIGIN_HEADER, self);
    else headers.delete(SELF_ORIGIN_HEADER);
    const request = new Request(c.req.raw, { headers });
    // PostgreSQL cannot store NUL (nor an encoder a lone surrogate): Better Auth would fail on them with a 500.
    if (await hasUnstorableText(request)) return mapError(new ValidationError(messages.invalidFormat), c);
    // SPEC §9 auth limits (failed sign-ins per account+address, requests per address) around the handler.
    const at = { path: c.req.path, method: c.req.method, ip: clientIp(c, deps.env.TRUST_PROXY) };
    const response = await limitAuthRequest(deps.limiters.auth, request, at, () => deps.auth.handler(request));
    if (response.status >= 500) {
      deps.logger.error({ status: response.status, path: c.req.path }, "auth handler failed");
      deps.security.errors.record();
      return errorJson(c, 500, { error: { code: "INTERNAL_ERROR", message: "Something went wrong on our side. Please try again." } });
    }
    return response;
  });

  app.use("/api/*", loadSession);
  // The public API (/api/v1/*) is authenticated by API key only, before the owner's tier limits count it.
  app.use("/api/v1/*", requireApiKey);
  app.use("/api/*", globalRateLimit);
  for (const prefix of protectedPrefixes) {
    app.use(prefix, requireSession);
    app.use(`${prefix}/*`, requireSession);
  }
  // Billing needs a session, except Stripe's webhook (public; verified by its signature) and
  // the list of plans on sale (the pricing page shows it signed out).
  const publicBilling = new Set(["/api/billing/webhook", "/api/billing/plans"]);
  app.use("/api/billing/*", (c, next) => (publicBilling.has(c.req.path) ? next() : requireSession(c, next)));
  // Invitations need a session, except reading one by its token (the /team-invitation page, signed out too).
  app.use("/api/invitations", requireSession);
  app.use("/api/invitations/*", (c, next) => (c.req.method === "GET" && /^\/api\/invitations\/[^/]+$/.test(c.req.path) ? next() : requireSession(c, next)));

  app.route("/", healthRouter);
  app.route("/", cspReportRouter);
  app.route("/", meRouter);
  app.route("/", profileRouter);
  app.route("/", accountSecurityRouter);
  app.route("/", signInMethodsRouter);
  app.route("/", preferencesRouter);
  app.route("/", savedLocationsRouter);
  app.route("/", notificationsRouter);
  app.route("/", contactRouter);
  app.route("/", usageRouter);
  app.route("/", routeReviewRouter);
  app.route("/", routesRouter);
  app.route("/", sharedRoutesRouter);
  app.route("/", geocodeRouter);
  app.route("/", basemapRouter);
  app.route("/", billingRouter);
  app.route("/", adminAnalyticsRouter);
  app.route("/", adminRouter);
  app.route("/", adminContactRouter);
  app.route("/", teamsRouter);
  app.route("/", invitationsRouter);
  app.route("/", fleetRouter);
  app.route("/", fleetPlansRouter);
  app.route("/", orderDraftsRouter);
  app.route("/", driverRouter);
  app.route("/", teamLiveRouter);
  app.route("/", customerMessagesRouter);
  app.route("/", trackingRouter);
  app.route("/", securityDashboardRouter);
  app.route("/", analyticsRouter);
  app.route("/", teamAnalyticsRouter);
  app.route("/", apiKeysRouter);
  app.route("/", apiV1Router);
  app.route("/", apiV1JobsRouter);
  app.get(REALTIME_PATH, realtimeHandler((c) => selfOrigin(c, deps.env.TRUST_PROXY)));
  app.openAPIRegistry.registerPath(realtimeRoute);

  app.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
  });
  registerAuthDocs(app.openAPIRegistry);
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "RoutePilot API",
      version: "0.1.0",
      description: "Route planning and optimisation. Errors are `{ error: { code, message, fields? } }`. Signed-in routes use the Better Auth session cookie.",
    },
    security: [{ sessionCookie: [] }],
  });

  app.all("/api/*", () => {
    throw new NotFoundError("Endpoint");
  });
  // Prometheus text format for a scraper (docs/operations.md): outside /api, so neither rate-limited nor in the OpenAPI document.
  app.get("/metrics", metricsEndpoint(deps.env.METRICS_TOKEN, deps.metrics));

  const webDist = deps.env.WEB_DIST_DIR ? path.resolve(deps.env.WEB_DIST_DIR) : defaultWebDist;
  if (existsSync(webDist)) app.use("*", staticSpa(webDist));

  app.notFound((c) => errorJson(c, 404, { error: { code: "NOT_FOUND", message: "Not found" } }));
  app.onError(mapError);
  return app;
}

export type App = ReturnType<typeof createApp>;
