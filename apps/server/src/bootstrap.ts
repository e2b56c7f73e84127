import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "@routepilot/db";
import { createApp, type App } from "./app";
import { createAuth, promoteVerifiedAdmins } from "./modules/accounts/auth/auth";
import { signInProvidersFrom } from "./modules/accounts/auth/sign-in-providers";
import { testPasswordHashing } from "./modules/accounts/auth/test-password-hashing";
import type { Env } from "./lib/env";
import type { AppDeps } from "./lib/context";
import type { Logger } from "./lib/logger";
import { createRateLimiters } from "./modules/security/rate-limits";
import { createSolverPool } from "./platform/solver-pool/solver-pool";
import { createGeoHandle } from "./modules/maps/geo";
import { createMailer } from "./platform/mail/mail";
import { createMemoryBus, type RealtimeBus } from "./platform/realtime/bus";
import { createSocketHub } from "./platform/realtime/hub";
import { createPostgresBus } from "./platform/realtime/postgres-bus";
import { liveSessionIds } from "./platform/realtime/sessions";
import { KeyringEncryption, loadMasterKey, readKeyring } from "./modules/security/field-encryption";
import { sealPlainContacts } from "./modules/security/seal-contacts";
import { createLocalStorage } from "./platform/storage";
import { createSecurityState } from "./modules/security/monitor/state";
import { createJobQueue } from "./background/queue";
import { startConsumers } from "./background/consumers";
import { startErrorRateChecks } from "./background/periodic";
import { runEncryptionSelfTest } from "./modules/security/monitor/metrics";
import { createMetrics } from "./platform/observability/metrics";
import { mailBacklog } from "./modules/system/health";

/** The session-signing secret: BETTER_AUTH_SECRET, or one generated once and kept in DATA_DIR. */
export function resolveSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const dir = path.resolve(env.DATA_DIR);
  const file = path.join(dir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function baseUrlOf(env: Env): string {
  return (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

export interface Runtime {
  app: App;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Wires configuration, database, mail and auth into an app. The caller owns closing it. */
export async function buildRuntime(
  env: Env,
  logger: Logger,
  options: { database?: DatabaseHandle; secret?: string; realtime?: RealtimeBus } = {},
): Promise<Runtime> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, "db") }));
  const baseUrl = baseUrlOf(env);
  // Version 1: ENCRYPTION_MASTER_KEY, else a key generated once in DATA_DIR (like the auth secret);
  // versions from npm run keys:rotate: the encryption_keys table, wrapped under it (decision 011).
  const masterKey = loadMasterKey({ masterKey: env.ENCRYPTION_MASTER_KEY, dataDir: env.DATA_DIR });
  const readKeys = () => readKeyring(database.db, masterKey, logger);
  const encryption = new KeyringEncryption(await readKeys(), readKeys);
  const mailer = createMailer({ db: database.db, logger, encryption, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logLinks: env.NODE_ENV !== "production" });
  const secret = options.secret ?? resolveSecret(env);
  const auth = createAuth({
    db: database.db,
    logger,
    mailer,
    baseUrl,
    secret,
    adminEmails: env.ADMIN_EMAILS,
    trustedOrigins: env.TRUSTED_ORIGINS,
    secureCookies: env.NODE_ENV === "production" || baseUrl.startsWith("https://"),
    providers: signInProvidersFrom(env),
    passwordless: env.PASSWORDLESS_SIGN_IN,
    passwordHashing: env.NODE_ENV === "test" ? testPasswordHashing : undefined,
  });
  const promoted = await promoteVerifiedAdmins(database.db, env.ADMIN_EMAILS);
  if (promoted.length > 0) logger.info({ users: promoted }, "ADMIN_EMAILS: verified accounts promoted to super_admin");
  const geo = createGeoHandle(env.geo);
  // Outside tests, load the extract and the gazetteer now: a bad OSM_EXTRACT stops start-up.
  // Without an extract nothing can fail, so the gazetteer loads while the server starts.
  if (env.NODE_ENV !== "test") {
    if (env.geo.OSM_EXTRACT) {
      const { extract } = await geo.get();
      if (extract) {
        const s = extract.summary;
        logger.info(
          { osmExtract: extract.path, ...s },
          `OSM extract loaded in ${s.seconds} s: ${s.nodes} nodes, ${s.ways} ways, ${s.addresses} addresses, ${s.streets} streets, ${s.places} places`,
        );
      }
    }
    else void geo.get().catch((error: unknown) => logger.error({ err: error }, "geo services failed to load"));
  }
  // Per app instance (never prom-client's global registry); the Prometheus part only with METRICS_TOKEN.
  const metrics = createMetrics({ prometheus: Boolean(env.METRICS_TOKEN) });
  const solver = createSolverPool(env.SOLVER_WORKERS, env.SOLVER_MAX_QUEUE, { onSolved: metrics.onSolved });
  metrics.watch({ solver: () => solver.stats(), mailBacklog: () => mailBacklog(database.db) });
  if (env.NODE_ENV !== "test") solver.warm();
  // SPEC §9 rate limits: categories, auth, global per tier (shared through PostgreSQL when there is one).
  const limiters = createRateLimiters(env, database.db, database.kind, logger);
  // One process on PGlite: in memory. A PostgreSQL server may have several processes: LISTEN/NOTIFY.
  const realtime =
    options.realtime ?? (env.DATABASE_URL && database.kind === "postgres" ? await createPostgresBus(env.DATABASE_URL, logger) : createMemoryBus());
  const sockets = createSocketHub({ bus: realtime, logger, heartbeatMs: env.REALTIME_HEARTBEAT_MS, liveSessions: (ids) => liveSessionIds(database.db, ids) });
  // Customer contacts stored plain before migration 0012 are sealed now (batches; resumed by the next start).
  await sealPlainContacts(database.db, encryption, logger);
  // Several processes on PostgreSQL: a rotation's new version is read within 30 s (keys:rotate waits 35 s before using it).
  const keyPoll = env.NODE_ENV !== "test" && database.kind === "postgres" ? setInterval(() => void encryption.refresh().catch(() => undefined), 30_000).unref() : null;
  const storage = createLocalStorage({ db: database.db, root: path.join(env.DATA_DIR, "storage"), secret });
  // The job queue on the same database (decision 013); pg-boss starts on first use.
  const queue = createJobQueue({ database, databaseUrl: env.DATABASE_URL, logger });
  const deps: AppDeps = { env, database, db: database.db, logger, mailer, auth, geo, solver, limiters, baseUrl, realtime, sockets, encryption, storage, security: createSecurityState(), metrics, queue };
  // SPEC §4 security initialisation: the encryption self-test sets encryptionHealth (a critical alert when it fails).
  await runEncryptionSelfTest(deps);
  // SPEC §9 error rate: this process's own 5xx count, checked every 30 s (not in tests: they call the check).
  const stopErrorRate = env.NODE_ENV === "test" ? () => undefined : startErrorRateChecks(deps);
  // Queue consumers unless WORKERS=0: the security check (30 s), late routes and held customer e-mails
  // (60 s), once across processes, and the API jobs (not in tests: they start consumers themselves).
  const stopConsumers = env.NODE_ENV === "test" || env.WORKERS === 0 ? () => undefined : await startConsumers(deps);
  return {
    app: createApp(deps),
    deps,
    close: async () => {
      if (keyPoll) clearInterval(keyPoll);
      stopErrorRate();
      stopConsumers();
      // Waits for jobs in progress (up to the shutdown timeout); an unfinished one is retried elsewhere.
      await queue.close(env.SHUTDOWN_TIMEOUT_MS);
      limiters.close();
      mailer.close();
      sockets.close();
      await realtime.close();
      await solver.close();
      await database.close();
    },
  };
}
