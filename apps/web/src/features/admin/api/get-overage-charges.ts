import { useQuery } from "@tanstack/react-query";
import { adminOverageChargesSchema, type AdminOverageCharge } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** GET /api/admin/users/:id/overage-charges: the 12 newest charges. */
export async function getOverageCharges(userId: string, signal?: AbortSignal): Promise<AdminOverageCharge[]> {
  const body = await apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/overage-charges?limit=12`, { schema: adminOverageChargesSchema, signal });
  return body.charges;
}

export function useOverageCharges(userId: string) {
  return useQuery({ queryKey: adminKeys.overage(userId), queryFn: ({ signal }) => getOverageCharges(userId, signal) });
}
