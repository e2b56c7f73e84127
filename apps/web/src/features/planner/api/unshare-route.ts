import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** DELETE /api/routes/:id/share → 204; the link stops working at once. */
export function unshareRoute(id: string): Promise<void> {
  return apiRequest<void>(`/api/routes/${encodeURIComponent(id)}/share`, { method: "DELETE" });
}

export function useUnshareRoute() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not revoke the link" }, mutationFn: unshareRoute, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] }) });
}
