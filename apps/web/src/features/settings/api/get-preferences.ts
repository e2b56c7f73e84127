import { useQuery } from "@tanstack/react-query";
import { preferencesSchema, type Preferences } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export const preferencesQueryKey = ["preferences"] as const;

/** GET /api/preferences (the server creates the row with SPEC §3 defaults if missing). */
export function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return apiRequest("/api/preferences", { schema: preferencesSchema, signal });
}

export function usePreferences({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: preferencesQueryKey, queryFn: ({ signal }) => getPreferences(signal), enabled });
}
