import { useState } from "react";
import type { OptimizeRouteRequest, ResolveRouteResponse } from "@routepilot/contracts";
import { ApiError } from "@/lib/api-client";
import { showErrorToast } from "@/lib/error-toast";
import { applyResolution, browserRegion, hasAddressesToResolve, resolveRoute, withTypedCoordinates, type ReviewChoice } from "@/features/planner/api/resolve-route";
import { useTranslation } from "@/lib/i18n";

type Handlers = { optimise: (request: OptimizeRouteRequest) => void; onFieldErrors: (fields: Record<string, string>) => void };

/**
 * Before optimising: typed "lat, lng" become coordinates in the browser; addresses are resolved
 * in one request (POST /api/routes/resolve, no quota). When a place is street-only, approximate
 * or far from the others, the review step is shown; otherwise the route is optimised at once
 * with coordinates for every place, so optimising geocodes nothing.
 */
export function usePlaceReview() {
  const { t } = useTranslation("planner");
  const [review, setReview] = useState<{ request: OptimizeRouteRequest; places: ResolveRouteResponse["places"] } | null>(null);
  const [resolving, setResolving] = useState(false);

  async function resolveThenOptimise(typed: OptimizeRouteRequest, handlers: Handlers, force = false) {
    const region = browserRegion();
    const request = withTypedCoordinates(region ? { ...typed, region } : typed);
    if (!force && !hasAddressesToResolve(request)) {
      handlers.optimise(request);
      return;
    }
    setResolving(true);
    try {
      const resolved = await resolveRoute(request);
      if (resolved.needsReview) setReview({ request, places: resolved.places });
      else handlers.optimise(applyResolution(request, resolved.places));
    } catch (error) {
      if (error instanceof ApiError && error.localizedFields) handlers.onFieldErrors(error.localizedFields);
      showErrorToast(error, t("errors.lookUp"));
    } finally {
      setResolving(false);
    }
  }

  return {
    review,
    resolving,
    /** Resolves the request's places, then optimises or opens the review step. */
    start: (request: OptimizeRouteRequest, handlers: Handlers) => void resolveThenOptimise(request, handlers),
    /** Optimise refused a flagged place (409): show the review step for the same request. */
    reviewAfterConflict: (request: OptimizeRouteRequest, handlers: Handlers) => void resolveThenOptimise(request, handlers, true),
    /** The user's choices from the review step, applied to the request to optimise. */
    confirm: (choices: Record<string, ReviewChoice>): OptimizeRouteRequest | null => {
      if (!review) return null;
      const request = applyResolution(review.request, review.places, choices);
      setReview(null);
      return request;
    },
    cancel: () => setReview(null),
  };
}
