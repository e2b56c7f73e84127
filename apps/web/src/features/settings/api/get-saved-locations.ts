import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { savedLocationSchema, type SavedLocation } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export const savedLocationsQueryKey = ["saved-locations"] as const;
const savedLocationListSchema = z.object({ locations: z.array(savedLocationSchema) });

/** GET /api/saved-locations → the user's saved locations. */
export async function getSavedLocations(signal?: AbortSignal): Promise<SavedLocation[]> {
  const { locations } = await apiRequest("/api/saved-locations", { schema: savedLocationListSchema, signal });
  return locations;
}

export function useSavedLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: savedLocationsQueryKey, queryFn: ({ signal }) => getSavedLocations(signal), enabled });
}
