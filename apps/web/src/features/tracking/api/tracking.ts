import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { customerUnsubscribeSchema, trackingSchema, type CustomerUnsubscribe, type Tracking } from "@routepilot/contracts";
import { apiRequest, ApiError } from "@/lib/api-client";

/** How often the public tracking page asks again (it has no socket). */
export const TRACKING_REFRESH_MS = 30_000;

/** A link that will not start working on a retry: unknown, expired or malformed (404/400). */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A dead link stays dead: no retry on 400/404. */
const retryUnlessGone = (count: number, error: unknown) => !isGone(error) && count < 1;

/** GET /api/track/:token (public) → the customer's delivery; 404 when unknown or expired. */
export function getTracking(token: string, signal?: AbortSignal): Promise<Tracking> {
  return apiRequest(`/api/track/${encodeURIComponent(token)}`, { schema: trackingSchema, signal });
}

export function useTracking(token: string) {
  return useQuery({
    queryKey: ["tracking", token],
    queryFn: ({ signal }) => getTracking(token, signal),
    retry: retryUnlessGone,
    // Stop asking once the link is dead.
    refetchInterval: (query) => (isGone(query.state.error) ? false : TRACKING_REFRESH_MS),
  });
}

const unsubscribePath = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** GET /api/unsubscribe/:token (public) → which team stops writing to which address. */
export function getUnsubscribe(token: string, signal?: AbortSignal): Promise<CustomerUnsubscribe> {
  return apiRequest(unsubscribePath(token), { schema: customerUnsubscribeSchema, signal });
}

export function useUnsubscribe(token: string) {
  return useQuery({ queryKey: ["unsubscribe", token], queryFn: ({ signal }) => getUnsubscribe(token, signal), retry: retryUnlessGone });
}

/** POST /api/unsubscribe/:token: records it. */
export function useConfirmUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The page shows the failure under its button (decision 018).
    meta: { errorShownInline: true },
    mutationFn: () => apiRequest(unsubscribePath(token), { method: "POST", schema: customerUnsubscribeSchema }),
    onSuccess: (data) => queryClient.setQueryData(["unsubscribe", token], data),
  });
}
