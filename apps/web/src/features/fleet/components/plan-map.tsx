import { Fragment } from "react";
import L from "leaflet";
import { Marker, Polyline, Tooltip } from "react-leaflet";
import type { FleetPoint, Plan } from "@routepilot/contracts";
import { BaseMap } from "@/lib/map/base-map";
import { FitToPoints, placesKey } from "@/lib/map/fit-to-points";
import { decodePolyline } from "@/lib/polyline";
import { routeColour } from "@/lib/route-colours";
import { useTranslation } from "@/lib/i18n";

type LatLng = [number, number];
type PlanRoute = Plan["routes"][number];
type PlanStop = PlanRoute["stops"][number];

/** Each vehicle's start and end depot (null: the route starts at its first stop / ends at its last). */
export type Depots = Record<string, { start: FleetPoint | null; end: FleetPoint | null }>;

const badge = "color:#fff;border:2px solid #fff;display:flex;align-items:center;justify-content:center;font-weight:700;box-shadow:0 1px 3px rgb(0 0 0 / .4)";

/** A delivery is a numbered disc; a pickup a square marked "P" and its number. */
function stopIcon(number: number, colour: string, pickup: boolean): L.DivIcon {
  const shape = pickup ? "border-radius:4px;width:34px;height:24px;font-size:11px" : "border-radius:9999px;width:26px;height:26px;font-size:12px";
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span data-marker="fleet-stop" data-kind="${pickup ? "pickup" : "delivery"}" style="background:${colour};${badge};${shape}">${pickup ? `P${number}` : number}</span>`,
    iconSize: pickup ? [34, 24] : [26, 26],
    iconAnchor: pickup ? [17, 12] : [13, 13],
  });
}

/** A depot: a diamond in the vehicle's colour, "S" start, "E" end, "D" both. */
function depotIcon(letter: string, colour: string): L.DivIcon {
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span data-marker="fleet-depot" style="display:flex;align-items:center;justify-content:center;width:24px;height:24px;transform:rotate(45deg);background:${colour};border:2px solid #fff;box-shadow:0 1px 3px rgb(0 0 0 / .4)"><span style="transform:rotate(-45deg);color:#fff;font-size:11px;font-weight:700">${letter}</span></span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });
}

const same = (a: FleetPoint, b: FleetPoint) => Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6;

/** The depot markers of a route: one when it starts and ends at the same place. */
function depotMarkers(depots: Depots[string] | undefined): { key: string; point: FleetPoint; letter: string; what: "map.bothDepot" | "map.startDepot" | "map.endDepot" }[] {
  if (!depots) return [];
  const { start, end } = depots;
  if (start && end && same(start, end)) return [{ key: "depot", point: start, letter: "D", what: "map.bothDepot" }];
  return [...(start ? [{ key: "start", point: start, letter: "S", what: "map.startDepot" as const }] : []), ...(end ? [{ key: "end", point: end, letter: "E", what: "map.endDepot" as const }] : [])];
}

/**
 * The line of a route: the road geometry when the server gives one that follows roads (more points
 * than the places it joins), else straight lines depot → stops → depot.
 */
function routeLine(route: PlanRoute, depots: Depots[string] | undefined): { positions: LatLng[]; roads: boolean } {
  const start = depots?.start;
  const straight: LatLng[] = [
    ...(start && route.stops.length > 0 ? [[start.lat, start.lng] as LatLng] : []),
    // Back through the start depot at each reload (issue 26).
    ...route.stops.flatMap((s, i): LatLng[] => (start && route.reloads.some((r) => r.afterStops === i) ? [[start.lat, start.lng], [s.lat, s.lng]] : [[s.lat, s.lng]])),
    ...(depots?.end && route.stops.length > 0 ? [[depots.end.lat, depots.end.lng] as LatLng] : []),
  ];
  const encoded = "geometry" in route && typeof route.geometry === "string" ? route.geometry : "";
  const decoded = encoded ? decodePolyline(encoded) : [];
  return decoded.length > straight.length ? { positions: decoded, roads: true } : { positions: straight, roads: false };
}

type PlanMapProps = {
  plan: Plan;
  vehicleNames: Record<string, string>;
  depots?: Depots | undefined;
  /** What a stop is called ("Pick up for Bakery"). */
  stopTitle?: ((stop: PlanStop) => string) | undefined;
};

/**
 * A plan on a map: one colour per vehicle route, its stops numbered in visiting order (pickups
 * marked "P"), its depots as diamonds; lines along the roads when the server sent them, else
 * straight and said so under the map.
 */
export function PlanMap({ plan, vehicleNames, depots = {}, stopTitle = (s) => s.label }: PlanMapProps) {
  const { t } = useTranslation("fleet");
  const lines = plan.routes.map((route) => routeLine(route, depots[route.vehicleId]));
  const points: LatLng[] = lines.flatMap((l) => l.positions);
  // The stops and depots: a change of them re-fits the map, a new road geometry over the same places does not.
  const places: LatLng[] = plan.routes.flatMap((route) =>
    route.stops.length === 0 ? [] : [...route.stops, ...depotMarkers(depots[route.vehicleId]).map((d) => d.point)].map((p): LatLng => [p.lat, p.lng]),
  );
  const centre = points[0] ?? [47.14, 9.52];
  const drawn = lines.filter((l) => l.positions.length > 1);
  const roads = drawn.length > 0 && drawn.every((l) => l.roads);
  const hasPickups = plan.routes.some((r) => r.stops.some((s) => s.kind === "pickup"));
  return (
    <figure className="grid gap-1">
      <BaseMap testId="plan-map" className="rp-map h-96 rounded-md border" center={centre} stillShown={t("map.stillShown")}>
        {plan.routes.map((route, r) => {
          const colour = routeColour(r);
          const name = vehicleNames[route.vehicleId] ?? route.vehicleId;
          const line = lines[r]!;
          return (
            <Fragment key={route.vehicleId}>
              {line.positions.length > 1 ? (
                <Polyline positions={line.positions} pathOptions={{ color: colour, weight: 4, opacity: 0.85, className: "rp-fleet-line", ...(line.roads ? {} : { dashArray: "8 6" }) }} />
              ) : null}
              {route.stops.length > 0
                ? depotMarkers(depots[route.vehicleId]).map((d) => (
                    <Marker key={d.key} position={[d.point.lat, d.point.lng]} icon={depotIcon(d.letter, colour)} title={t("map.depotTitle", { name, what: t(d.what) })} zIndexOffset={-100}>
                      <Tooltip>{`${name} · ${t(d.what)}${d.point.address ? `: ${d.point.address}` : ""}`}</Tooltip>
                    </Marker>
                  ))
                : null}
              {route.stops.map((stop, i) => (
                <Marker key={`${stop.orderId}-${stop.kind}`} position={[stop.lat, stop.lng]} icon={stopIcon(i + 1, colour, stop.kind === "pickup")} title={t("map.stopTitle", { name, number: i + 1, title: stopTitle(stop) })}>
                  <Tooltip>{`${name} · ${i + 1}. ${stopTitle(stop)}`}</Tooltip>
                </Marker>
              ))}
            </Fragment>
          );
        })}
        <FitToPoints points={[...points, ...places]} fitKey={placesKey(places)} padding={24} />
      </BaseMap>
      <figcaption className="text-xs text-muted-foreground" data-testid="plan-map-legend">
        {drawn.length === 0 ? null : roads ? t("map.roads") : t("map.straight")}
        {hasPickups ? t("map.legendPickups") : t("map.legend")}
      </figcaption>
    </figure>
  );
}
