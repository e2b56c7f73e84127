import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** DELETE /api/routes/:id → 204 (its stops and share link go with it). */
export function deleteRoute(id: string): Promise<void> {
  return apiRequest<void>(`/api/routes/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the route" },
    mutationFn: deleteRoute,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...queryKeys.routes, id] });
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] });
    },
  });
}
