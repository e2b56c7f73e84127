import { useState } from "react";
import { toast } from "sonner";
import { RefreshCw, Undo2 } from "lucide-react";
import type { DistanceUnit, RouteDetail } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDistance } from "@/lib/format-distance";
import { formatDuration } from "@/lib/format-duration";
import { useReoptimizeRoute } from "@/features/planner/api/reoptimize-route";
import { RouteActions } from "@/features/planner/components/route-actions";
import { RouteStopsList } from "@/features/planner/components/route-stops-list";
import { savingSummary } from "@/features/planner/lib/saving";

type RouteResultProps = {
  route: RouteDetail;
  unit: DistanceUnit;
  selected: number | null;
  onSelect: (index: number | null) => void;
};

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The optimised route: totals, saving versus the typed order, the ordered stops, re-planning and hand-off. */
export function RouteResult({ route, unit, selected, onSelect }: RouteResultProps) {
  const routeOrder = route.stops.map((s) => s.id);
  const routePins = route.stops.filter((s) => s.pinned).map((s) => s.id);
  const [order, setOrder] = useState(routeOrder);
  const [pinned, setPinned] = useState<Set<string>>(() => new Set(routePins));
  const [seen, setSeen] = useState(route);
  // A new route (optimised, re-planned or reopened) resets the local order and pins.
  if (seen !== route) {
    setSeen(route);
    setOrder(routeOrder);
    setPinned(new Set(routePins));
  }
  const reoptimize = useReoptimizeRoute();
  const changed = order.some((id, i) => routeOrder[i] !== id);
  const pinsChanged = pinned.size !== routePins.length || routePins.some((id) => !pinned.has(id));
  const saving = savingSummary(route, unit);

  function replan(optimize: boolean) {
    reoptimize.mutate(
      { id: route.id, order, pinned: [...pinned], optimize },
      {
        onSuccess: () => toast.success(optimize ? "Route re-optimised around your pinned stops" : "New order applied"),
        onError: (error) => toast.error("Could not re-plan the route", { description: errorMessage(error) }),
      },
    );
  }

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
          onSelect={(i) => onSelect(selected === i ? null : i)}
          onMove={(from, to) => {
            // A stop the user places by hand stays there when the rest is re-optimised.
            const id = order[from];
            if (id) setPinned((p) => new Set(p).add(id));
            setOrder((o) => move(o, from, to));
            onSelect(to);
          }}
          onTogglePin={(id) =>
            setPinned((p) => {
              const next = new Set(p);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
        />
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button onClick={() => replan(true)} disabled={reoptimize.isPending} variant={changed || pinsChanged ? "default" : "outline"} size="sm">
            <RefreshCw aria-hidden="true" className={reoptimize.isPending ? "animate-spin" : undefined} />
            {pinned.size > 0 ? "Re-optimise around pinned stops" : "Re-optimise"}
          </Button>
          {changed ? (
            <>
              <Button onClick={() => replan(false)} disabled={reoptimize.isPending} variant="outline" size="sm">
                Keep my order
              </Button>
              <Button onClick={() => setOrder(routeOrder)} variant="ghost" size="sm">
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
