import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { planSchema, type CreatePlanInput, type Plan } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useRealtimeMessages } from "@/lib/realtime";
import { fleetKeys } from "@/features/fleet/api/keys";

const createdSchema = z.object({ id: z.string() });
const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

/** POST /api/teams/{teamId}/plans → 202 { id }: the engine plans it in the background. */
export function createPlan({ teamId, input }: { teamId: string; input: CreatePlanInput }): Promise<{ id: string }> {
  return apiRequest(`${teamPath(teamId)}/plans`, { method: "POST", body: input, schema: createdSchema });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSuccess: (_data, { teamId }) => queryClient.invalidateQueries({ queryKey: fleetKeys.plans(teamId) }) });
}

/** GET /api/teams/{teamId}/plans/{id}: status, progress and, once done, routes, unassigned orders and totals. */
export function getPlan(teamId: string, planId: string, signal?: AbortSignal): Promise<Plan> {
  return apiRequest(`${teamPath(teamId)}/plans/${encodeURIComponent(planId)}`, { schema: planSchema, signal });
}

const working = (plan: Plan | undefined) => !plan || plan.status === "queued" || plan.status === "solving";

/**
 * A plan, polled every second while the engine works on it; `plan_progress` / `plan_done` on the
 * team's realtime topic refresh it at once.
 */
export function usePlan(teamId: string, planId: string | null) {
  const queryClient = useQueryClient();
  useRealtimeMessages(`team:${teamId}`, (message) => {
    if ((message.type === "plan_progress" || message.type === "plan_done") && planId) void queryClient.invalidateQueries({ queryKey: fleetKeys.plan(teamId, planId) });
  });
  return useQuery({
    queryKey: fleetKeys.plan(teamId, planId ?? ""),
    queryFn: ({ signal }) => getPlan(teamId, planId!, signal),
    enabled: planId !== null,
    staleTime: 0,
    refetchInterval: (query) => (working(query.state.data) ? 1000 : false),
  });
}
