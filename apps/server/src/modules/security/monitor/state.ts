import { securityLimits } from "@routepilot/contracts";
import type { SecurityState } from "../../../lib/ports";
export type { SecurityState } from "../../../lib/ports";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Server errors (5xx) answered by this process in the last hour: a sliding window of timestamps,
 * trimmed as it goes. Each process counts its own (the error-rate rule runs in every process and
 * raises one deduplicated alert), so nothing is written to the database per error.
 */
export class ErrorRateWindow {
  private readonly times: number[] = [];

  record(now: number = Date.now()): void {
    this.times.push(now);
    // Past the threshold only the count matters: keep the window bounded.
    if (this.times.length > securityLimits.errorsPerHour * 20) this.trim(now);
  }

  count(now: number = Date.now()): number {
    this.trim(now);
    return this.times.length;
  }

  private trim(now: number): void {
    const since = now - HOUR_MS;
    let drop = 0;
    while (drop < this.times.length && this.times[drop]! <= since) drop += 1;
    if (drop > 0) this.times.splice(0, drop);
  }
}

export function createSecurityState(now: Date = new Date()): SecurityState {
  return { startedAt: now, encryptionHealth: 100, errors: new ErrorRateWindow() };
}
