import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { fleetPlanListSchema, planDetailSchema, type CreatePlanInput, type PlanDetail } from "@routepilot/contracts";
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
  // The planner shows the failure under its "Plan n orders" button, naming each order (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: createPlan, onSuccess: (_data, { teamId }) => queryClient.invalidateQueries({ queryKey: fleetKeys.plans(teamId) }) });
}

/** GET /api/teams/{teamId}/plans/{id}: status, progress and, once done, routes, unassigned orders, totals, locks and violations. */
export function getPlan(teamId: string, planId: string, signal?: AbortSignal): Promise<PlanDetail> {
  return apiRequest(`${teamPath(teamId)}/plans/${encodeURIComponent(planId)}`, { schema: planDetailSchema, signal });
}

const working = (plan: PlanDetail | undefined) => !plan || plan.status === "queued" || plan.status === "solving";

/**
 * A plan, polled every second while the engine works on it; `plan_progress` / `plan_done` on the
 * team's realtime topic refresh it at once.
 */
export function usePlan(teamId: string, planId: string | null) {
  const queryClient = useQueryClient();
  useRealtimeMessages(`team:${teamId}`, (message) => {
    if (message.type === "plan_progress" || message.type === "plan_done") void queryClient.invalidateQueries({ queryKey: fleetKeys.plans(teamId) });
  });
  return useQuery({
    queryKey: fleetKeys.plan(teamId, planId ?? ""),
    queryFn: ({ signal }) => getPlan(teamId, planId!, signal),
    enabled: planId !== null,
    staleTime: 0,
    refetchInterval: (query) => (working(query.state.data) ? 1000 : false),
  });
}

/** GET /api/teams/{teamId}/plans?date=: the team's plans for a day, newest first. */
export function useDayPlans(teamId: string, date: string) {
  return useQuery({
    queryKey: [...fleetKeys.plans(teamId), "day", date],
    queryFn: ({ signal }) => apiRequest(`${teamPath(teamId)}/plans?date=${encodeURIComponent(date)}`, { schema: fleetPlanListSchema, signal }).then((r) => r.plans),
    enabled: date !== "",
  });
}
