import { useMutation } from "@tanstack/react-query";
import { billingUrlSchema, type PaidTier } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { goTo } from "@/lib/browser";

/** POST /api/billing/checkout → the Stripe Checkout URL for a paid plan. */
export function startCheckout(tier: PaidTier): Promise<{ url: string }> {
  return apiRequest("/api/billing/checkout", { method: "POST", body: { tier }, schema: billingUrlSchema });
}

/** POST /api/billing/portal → the Stripe Customer Portal URL. */
export function openPortal(): Promise<{ url: string }> {
  return apiRequest("/api/billing/portal", { method: "POST", schema: billingUrlSchema });
}

/** Starts Checkout and sends the browser to Stripe's page. */
export function useStartCheckout() {
  // The plan card shows the failure under its button (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: startCheckout, onSuccess: ({ url }) => goTo(url) });
}

/** Opens the Customer Portal (card, plan change, cancel, invoices). */
export function useOpenPortal() {
  return useMutation({ meta: { errorShownInline: true }, mutationFn: openPortal, onSuccess: ({ url }) => goTo(url) });
}
