import { useQuery } from "@tanstack/react-query";
import { teamListSchema, type TeamListItem } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { fleetKeys } from "@/features/fleet/api/keys";

/** Team roles that plan the fleet (owner and admin count as managers, issue 11). */
const managerRoles = new Set<TeamListItem["role"]>(["owner", "admin", "manager"]);

/** GET /api/teams, keeping the teams the caller manages the fleet of. */
export async function getFleetTeams(signal?: AbortSignal): Promise<TeamListItem[]> {
  const { teams } = await apiRequest("/api/teams", { schema: teamListSchema, signal });
  return teams.filter((t) => managerRoles.has(t.role));
}

export function useFleetTeams(enabled = true) {
  return useQuery({ queryKey: fleetKeys.teams(), queryFn: ({ signal }) => getFleetTeams(signal), enabled });
}
