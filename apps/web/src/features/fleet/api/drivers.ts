import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { driverSchema, type Driver } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { fleetKeys } from "@/features/fleet/api/keys";

const driverListSchema = z.object({ drivers: z.array(driverSchema) });
const driversPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/drivers`;

export type DriverDetails = Pick<Driver, "phone" | "licenceNumber" | "defaultVehicleId" | "skills" | "workingDays">;

/** GET /api/teams/{teamId}/drivers: the team's members with the role driver and their fleet details. */
export async function getDrivers(teamId: string, signal?: AbortSignal): Promise<Driver[]> {
  const { drivers } = await apiRequest(driversPath(teamId), { schema: driverListSchema, signal });
  return drivers;
}

export function useDrivers(teamId: string) {
  return useQuery({ queryKey: fleetKeys.drivers(teamId), queryFn: ({ signal }) => getDrivers(teamId, signal) });
}

/** PUT /api/teams/{teamId}/drivers/{userId}: saves every detail (fields left out are cleared). */
export function saveDriver({ teamId, userId, input }: { teamId: string; userId: string; input: DriverDetails }): Promise<Driver> {
  return apiRequest(`${driversPath(teamId)}/${encodeURIComponent(userId)}`, { method: "PUT", body: input, schema: driverSchema });
}

export function useSaveDriver() {
  const queryClient = useQueryClient();
  // The driver dialog shows the failure at its fields, else above its buttons (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: saveDriver, onSuccess: (_d, { teamId }) => queryClient.invalidateQueries({ queryKey: fleetKeys.drivers(teamId) }) });
}
