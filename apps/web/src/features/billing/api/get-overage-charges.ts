import { useQuery } from "@tanstack/react-query";
import { adminOverageChargesSchema, type AdminOverageCharge } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { billingKeys } from "@/features/billing/api/keys";

/** GET /api/billing/overage-charges: the user's own 12 newest charges (SPEC §9 default). */
export async function getOwnOverageCharges(signal?: AbortSignal): Promise<AdminOverageCharge[]> {
  const body = await apiRequest("/api/billing/overage-charges?limit=12", { schema: adminOverageChargesSchema, signal });
  return body.charges;
}

export function useOwnOverageCharges() {
  return useQuery({ queryKey: billingKeys.overage, queryFn: ({ signal }) => getOwnOverageCharges(signal), refetchOnMount: "always" });
}
