// The fleet plans' runner (decision 013): a plan is solved in the background, in this process or,
// from an API process with WORKERS=0, by a worker process through pg-boss. It keeps the plans
// solving here (so tests and shutdown can wait for them), beats a heartbeat on each, and sweeps up
// the plans a restart cut off. It knows nothing of plans but the `PlanWork` it is given.
import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "@routepilot/db";
import type { Logger } from "../lib/logger";
import type { JobQueue } from "./queue";

/** What the runner does to plans, given by the fleet plans module. */
export interface PlanWork {
  /** Solves the plan in this process: matrix, engine, result (a failure is stored on the plan). */
  solve(planId: string): Promise<void>;
  /** A sign of life on the plan's row, so no other process takes it for one cut off by a restart. */
  touch(planId: string): Promise<unknown>;
  /**
   * Queues again the plans queued or solving, silent since `cutoff` and not dispatched (only
   * `planId` when given), in one statement so that of two processes only one claims each; their ids.
   */
  claimInterrupted(cutoff: Date, planId?: string): Promise<string[]>;
  /** Whether the plan still waits for a solve (queued or solving, not dispatched). */
  isWaiting(planId: string): Promise<boolean>;
}

export interface PlanRunnerDeps {
  logger: Logger;
  /** WORKERS=0 with a queue: plans are handed to the worker processes. */
  env?: { WORKERS: number } | undefined;
  queue?: JobQueue | undefined;
  /** On the embedded database (one process by construction) nothing else can be solving. */
  database?: Pick<DatabaseHandle, "kind"> | undefined;
}

/**
 * A live solve touches its plan row at least this often (progress, or a heartbeat while the
 * matrix is built); a plan queued or solving and silent for STALE_AFTER_MS was cut off by a restart.
 */
const HEARTBEAT_MS = 30_000;
const STALE_AFTER_MS = 2 * 60_000;

/** Plans being solved on this process, so tests and shutdown can wait for them. */
const running = new Map<string, Promise<void>>();
/** Recovery sweeps under way (they start plans). */
const sweeps = new Set<Promise<unknown>>();

/** Resolves when no plan is being solved and no sweep runs on this process. */
export const waitForPlans = async () => {
  while (running.size > 0 || sweeps.size > 0) await Promise.allSettled([...running.values(), ...sweeps]);
};

/** A plan queued or solving, last touched at `touchedAt`, not solved here and silent too long: cut off by a restart. */
export const isCutOff = (planId: string, touchedAt: Date): boolean => !running.has(planId) && Date.now() - touchedAt.getTime() > STALE_AFTER_MS;

/** Solves the plan here with a heartbeat: sign of life while nothing else touches the row (a long matrix, storing). */
async function solveHere(work: PlanWork, planId: string): Promise<void> {
  const heartbeat = setInterval(() => void work.touch(planId).catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await work.solve(planId);
  } finally {
    clearInterval(heartbeat);
  }
}

/** Starts solving a plan in the background: here, or through the queue from an API process with WORKERS=0. */
export function runPlan(deps: PlanRunnerDeps, work: PlanWork, planId: string): void {
  const job = (deps.env?.WORKERS === 0 && deps.queue ? queuePlan(deps, deps.queue, work, planId) : solveHere(work, planId)).finally(() => running.delete(planId));
  running.set(planId, job);
}

/**
 * Re-queues the plans a previous process left queued or solving (their orders are stored) and
 * solves them here. Safe with several processes: one UPDATE … RETURNING claims only plans silent
 * for `staleAfterMs` — a plan another live process solves is touched every HEARTBEAT_MS and left
 * alone, and of two processes sweeping at once only one gets each row. On the embedded database
 * (one process by construction) nothing else can be solving, so every such plan is claimed.
 */
export async function resumeStalePlans(deps: PlanRunnerDeps, work: PlanWork, options: { planId?: string; staleAfterMs?: number } = {}): Promise<string[]> {
  const staleAfterMs = options.staleAfterMs ?? (deps.database?.kind === "pglite" && options.planId === undefined ? 0 : STALE_AFTER_MS);
  const cutoff = new Date(Date.now() - staleAfterMs);
  const claimed = await work.claimInterrupted(cutoff, options.planId);
  const resumed = claimed.filter((id) => !running.has(id));
  for (const id of resumed) {
    deps.logger.info({ planId: id }, "fleet plan cut off by a restart: solving it again");
    runPlan(deps, work, id);
  }
  return resumed;
}

/**
 * On server start: resumes interrupted plans at once, then checks every minute (on PostgreSQL a
 * plan cut off less than STALE_AFTER_MS before this start is claimed by a later check). Returns
 * the function that stops the checks.
 */
export function startStalePlanSweeps(deps: PlanRunnerDeps, work: PlanWork, everyMs = 60_000): () => void {
  let first = true;
  const sweep = () => {
    const options = first ? {} : { staleAfterMs: STALE_AFTER_MS };
    first = false;
    const sweep = resumeStalePlans(deps, work, options)
      .catch((err: unknown) => deps.logger.error({ err }, "fleet plan recovery failed"))
      .finally(() => sweeps.delete(sweep));
    sweeps.add(sweep);
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The queue of fleet plans solved by worker processes (decision 013): its job carries the plan id. */
export const FLEET_PLANS_QUEUE = "fleet-plans";

/**
 * A plan lost with its worker is retried after this long: the longest search a plan may ask for
 * (settings' time limit) plus the matrix and storing, with room to spare.
 */
const FLEET_PLAN_EXPIRE_SECONDS = 15 * 60;

export async function ensureFleetPlansQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(FLEET_PLANS_QUEUE, { name: FLEET_PLANS_QUEUE, policy: "standard", retryLimit: 2, retryDelay: 1, expireInSeconds: FLEET_PLAN_EXPIRE_SECONDS });
}

/**
 * An API process that consumes nothing (WORKERS=0) hands the plan to the worker processes through
 * the queue; if the queue cannot take it, the plan is solved here rather than left waiting. The
 * realtime progress reaches the managers from the worker through the shared bus.
 */
async function queuePlan(deps: PlanRunnerDeps, queue: JobQueue, work: PlanWork, planId: string): Promise<void> {
  try {
    const boss = await queue.boss();
    await ensureFleetPlansQueue(boss);
    await boss.send(FLEET_PLANS_QUEUE, { planId });
  } catch (err) {
    deps.logger.error({ err, planId }, "could not queue the fleet plan: solving it in this process");
    await solveHere(work, planId);
  }
}

/**
 * The queue's consumer (a worker, or an API process with WORKERS > 0): solves a plan still waiting
 * or being solved (a retry after a lost worker); a plan already done, failed or dispatched is left
 * as it is.
 */
export async function runQueuedPlan(work: PlanWork, planId: string): Promise<void> {
  if (!(await work.isWaiting(planId))) return;
  const job = solveHere(work, planId).finally(() => running.delete(planId));
  running.set(planId, job);
  await job;
}
