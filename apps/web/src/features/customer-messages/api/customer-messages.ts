import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { customerMessageSettingsSchema, type CustomerMessageSettings } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

const path = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/customer-messages`;
const key = (teamId: string) => ["customer-messages", teamId] as const;

/** GET /api/teams/{teamId}/customer-messages (owner, admin, manager). */
export function useCustomerMessages(teamId: string) {
  return useQuery({ queryKey: key(teamId), queryFn: ({ signal }) => apiRequest(path(teamId), { schema: customerMessageSettingsSchema, signal }) });
}

/** PUT /api/teams/{teamId}/customer-messages (owner and admins). */
export function useSaveCustomerMessages(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The editor shows the failure at the field it names (opening its tab), else by its Save button (decision 018).
    meta: { errorShownInline: true },
    mutationFn: (settings: CustomerMessageSettings) => apiRequest(path(teamId), { method: "PUT", body: settings, schema: customerMessageSettingsSchema }),
    onSuccess: (data) => queryClient.setQueryData(key(teamId), data),
  });
}
