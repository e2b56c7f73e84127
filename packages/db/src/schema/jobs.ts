import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Asynchronous optimisation jobs of the public API (POST /api/v1/jobs, decision 013). The queue
 * (pg-boss) carries only the id; this row holds the input, the status the API reads, the VROOM
 * output, and `charged_at`: the quota is charged in the transaction that sets it, only while it is
 * null, so a job retried after a worker died is never charged twice. Deleted 7 days after it ends.
 */
export const apiJobs = pgTable(
  "api_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The API key that submitted it (no foreign key: a revoked, deleted key keeps its jobs). */
    apiKeyId: text("api_key_id"),
    /** queued | running | done | failed | cancelled */
    status: text("status").notNull().default("queued"),
    /** 0–1 while running. */
    progress: real("progress").notNull().default(0),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    /** VROOM output once done; VROOM's error `{ code, error }` once failed. */
    result: jsonb("result").$type<Record<string, unknown>>(),
    webhookUrl: text("webhook_url"),
    /** Set once, with the quota charge, in one transaction. */
    chargedAt: timestamp("charged_at", { withTimezone: true }),
    routesCharged: integer("routes_charged"),
    /** Times a worker started it (more than 1 after a worker died mid-job). */
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("api_jobs_user_created_idx").on(t.userId, t.createdAt), index("api_jobs_finished_idx").on(t.finishedAt)],
);
