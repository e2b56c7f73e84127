import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Database, DatabaseHandle } from "@routepilot/db";
import type { Env } from "./env";
import { NotFoundError, UnauthenticatedError, ValidationError } from "./errors";
import type { Logger } from "./logger";
import type {
  AuthService,
  FieldEncryption,
  GeoHandle,
  JobQueue,
  Mailer,
  Metrics,
  RateLimiters,
  RealtimeBus,
  SecurityState,
  SocketHub,
  SolverPool,
  Storage,
} from "./ports";

/**
 * The services every request can reach (`c.get("deps")`), typed by the interfaces of lib/ports.ts:
 * the base layer names what it needs and no module; bootstrap.ts (the composition root) builds
 * each one and hands them over.
 */
export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** Better Auth (modules/accounts/auth/auth.ts), through the endpoints the server uses. */
  auth: AuthService;
  /** Routing and geocoding (packages/geo), built once. */
  geo: GeoHandle;
  /** Warm solver worker threads. */
  solver: SolverPool;
  /** Request limiters (SPEC §9: categories, auth, global per tier); each null when turned off by configuration. */
  limiters: RateLimiters;
  /** Public origin without a trailing slash, for links (share URLs, e-mails). */
  baseUrl: string;
  /** Realtime messages to users' WebSockets (in memory, or across processes on PostgreSQL). */
  realtime: RealtimeBus;
  /** The WebSockets open on this process (GET /api/realtime), fed by `realtime`. */
  sockets: SocketHub;
  /** Field encryption at rest (VIN, insurance policy, licence, phone): sealField/openField with it. */
  encryption: FieldEncryption;
  /** Files (proof photos, signatures): the storage service, on the local disk under DATA_DIR/storage. */
  storage: Storage;
  /** This process's security state: start time (uptime), encryptionHealth, 5xx errors of the last hour. */
  security: SecurityState;
  /** Request and solve-time windows (GET /api/health/details) and, with METRICS_TOKEN, the Prometheus registry. */
  metrics: Metrics;
  /** The job queue (pg-boss on the same database): API jobs and periodic tasks, shared by every process. */
  queue: JobQueue;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: SessionUser | null;
    sessionId: string | null;
    /** The API key that authenticated this /api/v1/* request (http/api-key.ts); unset otherwise. */
    apiKeyId?: string;
  };
};

export type AppContext = Context<AppEnv>;

/** Turns zod issues into `{ field: message }` (first message per field). */
export function fieldsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A router whose request validation failures become ValidationError (400, SPEC messages per field). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        // A malformed id in the path names nothing that exists.
        if ("target" in result && result.target === "param") throw new NotFoundError();
        const fields = fieldsFromIssues(result.error.issues);
        const first = Object.values(fields)[0] ?? "Invalid request";
        throw new ValidationError(first, fields);
      }
    },
  });
}

/** The signed-in user, or a 401. */
export function requireUser(c: AppContext): SessionUser {
  const user = c.get("user");
  if (!user) throw new UnauthenticatedError();
  return user;
}
