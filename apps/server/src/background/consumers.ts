// The consumers a process runs when WORKERS > 0: the periodic tasks, the API jobs, and the fleet
// plans that API processes with WORKERS=0 hand over. The API process runs them by default;
// `npm run worker` runs only them; WORKERS=0 turns them off.
import type { AppDeps } from "../lib/context";
import { API_JOBS_QUEUE, ensureApiJobsQueue, runApiJob } from "../modules/public-api/api-jobs";
import { solveQueuedPlan } from "../modules/fleet/plans";
import { ensureFleetPlansQueue, FLEET_PLANS_QUEUE } from "./plan-runner";
import { startPeriodicTasks } from "./periodic";

export async function startConsumers(deps: AppDeps): Promise<() => void> {
  const boss = await deps.queue.boss();
  const stopPeriodic = await startPeriodicTasks(deps, boss);
  await ensureApiJobsQueue(boss, deps.env.API_JOB_EXPIRE_SECONDS);
  // WORKERS pollers, one job each: a failed job is retried alone (the solver pool runs the searches).
  for (let i = 0; i < Math.max(1, deps.env.WORKERS); i++) {
    await boss.work<{ jobId: string }>(API_JOBS_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
      if (job) await runApiJob(deps, job.data.jobId);
    });
  }
  // Fleet plans handed over by API processes with WORKERS=0 (one at a time per poller, like API jobs).
  await ensureFleetPlansQueue(boss);
  for (let i = 0; i < Math.max(1, deps.env.WORKERS); i++) {
    await boss.work<{ planId: string }>(FLEET_PLANS_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
      if (job) await solveQueuedPlan(deps, job.data.planId);
    });
  }
  return () => {
    stopPeriodic();
  };
}
