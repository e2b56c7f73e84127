import { MapPinned } from "lucide-react";
import type { RouteDetail } from "@routepilot/contracts";
import { RouteMap } from "@/lib/map/route-map";

type PlannerMapPanelProps = {
  route: RouteDetail | undefined;
  /** The selected stop (highlighted), null for none. */
  selected: number | null;
  onSelect: (index: number) => void;
};

/** The map beside the planner: the route with numbered stops, or a placeholder before the first route. */
export function PlannerMapPanel({ route, selected, onSelect }: PlannerMapPanelProps) {
  if (!route) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/50 p-6 text-center text-muted-foreground">
        <MapPinned className="size-10" aria-hidden="true" />
        <p className="max-w-xs text-sm">Your optimised route appears here, with numbered stops in the order to visit them.</p>
      </div>
    );
  }
  return (
    <RouteMap
      className="size-full"
      start={{ lat: route.start.lat, lng: route.start.lng, label: route.start.label }}
      stops={route.stops.map((s) => ({ lat: s.lat, lng: s.lng, label: s.label }))}
      end={!route.roundTrip && route.end ? { lat: route.end.lat, lng: route.end.lng, label: route.end.label } : null}
      roundTrip={route.roundTrip}
      geometry={route.geometry}
      selected={selected}
      onSelect={onSelect}
      attribution={route.attribution}
    />
  );
}
