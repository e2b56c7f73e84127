import { useMutation, useQueryClient } from "@tanstack/react-query";
import { preferencesSchema, type Preferences, type UpdatePreferences } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { preferencesQueryKey } from "@/features/settings/api/get-preferences";
import { useTranslation } from "@/lib/i18n";

export const updatePreferencesMutationKey = ["preferences", "update"] as const;
export const PREFERENCES_SAVE_FAILED = "Could not save your settings";

/** PATCH /api/preferences with any subset of the fields; resolves with the stored preferences. */
export function updatePreferences(patch: UpdatePreferences): Promise<Preferences> {
  return apiRequest("/api/preferences", { method: "PATCH", body: patch, schema: preferencesSchema });
}

/** The preferences as they will be once `patch` is saved (used for the optimistic update). */
export function applyPreferencesPatch(current: Preferences, patch: UpdatePreferences): Preferences {
  const next: Preferences = { ...current, ...patch };
  if (patch.defaultStartLocationId !== undefined && patch.defaultStartLocationId !== current.defaultStartLocationId) {
    next.defaultStartLocation = null;
  }
  if (patch.defaultEndLocationId !== undefined && patch.defaultEndLocationId !== current.defaultEndLocationId) {
    next.defaultEndLocation = null;
  }
  return next;
}

/**
 * Saves preferences optimistically (SPEC §4): the cache changes at once; if saving fails it is
 * rolled back and the app's error toast (decision 018) explains that the change was undone.
 */
export function useUpdatePreferences() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePreferencesMutationKey,
    meta: { errorTitle: t("saveFailed"), errorNote: t("undone") },
    mutationFn: updatePreferences,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const previous = queryClient.getQueryData<Preferences>(preferencesQueryKey);
      if (previous) queryClient.setQueryData<Preferences>(preferencesQueryKey, applyPreferencesPatch(previous, patch));
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesQueryKey, context.previous);
    },
    onSuccess: (saved) => {
      // With several saves in flight, only the last one's answer is the truth.
      if (queryClient.isMutating({ mutationKey: updatePreferencesMutationKey }) <= 1) {
        queryClient.setQueryData(preferencesQueryKey, saved);
      }
    },
  });
}
