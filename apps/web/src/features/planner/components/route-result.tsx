import { RefreshCw, TriangleAlert, Undo2 } from "lucide-react";
import { clockToSeconds, routeTimingWarnings, type RouteDetail } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/format";
import { cn } from "@/lib/utils";
import { AddStopForm } from "@/features/planner/components/add-stop-form";
import { DroppedStops } from "@/features/planner/components/dropped-stops";
import { RouteActions } from "@/features/planner/components/route-actions";
import { RouteStopsList } from "@/features/planner/components/route-stops-list";
import type { PlannedRoute } from "@/features/planner/hooks/use-planned-route";
import { savingSummary } from "@/features/planner/lib/saving";

type RouteResultProps = {
  route: RouteDetail;
  /** The selection, the user's moves and pins, and re-planning (from `usePlannedRoute`). */
  plan: Pick<
    PlannedRoute,
    | "selected"
    | "setSelected"
    | "order"
    | "pinned"
    | "orderChanged"
    | "pinsChanged"
    | "moveStop"
    | "togglePin"
    | "undoMoves"
    | "replan"
    | "replanning"
    | "replanWithoutDropped"
    | "addStops"
    | "addingStops"
    | "removeStop"
  >;
};

/**
 * The optimised route: totals, whether it fits the day, saving versus the typed order of the same
 * stops, the stops that could not be included, the ordered stops (move, pin, remove), adding a
 * stop, re-planning and hand-off.
 */
export function RouteResult({ route, plan }: RouteResultProps) {
  const { selected, order, pinned } = plan;
  const format = useFormat();
  const saving = savingSummary(route, format);
  const warnings = routeTimingWarnings({ ...route, departureSeconds: clockToSeconds(route.departureTime) });
  // `selected` is a position in the list as the user has reordered it; the hand-off indexes the planned stops.
  const nextStop = selected === null ? 0 : Math.max(0, route.stops.findIndex((s) => s.id === order[selected]));

  return (
    <Card className="print:border-0 print:shadow-none" data-testid="route-result">
      <CardHeader className="gap-3">
        {/* On paper: what this is and when it was planned (the app's header is not printed). */}
        <p className="hidden text-sm print:block" data-testid="print-title">
          RoutePilot route plan · planned {format.date(route.createdAt, "long")} at {format.time(route.createdAt)} · departs at {route.departureTime}
        </p>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle>{route.name}</CardTitle>
            <CardDescription>
              {route.stops.length} stop{route.stops.length === 1 ? "" : "s"} · {route.roundTrip ? "round trip" : route.end ? "ends at a chosen place" : "ends at the last stop"} · {route.profile}
            </CardDescription>
          </div>
          <Badge variant={route.distanceKind === "road distance" ? "success" : "secondary"}>{route.distanceKind === "road distance" ? "Road distance" : "Straight-line estimate"}</Badge>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Distance</dt>
            <dd className="text-lg font-semibold" data-testid="route-distance">
              {format.distance(route.distanceMeters)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Time</dt>
            <dd className="text-lg font-semibold">{format.duration(route.durationSeconds)}</dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Stops</dt>
            <dd className="text-lg font-semibold">{route.stops.length}</dd>
          </div>
        </dl>
        {warnings.map((warning) => (
          <p key={warning} className="flex items-start gap-2 rounded-lg border border-warning-foreground/40 px-3 py-2 text-sm text-warning-foreground" role="status" data-testid="route-timing-warning">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {warning}
          </p>
        ))}
        <p
          className={cn("rounded-lg border px-3 py-2 text-sm font-medium", saving.meters > 0 ? "border-success/40 text-success" : "text-muted-foreground")}
          data-testid="route-saving"
        >
          {saving.text}
          {route.originalDistanceMeters !== null && saving.meters > 0 ? (
            <span className="block text-xs font-normal text-muted-foreground">
              Your order: {format.distance(route.originalDistanceMeters)} → optimised: {format.distance(route.distanceMeters)}
            </span>
          ) : null}
        </p>
        <DroppedStops unassigned={route.unassigned} onReplanWithout={plan.replanWithoutDropped} pending={plan.replanning} />
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <RouteActions route={route} nextStop={nextStop} />
        <RouteStopsList
          route={route}
          order={order}
          pinned={pinned}
          selected={selected}
          onSelect={(i) => plan.setSelected(selected === i ? null : i)}
          onMove={plan.moveStop}
          onTogglePin={plan.togglePin}
          onRemove={plan.removeStop}
        />
        <AddStopForm
          near={route.start}
          pending={plan.addingStops}
          onAdd={(stop, { done, fail, askToConfirm }) =>
            plan.addStops([stop], { onAdded: done, onFieldErrors: (fields) => fail(Object.values(fields)[0] ?? ""), onNeedsConfirmation: askToConfirm })
          }
        />
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button onClick={() => plan.replan(true)} disabled={plan.replanning} variant={plan.orderChanged || plan.pinsChanged ? "default" : "outline"} size="sm">
            <RefreshCw aria-hidden="true" className={plan.replanning ? "animate-spin" : undefined} />
            {pinned.size > 0 ? "Re-optimise around pinned stops" : "Re-optimise"}
          </Button>
          {plan.orderChanged ? (
            <>
              <Button onClick={() => plan.replan(false)} disabled={plan.replanning} variant="outline" size="sm">
                Keep my order
              </Button>
              <Button onClick={plan.undoMoves} variant="ghost" size="sm">
                <Undo2 aria-hidden="true" />
                Undo moves
              </Button>
            </>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {route.distanceKind === "road distance" ? "Distances follow the road network." : "Distances are straight-line estimates with a detour factor, not road distances."}
          {route.attribution ? ` Routing data: ${route.attribution}.` : ""}
        </p>
      </CardContent>
    </Card>
  );
}
