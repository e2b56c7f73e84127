import { useMutation, useQueryClient } from "@tanstack/react-query";
import { savedLocationSchema, type SavedLocation, type UpdateSavedLocation } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { savedLocationsQueryKey } from "@/features/settings/api/get-saved-locations";
import { preferencesQueryKey } from "@/features/settings/api/get-preferences";

/** PATCH /api/saved-locations/:id → the updated location. */
export function updateSavedLocation({ id, ...body }: UpdateSavedLocation & { id: string }): Promise<SavedLocation> {
  return apiRequest(`/api/saved-locations/${encodeURIComponent(id)}`, { method: "PATCH", body, schema: savedLocationSchema });
}

export function useUpdateSavedLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The rename dialog shows the failure under the name (decision 018).
    meta: { errorShownInline: true },
    mutationFn: updateSavedLocation,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savedLocationsQueryKey }),
        // Preferences embed the default start/end locations by value.
        queryClient.invalidateQueries({ queryKey: preferencesQueryKey }),
      ]);
    },
  });
}
