// Asynchronous optimisation jobs of the public API (POST/GET/DELETE /api/v1/jobs, decision 013).
// The row in api_jobs is the job; pg-boss carries its id to whichever process consumes the queue.
import { createHmac } from "node:crypto";
import { and, eq, isNull, lt, inArray, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { apiJobs, user as users } from "@routepilot/db";
import { InvalidProblemError, type VroomOutput } from "@routepilot/solver";
import type { AppDeps } from "../../lib/context";
import { AppError, firstOrThrow, NotFoundError } from "../../lib/errors";
import { assertCanOptimize, type Consumption } from "../billing/usage";
import { afterVroomCharges, chargeVroomRoutes, solveVroom } from "./optimize";
import { checkProblemSize } from "./vroom-problem";
import { checkWebhookUrl, sendWebhook } from "./webhooks";

export const API_JOBS_QUEUE = "api-jobs";
/** Finished jobs (and their results) are deleted this long after they end. */
export const API_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest search a job may ask for with `options.time_limit` (seconds). */
export const API_JOB_MAX_TIME_LIMIT_S = 60;

export type ApiJobStatus = "queued" | "running" | "done" | "failed" | "cancelled";
export interface ApiJobView {
  id: string;
  status: ApiJobStatus;
  progress: number;
  result?: Record<string, unknown>;
  created_at: string;
  finished_at: string | null;
}

type Deps = Pick<AppDeps, "db" | "queue" | "env">;

/** The per-job webhook secret: HMAC of the job id under the server secret, shown once in the 202 answer. */
export function webhookSecret(serverSecret: string, jobId: string): string {
  return createHmac("sha256", serverSecret).update(`api-job-webhook:${jobId}`).digest("base64url");
}

/** The server secret every process shares (BETTER_AUTH_SECRET, or the one kept in DATA_DIR): the key of webhook secrets. */
export function serverSecretOf(deps: Pick<AppDeps, "auth">): string {
  return deps.auth.options.secret as string;
}

/** Creates the queue (idempotent) with its retry policy: a job whose worker died is retried. */
export async function ensureApiJobsQueue(boss: PgBoss, expireInSeconds: number): Promise<void> {
  // A job active longer than expireInSeconds (its worker died) is failed by pg-boss's supervisor and retried.
  await boss.createQueue(API_JOBS_QUEUE, { name: API_JOBS_QUEUE, policy: "standard", retryLimit: API_JOB_RETRIES, retryDelay: 1, expireInSeconds });
}

/** Retries after a failed or lost attempt; the attempt after them marks the job failed. */
const API_JOB_RETRIES = 3;

/** POST /api/v1/jobs → 202: stores the input and queues its id. Bad sizes → 413, bad webhook → 400. */
export async function submitApiJob(
  deps: Deps & { serverSecret: string },
  user: { id: string; email: string },
  apiKeyId: string | null,
  raw: unknown,
): Promise<{ id: string; webhook_secret?: string }> {
  checkProblemSize(raw, false);
  const input = raw as Record<string, unknown>;
  const { webhook_url: webhookUrl, ...problem } = input;
  if (webhookUrl !== undefined) await checkWebhookUrl(webhookUrl, deps.env.WEBHOOK_ALLOW_LOOPBACK);
  await assertCanOptimize(deps.db, user);
  const boss = await deps.queue.boss();
  await ensureApiJobsQueue(boss, deps.env.API_JOB_EXPIRE_SECONDS);
  const { id } = firstOrThrow(
    await deps.db
      .insert(apiJobs)
      .values({ userId: user.id, apiKeyId, input: problem, webhookUrl: typeof webhookUrl === "string" ? webhookUrl : null })
      .returning({ id: apiJobs.id }),
    "API job insert returned no row",
  );
  try {
    await boss.send(API_JOBS_QUEUE, { jobId: id }, { singletonKey: id });
  } catch (error) {
    await deps.db.delete(apiJobs).where(eq(apiJobs.id, id));
    throw error;
  }
  return typeof webhookUrl === "string" ? { id, webhook_secret: webhookSecret(deps.serverSecret, id) } : { id };
}

async function ownJob(deps: Pick<AppDeps, "db">, userId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(apiJobs)
    .where(and(eq(apiJobs.id, id), eq(apiJobs.userId, userId)));
  if (!row) throw new NotFoundError("Job not found");
  return row;
}

/** GET /api/v1/jobs/{id}: another user's job is 404 like a missing one. */
export async function getApiJob(deps: Pick<AppDeps, "db">, user: { id: string }, id: string): Promise<ApiJobView> {
  const row = await ownJob(deps, user.id, id);
  return {
    id: row.id,
    status: row.status as ApiJobStatus,
    progress: row.progress,
    ...(row.result ? { result: row.result } : {}),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** DELETE /api/v1/jobs/{id}: a queued or running job is cancelled (nothing charged); a finished one answers as it is. */
export async function cancelApiJob(deps: Pick<AppDeps, "db">, user: { id: string }, id: string): Promise<ApiJobView> {
  await ownJob(deps, user.id, id);
  const now = new Date();
  await deps.db
    .update(apiJobs)
    .set({ status: "cancelled", finishedAt: now, updatedAt: now })
    .where(and(eq(apiJobs.id, id), inArray(apiJobs.status, ["queued", "running"])));
  return getApiJob(deps, user, id);
}

type WorkerDeps = AppDeps;

/**
 * Runs one job (the queue's handler). Safe to run again after a worker died: a job already done,
 * failed or cancelled is left alone, and the quota is charged in the same transaction that sets
 * charged_at while it is still null, so a retry never charges twice.
 */
export async function runApiJob(deps: WorkerDeps, jobId: string): Promise<void> {
  const now = new Date();
  const [job] = await deps.db
    .update(apiJobs)
    .set({ status: "running", progress: 0, attempts: sql`${apiJobs.attempts} + 1`, updatedAt: now })
    .where(and(eq(apiJobs.id, jobId), inArray(apiJobs.status, ["queued", "running"])))
    .returning();
  if (!job) return;
  if (job.attempts > API_JOB_RETRIES + 1) {
    await finish(deps, jobId, "failed", { code: 1, error: "Internal error while solving" });
    return;
  }
  const [owner] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, job.userId));
  if (!owner) return;
  let output: VroomOutput;
  let lastWrite = 0;
  try {
    output = await solveVroom(deps, job.input, {
      maxTimeLimitS: API_JOB_MAX_TIME_LIMIT_S,
      capMs: deps.env.SOLVER_TIME_LIMIT_MS,
      onProgress: (event, timeLimitMs) => {
        // Progress is the share of the time budget spent, written at most once a second.
        if (event.elapsedMs - lastWrite < 1000) return;
        lastWrite = event.elapsedMs;
        const progress = Math.min(0.99, event.elapsedMs / timeLimitMs);
        void deps.db
          .update(apiJobs)
          .set({ progress, updatedAt: new Date() })
          .where(and(eq(apiJobs.id, jobId), eq(apiJobs.status, "running")))
          .catch(() => undefined);
      },
    });
  } catch (error) {
    if (error instanceof InvalidProblemError) {
      await finish(deps, jobId, "failed", { code: 2, error: error.message });
      return;
    }
    throw error;
  }
  let consumptions: Consumption[] = [];
  const charged = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(apiJobs)
      .set({ status: "done", progress: 1, result: output as unknown as Record<string, unknown>, chargedAt: new Date(), routesCharged: output.routes?.length ?? 0, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(apiJobs.id, jobId), eq(apiJobs.status, "running"), isNull(apiJobs.chargedAt)))
      .returning({ id: apiJobs.id });
    if (!claimed) return false;
    consumptions = await chargeVroomRoutes(tx, owner, output, `api-job:${jobId}`, deps.logger);
    return true;
  }).catch(async (error: unknown) => {
    // Over the quota (no payment method): the job fails with the reason, nothing is charged.
    if (error instanceof AppError && error.status === 402) {
      await finish(deps, jobId, "failed", { code: 1, error: error.message });
      return false;
    }
    throw error;
  });
  // The job is done and charged: what follows (billing, the team's usage, the warning e-mail) must not make the queue retry it.
  if (charged) await afterVroomCharges(deps, owner, consumptions).catch((err: unknown) => deps.logger.error({ err, jobId }, "after-charge work failed"));
  await notify(deps, jobId);
}

async function finish(deps: WorkerDeps, jobId: string, status: "failed", result: Record<string, unknown>): Promise<void> {
  const now = new Date();
  const rows = await deps.db
    .update(apiJobs)
    .set({ status, result, finishedAt: now, updatedAt: now })
    .where(and(eq(apiJobs.id, jobId), eq(apiJobs.status, "running")))
    .returning({ id: apiJobs.id });
  if (rows.length > 0) await notify(deps, jobId);
}

/** Calls the job's webhook once it has ended (failures are logged: the result stays readable by GET). */
async function notify(deps: WorkerDeps, jobId: string): Promise<void> {
  const [job] = await deps.db.select().from(apiJobs).where(eq(apiJobs.id, jobId));
  if (!job?.webhookUrl) return;
  const body = JSON.stringify({ id: job.id, status: job.status, finished_at: job.finishedAt?.toISOString() ?? null });
  await sendWebhook(job.webhookUrl, body, webhookSecret(serverSecretOf(deps), job.id), deps.env.WEBHOOK_ALLOW_LOOPBACK).catch((err: unknown) =>
    deps.logger.warn({ err, jobId }, "job webhook failed"),
  );
}

/** The scheduled cleanup: jobs that ended more than 7 days ago are deleted with their results. */
export async function deleteExpiredApiJobs(deps: Pick<AppDeps, "db">, now: Date = new Date()): Promise<number> {
  const gone = await deps.db
    .delete(apiJobs)
    .where(lt(apiJobs.finishedAt, new Date(now.getTime() - API_JOB_RETENTION_MS)))
    .returning({ id: apiJobs.id });
  return gone.length;
}
