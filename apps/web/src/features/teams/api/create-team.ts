import { useMutation, useQueryClient } from "@tanstack/react-query";
import { teamSchema, type CreateTeam, type Team } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** POST /api/teams → 201 the new team (403 with a message naming the plans without teams access). */
export function createTeam(body: CreateTeam): Promise<Team> {
  return apiRequest("/api/teams", { method: "POST", body, schema: teamSchema });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  // The create form shows the failure at its field or under it (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: createTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
