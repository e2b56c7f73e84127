import { rateLimitViolations, type Database } from "@routepilot/db";
import type { Logger } from "../../../lib/logger";
import { raiseAlert } from "../alerts";
import type { LimitSubject } from "../../../lib/ports";

export interface Violation {
  category: string;
  subject: LimitSubject;
  /** The subject's consecutive violations, this one included. */
  violations: number;
  blockedSeconds: number;
}

export interface ViolationRecorder {
  /** Records one violation; never throws (a failure to record must not turn the 429 into a 500). */
  record(violation: Violation): Promise<void>;
}

/** From the 3rd consecutive violation of one subject the alert is high, before that medium (decision 010). */
export const HIGH_SEVERITY_FROM_VIOLATION = 3;

/**
 * Writes a `rate_limit_violations` row and raises (or counts again) the subject's rate-limit
 * alert. Runs on the pool, outside any request transaction.
 */
export function createViolationRecorder(db: Database, logger: Logger): ViolationRecorder {
  return {
    async record({ category, subject, violations, blockedSeconds }) {
      try {
        await db.insert(rateLimitViolations).values({
          category,
          subject: subject.key,
          userId: subject.userId ?? null,
          ipAddress: subject.ip,
          path: subject.path.slice(0, 500),
          violations,
          blockedSeconds,
        });
      } catch (error) {
        logger.error({ err: error, category }, "could not record a rate-limit violation");
      }
      logger.warn({ category, subject: subject.key, path: subject.path, violations, blockedSeconds }, "rate limit exceeded");
      await raiseAlert(db, logger, {
        type: "rate_limit",
        severity: violations >= HIGH_SEVERITY_FROM_VIOLATION ? "high" : "medium",
        source: `rate-limiter:${category}`,
        details: { category, subject: subject.key, userId: subject.userId ?? null, ip: subject.ip, path: subject.path, violations, blockedSeconds },
        dedupeKey: `rate_limit:${category}:${subject.key}`,
      });
    },
  };
}
