import { toast } from "sonner";
import { toasts, type OverageNotice } from "@routepilot/contracts";

/** SPEC §9: the over-limit warning stays 8 seconds. */
export const OVER_LIMIT_TOAST_MS = 8000;

/**
 * SPEC §8 over-limit warning: "You've exceeded your monthly limit by {n} route(s)" with
 * "Additional charge: £{amount}. Consider upgrading your plan.", shown for 8 s.
 */
export function showOverLimitToast(overage: Pick<OverageNotice, "exceededBy" | "amountPence">): void {
  toast.warning(toasts.overLimit(overage.exceededBy), {
    id: "over-limit",
    description: toasts.overLimitDescription(overage.amountPence),
    duration: OVER_LIMIT_TOAST_MS,
  });
}
