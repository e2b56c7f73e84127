import { queryKeys } from "@/lib/query-keys";

/** Query keys of the teams feature, all under the shared `teams` key that realtime messages refresh. */
export const teamKeys = {
  all: queryKeys.teams,
  list: () => [...queryKeys.teams, "list"] as const,
  detail: (teamId: string) => [...queryKeys.teams, "detail", teamId] as const,
  invitation: (token: string) => [...queryKeys.teams, "invitation", token] as const,
};
