import { useMutation, useQueryClient } from "@tanstack/react-query";
import { savedLocationSchema, type CreateSavedLocation, type SavedLocation } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { savedLocationsQueryKey } from "@/features/settings/api/get-saved-locations";

/** POST /api/saved-locations → 201 with the new location. */
export function createSavedLocation(body: CreateSavedLocation): Promise<SavedLocation> {
  return apiRequest("/api/saved-locations", { method: "POST", body, schema: savedLocationSchema });
}

export function useCreateSavedLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    // The add form shows the failure at its fields, else above its button (decision 018).
    meta: { errorShownInline: true },
    mutationFn: createSavedLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedLocationsQueryKey }),
  });
}
