import { RefreshCw, Undo2 } from "lucide-react";
import type { DistanceUnit, RouteDetail } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDistance } from "@/lib/format-distance";
import { formatDuration } from "@/lib/format-duration";
import { RouteActions } from "@/features/planner/components/route-actions";
import { RouteStopsList } from "@/features/planner/components/route-stops-list";
import type { PlannedRoute } from "@/features/planner/hooks/use-planned-route";
import { savingSummary } from "@/features/planner/lib/saving";

type RouteResultProps = {
  route: RouteDetail;
  unit: DistanceUnit;
  /** The selection, the user's moves and pins, and re-planning (from `usePlannedRoute`). */
  plan: Pick<PlannedRoute, "selected" | "setSelected" | "order" | "pinned" | "orderChanged" | "pinsChanged" | "moveStop" | "togglePin" | "undoMoves" | "replan" | "replanning">;
};

/** The optimised route: totals, saving versus the typed order, the ordered stops, re-planning and hand-off. */
export function RouteResult({ route, unit, plan }: RouteResultProps) {
  const { selected, order, pinned } = plan;
  const saving = savingSummary(route, unit);

  return (
    <Card className="print:border-0 print:shadow-none" data-testid="route-result">
      <CardHeader className="gap-3">
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
              {formatDistance(route.distanceMeters, unit)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Time</dt>
            <dd className="text-lg font-semibold">{formatDuration(route.durationSeconds)}</dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Stops</dt>
            <dd className="text-lg font-semibold">{route.stops.length}</dd>
          </div>
        </dl>
        {saving ? (
          <p className="rounded-lg border border-success/40 px-3 py-2 text-sm font-medium text-success" data-testid="route-saving">
            {saving.text}
            {route.originalDistanceMeters !== null && saving.meters > 0 ? (
              <span className="block text-xs font-normal text-muted-foreground">
                Your order: {formatDistance(route.originalDistanceMeters, unit)} → optimised: {formatDistance(route.distanceMeters, unit)}
              </span>
            ) : null}
          </p>
        ) : null}
        {route.unassigned.length > 0 ? (
          <div className="rounded-lg border border-destructive/40 px-3 py-2 text-sm text-destructive" role="status">
            {route.unassigned.length} stop{route.unassigned.length === 1 ? "" : "s"} could not be included:{" "}
            {route.unassigned.map((u) => `${u.label} (${u.reason})`).join(", ")}
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <RouteActions route={route} nextStop={selected ?? 0} />
        <RouteStopsList
          route={route}
          unit={unit}
          order={order}
          pinned={pinned}
          selected={selected}
          onSelect={(i) => plan.setSelected(selected === i ? null : i)}
          onMove={plan.moveStop}
          onTogglePin={plan.togglePin}
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
