import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Better Auth's two-factor plugin table (TOTP secret and backup codes, both encrypted by the
 * plugin). One row per user who started or finished setting up two-factor authentication.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * rate-limiter-flexible's store (RateLimiterDrizzle): one row per limiter key ("{category}:{who}"),
 * shared by every server process on the database. `expire` null means no expiry.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/** Every rate-limit denial (SPEC §9): what the dashboard counts by category. */
export const rateLimitViolations = pgTable(
  "rate_limit_violations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    category: text("category").notNull(),
    /** Who was counted: "user:{id}", "ip:{address}", "account:{email}|{ip}". */
    subject: text("subject").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    path: text("path"),
    /** How many times this subject has been over the limit in a row (drives the doubling penalty). */
    violations: integer("violations").notNull().default(1),
    blockedSeconds: integer("blocked_seconds").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_violations_created_idx").on(t.createdAt), index("rate_limit_violations_category_idx").on(t.category, t.createdAt)],
);

/** SPEC §3/§4 security alert: active → resolved (by hand, or on its own after 24 h unless critical). */
export const securityAlerts = pgTable(
  "security_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    severity: text("severity").notNull(),
    source: text("source").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** active, resolved, or any status an administrator sets later (SPEC §3). */
    status: text("status").notNull().default("active"),
    autoResolved: boolean("auto_resolved").notNull().default(false),
    /** Alerts with the same key while one is active are counted on it instead of repeated. */
    dedupeKey: text("dedupe_key"),
    occurrences: integer("occurrences").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("security_alerts_severity_check", sql`${t.severity} in ('critical', 'high', 'medium', 'low')`),
    index("security_alerts_status_idx").on(t.status, t.createdAt),
    index("security_alerts_created_idx").on(t.createdAt),
    index("security_alerts_dedupe_idx").on(t.dedupeKey, t.status),
  ],
);

/** Content-Security-Policy violation reports sent by browsers to /api/csp-report. */
export const cspReports = pgTable(
  "csp_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentUri: text("document_uri"),
    violatedDirective: text("violated_directive"),
    blockedUri: text("blocked_uri"),
    report: jsonb("report").$type<Record<string, unknown>>().notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("csp_reports_created_idx").on(t.createdAt)],
);

/**
 * Scheduled jobs that must run once across all server processes (alert life cycle, trimming):
 * a process runs a job only after claiming its row with one conditional UPDATE.
 */
export const scheduledJobRuns = pgTable("scheduled_job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
  lastRunBy: text("last_run_by"),
});

/**
 * Field-encryption key versions 2 and up (SPEC §4 rotation; at most 3 versions are kept): each
 * 256-bit key is stored wrapped (AES-256-GCM) under the master key (ENCRYPTION_MASTER_KEY, or the
 * key file in DATA_DIR), so every server process on the database reads the same keyring.
 */
export const encryptionKeys = pgTable("encryption_keys", {
  version: integer("version").primaryKey(),
  /** The key, encrypted under the master key (an encrypted field record as JSON). */
  wrappedKey: text("wrapped_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
