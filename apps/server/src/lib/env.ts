import { z } from "zod";
import { geoEnvSchema, type GeoConfig } from "@routepilot/geo";
import { EncryptionError } from "./errors";

/** A master key given as 64 hex characters or base64 of 32 bytes. */
export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new EncryptionError("ENCRYPTION_MASTER_KEY must be 32 bytes (64 hex characters or base64)");
  return key;
}

function isMasterKey(text: string): boolean {
  try {
    parseMasterKey(text);
    return true;
  } catch {
    return false;
  }
}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const commaList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Every environment variable RoutePilot reads. `.env.example` documents each one. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Public origin users reach the app at; used in e-mailed links and cookie security. */
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Secret signing sessions; at least 32 characters. Generated and kept under DATA_DIR when unset outside production. */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Master key for field encryption at rest (DESIGN §8): 64 hex characters or base64 of 32 bytes. Generated and kept under DATA_DIR when unset. */
  ENCRYPTION_MASTER_KEY: z.string().refine(isMasterKey, "must be 32 bytes: 64 hex characters or base64").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("RoutePilot <no-reply@routepilot.local>"),
  /** Where contact-form messages are e-mailed as they arrive (decision 024); unset, they are only in the admin console's inbox. */
  SUPPORT_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_EMAILS: commaList.transform((list) => list.map((e) => e.toLowerCase())),
  TRUSTED_ORIGINS: commaList,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Largest accepted request body in bytes (default 1 MiB). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  /** Directory holding the built SPA (defaults to apps/web/dist). */
  WEB_DIST_DIR: z.string().optional(),
  /** The map tile server the web app was built with (an XYZ template, or "none"): the Content-Security-Policy allows its origin. */
  VITE_TILE_URL: z.string().optional(),
  /** Milliseconds to let in-flight requests finish on SIGTERM/SIGINT. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Reverse proxies in front of the server that append to X-Forwarded-For: false (none: the
   * socket address is the client IP), true (one), or a number of hops. The client IP is the
   * address the outermost trusted proxy appended, counted from the right; hops to its left
   * were written by the client and are never trusted.
   */
  TRUST_PROXY: z
    .union([bool, z.string().regex(/^\d+$/, "must be true, false or a number of proxy hops").transform(Number)])
    .transform((v) => (v === true ? 1 : v === false ? 0 : v))
    .pipe(z.number().int().min(0).max(10, "must be at most 10 proxy hops"))
    .default(0),
  /** on (default) or off: every rate limit of SPEC §9 at once (modules/security/rate-limits, decision 010). */
  RATE_LIMITS: z
    .enum(["on", "off", "true", "false"])
    .transform((v) => v === "on" || v === "true")
    .default(true),
  /** Where the limiters count: auto (the rate_limits table on a PostgreSQL server, memory on the embedded database), memory or database. */
  RATE_LIMIT_STORE: z.enum(["auto", "memory", "database"]).default("auto"),
  /** Set to false to turn off the auth limits (SPEC §9 auth: failed sign-ins, sign-up/reset/verification requests); tests that sign up many users do. */
  AUTH_RATE_LIMIT: bool.default(true),
  /** Sign-ups, password-reset and verification e-mail requests per client address per 15 minutes (SPEC §9 auth: 5); 0 turns only these off. */
  AUTH_REQUEST_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  /** Set to false to turn off the SPEC §9 global limits per tier (per second/minute/hour/day). */
  GLOBAL_RATE_LIMIT: bool.default(true),
  /** Route optimisations per user per minute (SPEC §9 route_optimization: 10); 0 turns the limit off. */
  ROUTE_OPTIMIZATION_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  /** Seconds a user stays blocked after exceeding it (SPEC §9: 5 minutes). */
  ROUTE_OPTIMIZATION_BLOCK_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Contact-form messages per client address per minute (SPEC §9 contact_form: 3, then blocked 15 minutes); 0 turns it off. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(3),
  /** General API requests (address search) per user or address per minute (SPEC §9 api_general: 60, then blocked 2 minutes); 0 turns it off. */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  /** Checkout and Customer Portal sessions per user per minute (SPEC §9 payment: 5, then blocked 10 minutes); 0 turns it off. */
  PAYMENT_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  /** Stripe secret API key (sk_…); self-service billing is on when it is set. Never logged. */
  STRIPE_SECRET_KEY: z.string().min(8, "must be a Stripe secret key (sk_…)").optional(),
  /** Signing secret of the Stripe webhook endpoint /api/billing/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(8, "must be a Stripe webhook signing secret (whsec_…)").optional(),
  /** Stripe price ids (price_…) of the monthly plans; a subscription's price picks its tier. */
  STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional(),
  STRIPE_PRICE_FLEET_PRO: z.string().min(1).optional(),
  /** Another Stripe API address (e.g. http://127.0.0.1:12111 for a local fake); defaults to https://api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  /** Optimisations that may wait for a solver thread; more are refused with 503 (the queue never grows without bound). */
  SOLVER_MAX_QUEUE: z.coerce.number().int().min(1).max(10_000).default(32),
  /** Longest the solver may search for one route, in milliseconds (small routes stop sooner). */
  SOLVER_TIME_LIMIT_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
  /** Solver worker threads kept warm (the solver never runs on the event loop). */
  SOLVER_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Queue consumers in this process (API jobs solved at once, periodic tasks); 0 = none (an API-only process, decision 013). */
  WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** Allow API job webhooks to loopback addresses (tests only; private and loopback hosts are refused otherwise). */
  WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
  /** An API job running longer than this is taken to be lost (its worker died) and is retried by another worker. */
  API_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /** Milliseconds between realtime heartbeats: each socket is pinged (no pong by the next one: closed) and its session re-checked. */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(30_000),
  /** Sign-in by a magic link or a one-time code by e-mail (issue 27, decision 021): on by default. */
  PASSWORDLESS_SIGN_IN: bool.default(true),
  /** Google sign-in (OAuth client of type "Web application"; redirect URI BASE_URL/api/auth/callback/google). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Microsoft sign-in (Entra ID app registration; redirect URI BASE_URL/api/auth/callback/microsoft). */
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** Which Microsoft accounts may sign in: common (default), organizations, consumers or a tenant id. */
  MICROSOFT_TENANT_ID: z.string().min(1).optional(),
  /** GitHub sign-in (OAuth app; callback URL BASE_URL/api/auth/callback/github). */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** Any OpenID Connect issuer: its discovery document (…/.well-known/openid-configuration); redirect URI BASE_URL/api/auth/callback/oidc. */
  OIDC_DISCOVERY_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** Unset for a public client (PKCE only). */
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The sign-in button's name for the OpenID Connect issuer (default "Single sign-on"). */
  OIDC_PROVIDER_NAME: z.string().min(1).max(40).optional(),
  /** Bearer token of the Prometheus endpoint GET /metrics (at least 16 characters); unset, /metrics answers 404. Never logged. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

/** Geography variables (ROUTING_PROVIDER, OSM_EXTRACT, GEOCODER, …), parsed by packages/geo's schema. */
const geoKeys = Object.keys(geoEnvSchema.shape);

export type Env = z.infer<typeof envSchema> & { geo: GeoConfig };

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses the environment; throws EnvError naming every bad variable. Empty strings count as unset. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned: Record<string, string> = {};
  for (const key of [...Object.keys(envSchema.shape), ...geoKeys]) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") cleaned[key] = value.trim();
  }
  // Name the variable and the rule, never the value: it may be a secret or a URL with a password.
  const describe = (issue: { path: readonly PropertyKey[]; message: string }) => `${issue.path.map(String).join(".") || "(environment)"}: ${issue.message}`;
  const result = envSchema.safeParse(cleaned);
  const geo = geoEnvSchema.safeParse(Object.fromEntries(geoKeys.filter((k) => k in cleaned).map((k) => [k, cleaned[k]])));
  const problems = [...(result.success ? [] : result.error.issues.map(describe)), ...(geo.success ? [] : geo.error.issues.map(describe))];
  if (!result.success || !geo.success) throw new EnvError(problems);
  // A sign-in provider needs its client id and secret together (the OIDC issuer: discovery URL and client id).
  const pairs: [keyof typeof result.data, keyof typeof result.data][] = [
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET"],
    ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
    ["OIDC_DISCOVERY_URL", "OIDC_CLIENT_ID"],
  ];
  const unpaired = pairs.flatMap(([a, b]) => (result.data[a] === undefined) === (result.data[b] === undefined) ? [] : [`${result.data[a] === undefined ? a : b}: required with ${result.data[a] === undefined ? b : a}`]);
  if (unpaired.length > 0) throw new EnvError(unpaired);
  if (result.data.NODE_ENV === "production" && !result.data.BETTER_AUTH_SECRET) {
    throw new EnvError(["BETTER_AUTH_SECRET: required in production (at least 32 characters)"]);
  }
  return { ...result.data, geo: geo.data };
}
