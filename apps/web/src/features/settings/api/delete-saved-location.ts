import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { savedLocationsQueryKey } from "@/features/settings/api/get-saved-locations";
import { preferencesQueryKey } from "@/features/settings/api/get-preferences";
import { useTranslation } from "@/lib/i18n";

/** DELETE /api/saved-locations/:id → 204. */
export function deleteSavedLocation(id: string): Promise<void> {
  return apiRequest<void>(`/api/saved-locations/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useDeleteSavedLocation() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: t("locations.deleteFailed"), errorShownInline: true },
    mutationFn: deleteSavedLocation,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savedLocationsQueryKey }),
        // Deleting a default start/end location clears that default.
        queryClient.invalidateQueries({ queryKey: preferencesQueryKey }),
      ]);
    },
  });
}
