// Periodic work that must run once across every process on the database (decision 013). Each
// consumer process offers every task once per period: pg-boss's singleton slot (singletonKey +
// singletonSeconds, a unique index on name, slot and key) keeps one job per period however many
// processes offer it, and one consumer runs it.
import type PgBoss from "pg-boss";
import { securityLimits } from "@routepilot/contracts";
import type { AppDeps } from "../lib/context";
import { checkErrorRate, runSecurityCheck } from "../modules/security/monitor/jobs";
import { checkLateRoutes } from "../modules/driver/late";
import { sendDueMessages } from "../modules/live/customer-messages";
import { deleteExpiredApiJobs } from "../modules/public-api/api-jobs";
import { runRetention } from "../modules/system/retention";

export interface PeriodicTask {
  name: string;
  everySeconds: number;
  run(deps: AppDeps): Promise<unknown>;
}

export const PERIODIC_TASKS: readonly PeriodicTask[] = [
  // SPEC §4/§9 alert life cycle: auto-resolve, delete, trim, high volume (every 30 s).
  { name: "security-check", everySeconds: securityLimits.checkIntervalMs / 1000, run: (deps) => runSecurityCheck(deps.db, deps.logger) },
  // Dispatched routes running more than 15 minutes late alert their managers.
  { name: "late-routes", everySeconds: 60, run: (deps) => checkLateRoutes(deps) },
  // Customer e-mails held for quiet hours: batch after batch until nothing is due.
  {
    name: "customer-messages",
    everySeconds: 60,
    run: async (deps) => {
      while ((await sendDueMessages(deps)) > 0);
    },
  },
  // E-mails whose SMTP delivery failed: tried again with a growing wait (platform/mail/mail.ts MAIL_RETRY).
  { name: "mail-retry", everySeconds: 60, run: (deps) => deps.mailer.retryFailed() },
  // API jobs and their results are deleted 7 days after they end.
  { name: "api-jobs-cleanup", everySeconds: 3600, run: (deps) => deleteExpiredApiJobs(deps) },
  // Audit log, CSP reports and rate-limit violations past their retention (modules/system/retention.ts, decision 024).
  { name: "retention", everySeconds: 3600, run: (deps) => runRetention(deps.db, deps.logger) },
];

/** How often each process offers the tasks (the slot, not this tick, sets how often they run). */
const OFFER_EVERY_MS = 5_000;

/** Creates the tasks' queues and their consumers, then offers each task every period. */
export async function startPeriodicTasks(deps: AppDeps, boss: PgBoss, tasks: readonly PeriodicTask[] = PERIODIC_TASKS): Promise<() => void> {
  for (const task of tasks) {
    // A missed run is simply the next period's: no retries; a stuck run expires after 5 minutes.
    await boss.createQueue(task.name, { name: task.name, policy: "standard", retryLimit: 0, expireInSeconds: 300 });
    await boss.work(task.name, { pollingIntervalSeconds: 2 }, async () => {
      await task.run(deps);
    });
  }
  const offer = () => {
    for (const task of tasks) {
      boss
        .send(task.name, {}, { singletonKey: task.name, singletonSeconds: task.everySeconds, retryLimit: 0 })
        .catch((err: unknown) => deps.logger.error({ err, task: task.name }, "periodic task could not be queued"));
    }
  };
  offer();
  const timer = setInterval(offer, OFFER_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * SPEC §9 error rate: every API process counts its own 5xx (SecurityState), so each one checks its
 * own count every 30 s (the alert is deduplicated). This stays a timer in the API process.
 */
export function startErrorRateChecks(deps: Pick<AppDeps, "db" | "logger" | "security">, intervalMs: number = securityLimits.checkIntervalMs): () => void {
  const timer = setInterval(() => {
    checkErrorRate(deps.db, deps.logger, deps.security).catch((err: unknown) => deps.logger.error({ err }, "error rate check failed"));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
