import { usageStanding, type UsageStanding, type UsageSummary } from "@routepilot/contracts";

export type UsageMeter = UsageStanding;

/**
 * What the usage bar shows for a usage summary: the one wording of contracts' `usageStanding`
 * (the dashboard's plan card uses it too). Team members count against their team allocation.
 * Warning from 80 % (SPEC §9's first warning e-mail), "full" at the limit, "over" past it.
 */
export function usageMeter(usage: UsageSummary): UsageMeter {
  return usageStanding(usage);
}
