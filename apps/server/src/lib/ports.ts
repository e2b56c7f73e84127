// The interfaces of the services a request can reach through `c.get("deps")` (lib/context.ts
// AppDeps). They are declared here, in the base layer, so that lib/ imports no module above it:
// each module implements its interface (platform/mail/mail.ts a Mailer, modules/security/rate-limits the
// RateLimiters, …) and the composition root (bootstrap.ts) wires the implementations together.
// Only types live here; they may name npm packages and workspace packages, never a file of
// apps/server/src outside lib/.
import type { GeoServices } from "@routepilot/geo";
import type { Problem, ProgressEvent, Solution } from "@routepilot/solver";
import type { RateLimitCategory, RateLimitRule, RateLimitTier, RequestWindow, Tier } from "@routepilot/contracts";
import type { MiddlewareHandler } from "hono";
import type PgBoss from "pg-boss";
import type { Registry } from "prom-client";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { WebSocket } from "ws";

// ── Mail (platform/mail/mail.ts) ─────────────────────────────────────────────────────────────────

export type MailKind = "verify-email" | "reset-password" | "password-changed" | "contact-copy" | "usage-warning" | "team-invitation" | "route-dispatch" | "customer-message" | "magic-link" | "sign-in-code" | "sign-in-refused" | "change-email" | "email-change-notice";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** The action link in the message, logged when no SMTP server is configured. */
  link?: string;
  /** Extra mail headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it over SMTP when configured. Never throws. */
  send(message: MailMessage): Promise<void>;
  /**
   * Tries failed deliveries again (the mail-retry task): rows failed fewer than MAIL_RETRY.attempts
   * times in the last 24 hours whose wait (2^attempts minutes since the last try) is over. The
   * messages delivered. Never throws.
   */
  retryFailed(): Promise<number>;
  close(): void;
}

// ── Auth (modules/accounts/auth/auth.ts): what the server uses of its Better Auth instance ─────────────────

/** Better Auth's endpoints take the request's headers (its session cookie) and/or a body. */
interface AuthCall<B = undefined> {
  headers?: Headers;
  body?: B;
}

/**
 * The Better Auth instance (modules/accounts/auth/auth.ts createAuth), as the rest of the server calls it. Better
 * Auth's own instance type satisfies it; listing the endpoints here keeps this layer free of the
 * auth module and shows in one place which of Better Auth's endpoints the server relies on.
 */
export interface AuthService {
  /** Answers /api/auth/* (app.ts mounts it behind the auth rate limits). */
  handler(request: Request): Promise<Response>;
  options: { secret?: string | undefined };
  $context: Promise<{ secret: string; socialProviders: readonly { id: string }[] }>;
  api: {
    getSession(call: { headers: Headers }): Promise<{
      user: { id: string; email: string; name: string; emailVerified: boolean; image?: string | null };
      session: { id: string };
    } | null>;
    listUserAccounts(call: { headers: Headers }): Promise<{ id: string; providerId: string; createdAt: Date }[]>;
    unlinkAccount(call: { headers: Headers; body: { accountId: string } }): Promise<unknown>;
    verifyPassword(call: { headers: Headers; body: { password: string } }): Promise<unknown>;
    verifyTOTP(call: { headers: Headers; body: { code: string } }): Promise<unknown>;
    banUser(call: { headers: Headers; body: { userId: string; banReason?: string } }): Promise<unknown>;
    unbanUser(call: { headers: Headers; body: { userId: string } }): Promise<unknown>;
    setRole(call: { headers: Headers; body: { userId: string; role: never } }): Promise<unknown>;
    verifyApiKey(call: AuthCall<{ key: string }> & { body: { key: string } }): Promise<{
      valid: boolean;
      key: { id: string; referenceId: string } | null;
      error: { code?: unknown } | null;
    }>;
    createApiKey(call: { body: { name: string; userId: string; expiresIn: number | null } }): Promise<{
      id: string;
      key: string;
      name: string | null;
      start: string | null;
      createdAt: Date;
      expiresAt: Date | null;
    }>;
  };
}

// ── Geo (modules/maps/geo.ts) ──────────────────────────────────────────────────────────────────

/** Routing and geocoding built once per process; `get()` always answers the same services. */
export interface GeoHandle {
  get(): Promise<GeoServices>;
}

// ── Solver threads (platform/solver-pool/solver-pool.ts) ───────────────────────────────────────────────────

/** Options that cross the thread boundary (no functions). */
export interface PoolSolveOptions {
  seed?: number;
  timeLimitMs?: number;
  maxIterations?: number;
}

/** Runs the solver in warm worker threads so a request never blocks the event loop. */
export interface SolverPool {
  /**
   * Validates the problem (InvalidProblemError), then solves it on a free worker; when
   * `maxQueue` problems already wait for one, refuses at once with ServiceBusyError (503).
   */
  solve(problem: Problem, options?: PoolSolveOptions, onProgress?: (event: ProgressEvent) => void): Promise<Solution>;
  /** Starts the workers now instead of on the first request, each warming the engine up first (~0.6 s). */
  warm(): void;
  /** Threads configured and busy, problems waiting (queued or being packed), the queue's bound. */
  stats(): { workers: number; busy: number; queued: number; maxQueue: number };
  close(): Promise<void>;
}

// ── Rate limits (modules/security/rate-limits) ─────────────────────────────────────────────────────

/** Who a request is counted as, and what a violation row records about it. */
export interface LimitSubject {
  /** "user:{id}", "ip:{address}", "account:{email}|{address}" … */
  key: string;
  userId?: string | null;
  ip: string;
  path: string;
}

/** One SPEC §9 category's limiter (modules/security/rate-limits/limiter.ts CategoryLimiter). */
export interface Limiter {
  readonly category: string;
  readonly rule: RateLimitRule;
  /** Counts `points` for the subject; over the limit → RateLimitedError (429) and a violation. */
  consume(subject: LimitSubject, points?: number): Promise<void>;
  /** Takes `points` back (a request that turned out not to count, e.g. a successful sign-in). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets the subject's window (not its violation count). */
  reset(key: string): Promise<void>;
  close(): void;
}

/** SPEC §9 "Global limits per tier": one window per second, minute, hour and day. */
export interface TierLimiter {
  /** Counts one request in every window of the tier; `reading` requests skip the per-second window. */
  consume(subject: LimitSubject, tier: RateLimitTier, options?: { reading?: boolean }): Promise<void>;
  close(): void;
}

/** Users' tiers for the global limiter, cached for a minute. */
export interface TierCache {
  tierOf(userId: string): Promise<Tier>;
  forget(userId: string): void;
}

/** The auth limiters (SPEC §9 auth: 5 per 15 minutes, then blocked 30 minutes, doubling). */
export interface AuthLimiters {
  /** Failed sign-ins per account and client address together. */
  signIn: Limiter;
  /** Failed sign-ins per client address, any account: the credential-stuffing ceiling. */
  signInPerIp: Limiter;
  /** Sign-ups, password-reset and verification e-mail requests per client address (null: AUTH_REQUEST_RATE_LIMIT=0). */
  requests: Limiter | null;
}

/** Request limiters (SPEC §9: categories, auth, global per tier); each null when turned off by configuration. */
export interface RateLimiters {
  auth: AuthLimiters | null;
  routeOptimization: Limiter | null;
  contactForm: Limiter | null;
  apiGeneral: Limiter | null;
  payment: Limiter | null;
  global: TierLimiter | null;
  /**
   * Browsers' CSP reports per client address: 30 a minute, then 5 minutes refused. A plain window
   * (no violation rows, no alerts): a page with a broken policy reports on every load.
   */
  cspReport: RateLimiterAbstract | null;
  /** Users' tiers for the global limiter, cached for a minute. */
  tiers: TierCache;
  /** Builds one more category limiter on the same store (tests use it for other rules). */
  category(category: RateLimitCategory | string, rule: RateLimitRule, keyPrefix?: string): Limiter;
  close(): void;
}

// ── Field encryption (modules/security/field-encryption.ts) ───────────────────────────────────────

/** One master key of the keyring (256 random bits) and its version. */
export interface KeyVersion {
  version: number;
  key: Buffer;
  createdAt: string;
}

/** SPEC §3 encrypted field record: ciphertext (iv, tag and data, base64), salt, key version, time. */
export interface EncryptedField {
  data: string;
  salt: string;
  keyVersion: number;
  timestamp: string;
}

/**
 * AES-256-GCM field encryption at rest (VIN, insurance policy, licence, phone, customer contacts):
 * sealField/openField (modules/security/field-encryption.ts) with it. KeyringEncryption implements it.
 */
export interface FieldEncryption {
  /** Keyed hash (HMAC-SHA256, hex) of a lower-cased, trimmed e-mail address. */
  emailHash(email: string): string;
  readonly currentVersion: number;
  readonly versions: number[];
  /** Replaces the keyring (after a rotation). */
  setKeyring(keyring: KeyVersion[]): void;
  /** Reads the keyring again (one read at a time); a failed read keeps the keys already held. */
  refresh(): Promise<void>;
  /** Whether this version is in the keyring. */
  has(version: number): boolean;
  /** Makes sure every key version these stored columns name is loaded. */
  prepare(stored: readonly (string | null | undefined)[]): Promise<void>;
  encrypt(plaintext: string): EncryptedField;
  /** The plaintext; throws EncryptionError for an unknown key version or a tampered record. */
  decrypt(record: EncryptedField): string;
  needsReencryption(record: EncryptedField): boolean;
  /** Encrypts and decrypts a probe: false when the keys cannot round-trip (SPEC §4 encryptionHealth). */
  selfTest(): boolean;
}

// ── Files (platform/storage/index.ts) ───────────────────────────────────────────────────────────────

export interface StoredObject {
  bucket: string;
  key: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdAt: Date;
}

export interface ListOptions {
  /** Only keys starting with this prefix. */
  prefix?: string;
  /** At most this many (100 by default, 1,000 at most). */
  limit?: number;
  /** Keys after this one (the last key of the previous page). */
  after?: string;
}

/** Files (proof photos, signatures, avatars), on the local disk under DATA_DIR/storage. */
export interface Storage {
  /** Stores (or replaces) an object; written to a temporary file and renamed, so readers never see half of it. */
  upload(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<StoredObject>;
  info(bucket: string, key: string): Promise<StoredObject | null>;
  /** The whole object, or null. */
  read(bucket: string, key: string): Promise<{ info: StoredObject; bytes: Buffer } | null>;
  /** A web stream of the object, or null. */
  stream(bucket: string, key: string): Promise<{ info: StoredObject; body: ReadableStream<Uint8Array> } | null>;
  /** Keys in order, 100 by default. */
  list(bucket: string, options?: ListOptions): Promise<StoredObject[]>;
  copy(bucket: string, from: string, to: string): Promise<StoredObject | null>;
  move(bucket: string, from: string, to: string): Promise<StoredObject | null>;
  /** True when something was removed. */
  remove(bucket: string, key: string): Promise<boolean>;
  /** A time-limited token naming one object (for a URL); verify() gives the object back until it expires. */
  sign(bucket: string, key: string, expiresInSeconds: number): string;
  verify(token: string): { bucket: string; key: string } | null;
}

// ── Security state (modules/security/monitor/state.ts) ─────────────────────────────────────────────

/** Server errors (5xx) answered by this process in the last hour (ErrorRateWindow). */
export interface ErrorCounter {
  record(now?: number): void;
  count(now?: number): number;
}

/** The security layer's state in this process (SPEC §4 security initialisation and monitoring). */
export interface SecurityState {
  /** When this process started (uptime is measured from it). */
  startedAt: Date;
  /** SPEC §3 encryptionHealth: 100 after a passing encryption self-test, 0 after a failing one. */
  encryptionHealth: number;
  /** 5xx answers of the last hour (the SPEC §9 error-rate rule). */
  errors: ErrorCounter;
}

// ── Metrics (platform/observability/metrics.ts) ─────────────────────────────────────────────────────

/** What the solver pool reports about itself at any moment. */
export interface SolverStats {
  workers: number;
  busy: number;
  queued: number;
  maxQueue: number;
}

/** The outbox's undelivered messages. */
export interface MailBacklog {
  queued: number;
  failed: number;
}

export interface MetricSources {
  solver(): SolverStats;
  mailBacklog(): Promise<MailBacklog>;
}

/**
 * One app instance's measurements: the request and solve-time windows the health details read
 * (always kept), and, when METRICS_TOKEN is set, a Prometheus registry of its own (tests build
 * many apps in one process: no metric is registered in prom-client's global registry).
 */
export interface Metrics {
  requests: { record(status: number, now?: number): void; summary(minutes: number, now?: number): RequestWindow };
  solves: { record(ms: number, now?: number): void; summary(now?: number): { recentSolves: number; p50Ms: number | null; p95Ms: number | null } };
  /** Counts every answer (status, route pattern, duration); mounted first on "*". */
  middleware: MiddlewareHandler;
  /** The solver pool's hook: a problem solved (or failed) after `ms` of worker time. */
  onSolved(ms: number, ok: boolean): void;
  /** Connects the gauges read at scrape time (solver pool, mail outbox). */
  watch(sources: MetricSources): void;
  /** The Prometheus text exposition, or null when METRICS_TOKEN is unset. */
  registry: Registry | null;
}

// ── Job queue (background/queue.ts) ─────────────────────────────────────────────────────────────

/** The job queue (pg-boss on the same database): API jobs and periodic tasks, shared by every process. */
export interface JobQueue {
  /** The started pg-boss (started on first use: tests that never queue anything pay nothing). */
  boss(): Promise<PgBoss>;
  /** Stops polling and scheduling; waits up to `timeoutMs` for handlers in progress. */
  close(timeoutMs?: number): Promise<void>;
}

// ── Realtime (platform/realtime/bus.ts, platform/realtime/hub.ts) ────────────────────────────────────────────

/**
 * Realtime messages (issue 10, DESIGN §7): server → client JSON `{ topic, type, data }` on the
 * topics `notifications`, `invitations` and `team:{id}`, delivered to every socket of the users
 * named in `userIds`.
 */
export interface RealtimeMessage {
  topic: string;
  type: string;
  data: unknown;
}

export interface RealtimeEnvelope {
  userIds: string[];
  message: RealtimeMessage;
}

/** Realtime messages to users' WebSockets (in memory, or across processes on PostgreSQL). */
export interface RealtimeBus {
  /**
   * Sends a message to the named users' sockets on every server process. Call it after the
   * change is committed; it never throws (a lost realtime message is recovered by the client's
   * refetch on reconnect).
   */
  publish(envelope: RealtimeEnvelope): Promise<void>;
  /** Called for every published envelope on this process (the WebSocket layer subscribes). */
  subscribe(listener: (envelope: RealtimeEnvelope) => void): () => void;
  close(): Promise<void>;
}

export interface SocketOwner {
  userId: string;
  sessionId: string;
}

/**
 * The WebSockets open on this process, by user. It delivers every envelope the bus hands it to
 * each socket of the users it names, pings every socket each heartbeat (a socket that did not
 * answer the previous ping is terminated) and closes sockets whose session has ended (4401).
 */
export interface SocketHub {
  /** Takes over an open socket: sends `system/ready`, then delivers messages until it closes. */
  add(socket: WebSocket, owner: SocketOwner): void;
  /** Open sockets on this process, of one user or of everyone. */
  count(userId?: string): number;
  /** Runs one heartbeat now (tests; the timer calls it every `heartbeatMs`). */
  heartbeat(): Promise<void>;
  /** Stops the heartbeat, unsubscribes from the bus and closes every socket (1001, going away). */
  close(): void;
}
