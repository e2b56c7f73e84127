import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fleetSettingsSchema, type FleetSettings } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { fleetKeys } from "@/features/fleet/api/keys";

const settingsPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/fleet-settings`;

/** GET /api/teams/{teamId}/fleet-settings: capacity dimension names and the plans' time zone. */
export function getFleetSettings(teamId: string, signal?: AbortSignal): Promise<FleetSettings> {
  return apiRequest(settingsPath(teamId), { schema: fleetSettingsSchema, signal });
}

export function useFleetSettings(teamId: string) {
  return useQuery({ queryKey: fleetKeys.settings(teamId), queryFn: ({ signal }) => getFleetSettings(teamId, signal) });
}

/** PUT /api/teams/{teamId}/fleet-settings. */
export function saveFleetSettings({ teamId, settings }: { teamId: string; settings: FleetSettings }): Promise<FleetSettings> {
  return apiRequest(settingsPath(teamId), { method: "PUT", body: settings, schema: fleetSettingsSchema });
}

export function useSaveFleetSettings() {
  const queryClient = useQueryClient();
  // The settings form shows the failure at its fields, else by its Save button (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: saveFleetSettings, onSuccess: (data, { teamId }) => queryClient.setQueryData(fleetKeys.settings(teamId), data) });
}
