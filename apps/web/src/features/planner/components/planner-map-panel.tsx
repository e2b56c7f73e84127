import { MapPinned } from "lucide-react";
import type { RouteDetail } from "@routepilot/contracts";
import { RouteMap } from "@/lib/map/route-map";
import { useTranslation } from "@/lib/i18n";

type PlannerMapPanelProps = {
  route: RouteDetail | undefined;
  /** Stop ids in the order the list shows them (the user's moves before re-planning). */
  order: string[];
  /** The order differs from the planned one: the line is a straight sketch until it is applied. */
  orderChanged: boolean;
  /** The selected stop (highlighted), null for none. */
  selected: number | null;
  onSelect: (index: number) => void;
};

/** The map beside the planner: the route with numbered stops, or a placeholder before the first route. */
export function PlannerMapPanel({ route, order, orderChanged, selected, onSelect }: PlannerMapPanelProps) {
  const { t } = useTranslation("planner");
  if (!route) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/50 p-6 text-center text-muted-foreground">
        <MapPinned className="size-10" aria-hidden="true" />
        <p className="max-w-xs text-sm">{t("map.placeholder")}</p>
      </div>
    );
  }
  const byId = new Map(route.stops.map((s) => [s.id, s]));
  const stops = order.flatMap((id) => {
    const s = byId.get(id);
    return s ? [{ id: s.id, lat: s.lat, lng: s.lng, label: s.label }] : [];
  });
  return (
    <RouteMap
      className="size-full"
      start={{ lat: route.start.lat, lng: route.start.lng, label: route.start.label }}
      stops={stops}
      end={!route.roundTrip && route.end ? { lat: route.end.lat, lng: route.end.lng, label: route.end.label } : null}
      roundTrip={route.roundTrip}
      geometry={route.geometry}
      provisional={orderChanged}
      dropped={route.unassigned.map((u) => ({ lat: u.lat, lng: u.lng, label: u.label }))}
      selected={selected}
      onSelect={onSelect}
      attribution={route.attribution}
    />
  );
}
