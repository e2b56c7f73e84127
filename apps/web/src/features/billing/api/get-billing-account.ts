import { useQuery } from "@tanstack/react-query";
import { billingAccountSchema, type BillingAccount } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { billingKeys } from "@/features/billing/api/keys";

/** GET /api/billing/subscription: plan, status, renewal, payment method, what can be bought here. */
export function getBillingAccount(signal?: AbortSignal): Promise<BillingAccount> {
  return apiRequest("/api/billing/subscription", { schema: billingAccountSchema, signal });
}

/**
 * Refetched on every mount: Stripe's webhooks and administrators change plans outside this
 * browser. `refetchInterval` lets /payment-success poll until the webhook has landed.
 */
export function useBillingAccount(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: billingKeys.account,
    queryFn: ({ signal }) => getBillingAccount(signal),
    refetchOnMount: "always",
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
  });
}
