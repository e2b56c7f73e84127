import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { OptimizeRouteRequest, RouteDetail, StopInput } from "@routepilot/contracts";
import { ApiError } from "@/lib/api-client";
import { useRoute } from "@/features/planner/api/get-route";
import { useOptimizeRoute } from "@/features/planner/api/optimize-route";
import { useReoptimizeRoute } from "@/features/planner/api/reoptimize-route";
import { useAddRouteStops } from "@/features/planner/api/add-route-stops";
import { useRemoveRouteStop } from "@/features/planner/api/remove-route-stop";
import { useTranslation } from "@/lib/i18n";

/** A refused optimisation the planner shows by the button (not a toast): the monthly limit (402) or too many requests (429). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 402 || error.status === 429);
}

type OrderEdits = { base: RouteDetail; order: string[]; pinned: ReadonlySet<string> };

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The planned route shown beside the form: the stored route named by `?route=<id>`, optimising
 * a new one (`optimise`), the user's moves and pins before re-planning (`order`, `pinned`),
 * re-planning (`replan`, `replanWithoutDropped`), adding and removing stops of the saved route
 * (`addStops`, `removeStop`: the same route, no quota), the selected stop, and whether the form or the result is shown.
 * `&reoptimize=1` re-plans the stored route once it has loaded. `onRouteLoaded` is called once
 * for each route that is opened (reopened from history or just optimised).
 */
export function usePlannedRoute({ onRouteLoaded }: { onRouteLoaded: (route: RouteDetail) => void }) {
  const { t } = useTranslation("planner");
  const [searchParams, setSearchParams] = useSearchParams();
  const routeId = searchParams.get("route");
  const stored = useRoute(routeId);
  const optimize = useOptimizeRoute();
  const reoptimize = useReoptimizeRoute();
  const addRouteStops = useAddRouteStops();
  const removeRouteStop = useRemoveRouteStop();
  const [editing, setEditing] = useState(!routeId);
  const [selected, setSelected] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [edits, setEdits] = useState<OrderEdits | null>(null);
  const loadedRouteId = useRef<string | null>(null);
  const reoptimized = useRef<string | null>(null);
  const route: RouteDetail | undefined = routeId ? stored.data : undefined;

  // Opening a route (from history, or just optimised) shows its result.
  useEffect(() => {
    if (!route || loadedRouteId.current === route.id) return;
    loadedRouteId.current = route.id;
    onRouteLoaded(route);
    setSelected(null);
    setEditing(false);
  }, [route, onRouteLoaded]);

  useEffect(() => {
    if (!route || searchParams.get("reoptimize") !== "1" || reoptimized.current === route.id) return;
    reoptimized.current = route.id;
    reoptimize.mutate(
      { id: route.id },
      {
        onSuccess: () => toast.success(t("toast.reoptimised")),
      },
    );
    setSearchParams(
      (p) => {
        p.delete("reoptimize");
        return p;
      },
      { replace: true },
    );
  }, [route, searchParams, setSearchParams, reoptimize, t]);

  // The user's moves and pins belong to the route they were made on: a new or re-planned route starts from its own order.
  const routeOrder = useMemo(() => route?.stops.map((s) => s.id) ?? [], [route]);
  const routePins = useMemo(() => new Set(route?.stops.filter((s) => s.pinned).map((s) => s.id) ?? []), [route]);
  const own = route && edits?.base === route ? edits : null;
  const order = own?.order ?? routeOrder;
  const pinned = own?.pinned ?? routePins;
  const orderChanged = order.some((id, i) => routeOrder[i] !== id);
  const pinsChanged = pinned.size !== routePins.size || [...routePins].some((id) => !pinned.has(id));

  const editOrder = useCallback(
    (change: (current: OrderEdits) => Partial<OrderEdits>) => {
      if (!route) return;
      setEdits((prev) => {
        const current = prev?.base === route ? prev : { base: route, order: routeOrder, pinned: routePins };
        return { ...current, ...change(current) };
      });
    },
    [route, routeOrder, routePins],
  );

  /** Moves a stop in the list; a stop the user places by hand stays there when the rest is re-optimised. */
  const moveStop = (from: number, to: number) => {
    editOrder(({ order: o, pinned: p }) => {
      const id = o[from];
      return { order: move(o, from, to), pinned: id ? new Set(p).add(id) : p };
    });
    setSelected(to);
  };

  const togglePin = (id: string) =>
    editOrder(({ pinned: p }) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { pinned: next };
    });

  const undoMoves = () => editOrder(() => ({ order: routeOrder }));

  /** Re-plans the route with the user's order and pins: re-optimised around the pins, or kept as it is (`optimize: false`). */
  function replan(optimizeOrder: boolean) {
    if (!route) return;
    reoptimize.mutate(
      { id: route.id, order, pinned: [...pinned], optimize: optimizeOrder },
      {
        onSuccess: () => toast.success(optimizeOrder ? t("toast.reoptimisedPinned") : t("toast.orderApplied")),
      },
    );
  }

  /** Re-plans the route without the stops that could not be included (the same route, no quota). */
  function replanWithoutDropped() {
    if (!route) return;
    reoptimize.mutate(
      { id: route.id, dropUnassigned: true },
      {
        onSuccess: () => toast.success(t("toast.replannedWithout")),
      },
    );
  }

  /** Adds destinations to the saved route and re-plans it as the same route; field errors go to `onFieldErrors`. */
  function addStops(
    stops: StopInput[],
    handlers: { onAdded: () => void; onFieldErrors: (fields: Record<string, string>) => void; /** A new stop is far from the route's others: ask before adding it. */ onNeedsConfirmation: (message: string) => void },
  ) {
    if (!route) return;
    addRouteStops.mutate(
      { id: route.id, stops },
      {
        onSuccess: () => {
          handlers.onAdded();
          toast.success(stops.length === 1 ? t("toast.addedStop") : t("toast.addedStops", { count: stops.length }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.code === "CONFLICT") {
            handlers.onNeedsConfirmation(Object.values(error.localizedFields ?? {})[0] ?? error.localizedMessage);
            return;
          }
          // The message itself is the app's error toast (decision 018); the field is marked here.
          if (error instanceof ApiError && error.localizedFields) handlers.onFieldErrors(error.localizedFields);
        },
      },
    );
  }

  /** Removes a stop from the saved route (legs and times recomputed in the current order). */
  function removeStop(stopId: string) {
    if (!route) return;
    removeRouteStop.mutate(
      { id: route.id, stopId },
      {
        onSuccess: () => {
          setSelected(null);
          toast.success(t("toast.stopRemoved"));
        },
      },
    );
  }

  /**
   * Optimises a new route and opens it. A refusal (402 at the monthly limit, 429 too many
   * optimisations) keeps the form and becomes `refusal`, the server's message shown next to the
   * Optimise button until dismissed; field errors go back to the form through `onFieldErrors`.
   */
  function optimise(request: OptimizeRouteRequest, handlers: { onSaved: () => void; onFieldErrors: (fields: Record<string, string>) => void; onPlacesNeedReview: () => void }) {
    setRefusal(null);
    optimize.mutate(request, {
      onSuccess: ({ route: result }) => {
        handlers.onSaved();
        // The form already holds what was sent: it is not refilled from the stored route.
        loadedRouteId.current = result.id;
        setSelected(null);
        setEditing(false);
        setSearchParams({ route: result.id });
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        // Every failure but a 402, 409 or 429 is also the app's error toast, seen wherever the form is scrolled (decision 018).
        if (isRefusal(error)) {
          setRefusal(error.message);
          return;
        }
        // 409: a place far from the others is not confirmed yet (nothing was charged): back to the review step.
        if (error instanceof ApiError && error.status === 409) {
          handlers.onPlacesNeedReview();
          return;
        }
        if (error instanceof ApiError && error.localizedFields) handlers.onFieldErrors(error.localizedFields);
      },
    });
  }

  /** Leaves the shown route for an empty form. */
  function startNew() {
    setEditing(true);
    setSearchParams({});
  }

  return {
    routeId,
    route,
    stored,
    editing,
    setEditing,
    showResult: Boolean(route && !editing),
    selected,
    setSelected,
    refusal,
    dismissRefusal: () => setRefusal(null),
    optimise,
    optimising: optimize.isPending,
    order,
    pinned,
    orderChanged,
    pinsChanged,
    moveStop,
    togglePin,
    undoMoves,
    replan,
    replanning: reoptimize.isPending || addRouteStops.isPending || removeRouteStop.isPending,
    replanWithoutDropped,
    addStops,
    addingStops: addRouteStops.isPending,
    removeStop,
    startNew,
  };
}

export type PlannedRoute = ReturnType<typeof usePlannedRoute>;
