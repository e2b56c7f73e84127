import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { vehicleSchema, type Vehicle, type VehicleInput } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { fleetKeys } from "@/features/fleet/api/keys";

const vehicleListSchema = z.object({ vehicles: z.array(vehicleSchema) });
const vehiclesPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/vehicles`;

/** GET /api/teams/{teamId}/vehicles: the vehicles in use (archived ones left out). */
export async function getVehicles(teamId: string, signal?: AbortSignal): Promise<Vehicle[]> {
  const { vehicles } = await apiRequest(vehiclesPath(teamId), { schema: vehicleListSchema, signal });
  return vehicles;
}

export function useVehicles(teamId: string) {
  return useQuery({ queryKey: fleetKeys.vehicles(teamId), queryFn: ({ signal }) => getVehicles(teamId, signal) });
}

/** POST /api/teams/{teamId}/vehicles → 201 the vehicle; PATCH …/{id} when `vehicleId` is given. */
export function saveVehicle({ teamId, vehicleId, input }: { teamId: string; vehicleId?: string | undefined; input: VehicleInput }): Promise<Vehicle> {
  if (vehicleId) return apiRequest(`${vehiclesPath(teamId)}/${encodeURIComponent(vehicleId)}`, { method: "PATCH", body: input, schema: vehicleSchema });
  return apiRequest(vehiclesPath(teamId), { method: "POST", body: input, schema: vehicleSchema });
}

/** DELETE /api/teams/{teamId}/vehicles/{id} → 204: archived (kept for past plans). */
export function archiveVehicle({ teamId, vehicleId }: { teamId: string; vehicleId: string }): Promise<void> {
  return apiRequest(`${vehiclesPath(teamId)}/${encodeURIComponent(vehicleId)}`, { method: "DELETE" });
}

export function useSaveVehicle() {
  const queryClient = useQueryClient();
  // The vehicle dialog shows the failure at its fields, else above its buttons: a toast would sit behind the modal (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: saveVehicle, onSuccess: (_v, { teamId }) => queryClient.invalidateQueries({ queryKey: fleetKeys.vehicles(teamId) }) });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useArchiveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not archive the vehicle", errorShownInline: true }, mutationFn: archiveVehicle, onSuccess: (_v, { teamId }) => queryClient.invalidateQueries({ queryKey: fleetKeys.vehicles(teamId) }) });
}
