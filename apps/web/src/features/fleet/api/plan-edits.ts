import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  dispatchResultSchema,
  planComparisonSchema,
  planDetailSchema,
  type DispatchPlanInput,
  type PlanDetail,
  type PlanLock,
  type PlanMove,
  type PlanVariantInput,
} from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import type { MutationErrorMeta } from "@/lib/query-client";
import { fleetKeys } from "@/features/fleet/api/keys";

const planPath = (teamId: string, planId: string) => `/api/teams/${encodeURIComponent(teamId)}/plans/${encodeURIComponent(planId)}`;
const acceptedSchema = z.object({ id: z.string() });
type PlanRef = { teamId: string; planId: string };

/** POST …/plans/{id}/moves: the plan after the move, with what it breaks as violations. */
export function movePlanStop({ teamId, planId, move }: PlanRef & { move: PlanMove }): Promise<PlanDetail> {
  return apiRequest(`${planPath(teamId, planId)}/moves`, { method: "POST", body: move, schema: planDetailSchema });
}

/** PUT …/plans/{id}/locks: the plan's locks, all of them. */
export function savePlanLocks({ teamId, planId, locks }: PlanRef & { locks: PlanLock[] }): Promise<PlanDetail> {
  return apiRequest(`${planPath(teamId, planId)}/locks`, { method: "PUT", body: { locks }, schema: planDetailSchema });
}

/** POST …/plans/{id}/replan → 202: solved again keeping the locks. */
export function replan({ teamId, planId }: PlanRef): Promise<{ id: string }> {
  return apiRequest(`${planPath(teamId, planId)}/replan`, { method: "POST", body: {}, schema: acceptedSchema });
}

/** POST …/plans/{id}/variants → 202 { id } of the new variant. */
export function createVariant({ teamId, planId, variant }: PlanRef & { variant: PlanVariantInput }): Promise<{ id: string }> {
  return apiRequest(`${planPath(teamId, planId)}/variants`, { method: "POST", body: variant, schema: acceptedSchema });
}

/** POST …/plans/{id}/dispatch: each route to its driver; the plan is frozen. */
export function dispatchPlan({ teamId, planId, input }: PlanRef & { input: DispatchPlanInput }) {
  return apiRequest(`${planPath(teamId, planId)}/dispatch`, { method: "POST", body: input, schema: dispatchResultSchema });
}

/**
 * Every edit answers with the plan (or starts solving it): the plan and the team's plan list are
 * refreshed. A failure is the app's error toast under `meta.errorTitle` (decision 018).
 */
function usePlanMutation<I extends PlanRef, O>(fn: (input: I) => Promise<O>, meta: MutationErrorMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: fn,
    onSuccess: async (data, { teamId, planId }) => {
      // Moves and locks answer with the plan itself (a dispatch answers with its routes, a re-plan or variant with an id).
      if (data && typeof data === "object" && "status" in data && "locks" in data) queryClient.setQueryData(fleetKeys.plan(teamId, planId), data);
      await queryClient.invalidateQueries({ queryKey: fleetKeys.plans(teamId) });
      await queryClient.invalidateQueries({ queryKey: fleetKeys.plan(teamId, planId) });
    },
  });
}

/** A 409 naming fields: drivers who do not fit their routes, listed by the dispatch button with "Dispatch anyway". */
export const isDispatchWarning = (error: unknown) => error instanceof ApiError && error.status === 409 && error.fields !== undefined;

export const useMovePlanStop = () => usePlanMutation(movePlanStop, { errorTitle: "Could not move the stop" });
export const useSavePlanLocks = () => usePlanMutation(savePlanLocks, { errorTitle: "Could not save the locks" });
export const useReplan = () => usePlanMutation(replan, { errorTitle: "Could not re-plan" });
export const useCreateVariant = () => usePlanMutation(createVariant, { errorTitle: "Could not make the variant" });
// Every dispatch failure shows by the dispatch button (the drivers' warnings with "Dispatch anyway", the rest as the server's message).
export const useDispatchPlan = () => usePlanMutation(dispatchPlan, { errorTitle: "Could not dispatch the plan", errorShownInline: true });

/** GET …/plans/{id}/compare?with=id2,id3: the plans' totals side by side. */
export function useComparePlans(teamId: string, planIds: string[]) {
  const [first, ...others] = planIds;
  return useQuery({
    queryKey: [...fleetKeys.plans(teamId), "compare", ...planIds],
    queryFn: ({ signal }) =>
      apiRequest(`${planPath(teamId, first!)}/compare${others.length ? `?with=${others.map(encodeURIComponent).join(",")}` : ""}`, { schema: planComparisonSchema, signal }),
    enabled: planIds.length > 1,
    staleTime: 0,
    // Variants are solved in the background: refreshed every second until all are finished.
    refetchInterval: (query) => (query.state.data?.plans.some((p) => p.status === "queued" || p.status === "solving") ? 1000 : false),
  });
}
