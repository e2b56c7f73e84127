import { queryKeys } from "@/lib/query-keys";

/** Query keys of the fleet feature. The team list sits under the shared `teams` key (realtime refreshes it). */
export const fleetKeys = {
  teams: () => [...queryKeys.teams, "fleet-list"] as const,
  all: (teamId: string) => ["fleet", teamId] as const,
  vehicles: (teamId: string) => ["fleet", teamId, "vehicles"] as const,
  drivers: (teamId: string) => ["fleet", teamId, "drivers"] as const,
  settings: (teamId: string) => ["fleet", teamId, "settings"] as const,
  plans: (teamId: string) => ["fleet", teamId, "plans"] as const,
  plan: (teamId: string, planId: string) => ["fleet", teamId, "plans", planId] as const,
  orderDraft: (teamId: string, date: string) => ["fleet", teamId, "order-drafts", date] as const,
};
