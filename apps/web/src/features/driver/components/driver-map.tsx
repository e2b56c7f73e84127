import L from "leaflet";
import { CircleMarker, Marker, Polyline, Tooltip } from "react-leaflet";
import type { DriverRoute, RouteStopStatus } from "@routepilot/contracts";
import { BaseMap } from "@/lib/map/base-map";
import { FitToPoints } from "@/lib/map/fit-to-points";
import { decodePolyline, type LatLngTuple } from "@/lib/polyline";
import { useTranslation } from "@/lib/i18n";

const STATUS_COLOUR: Record<RouteStopStatus, string> = { pending: "#2563eb", arrived: "#d97706", done: "#16a34a", failed: "#dc2626" };

function stopIcon(number: number, status: RouteStopStatus, next: boolean): L.DivIcon {
  const size = next ? 30 : 26;
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span data-marker="driver-stop" data-status="${status}" style="background:${STATUS_COLOUR[status]};color:#fff;border:${next ? 3 : 2}px solid #fff;border-radius:9999px;display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;font-size:12px;font-weight:700;box-shadow:0 1px 3px rgb(0 0 0 / .45)">${number}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * The route on a map: the planned line, its stops numbered and coloured by status, and the driver.
 * It fits the start and the stops, and again only when they change: the driver's moving position
 * never takes the map from where they panned it.
 */
export function DriverMap({ route, nextStopId, position }: { route: DriverRoute; nextStopId: string | null; position: { lat: number; lng: number } | null }) {
  const { t } = useTranslation("driver");
  const line: LatLngTuple[] = route.geometry ? decodePolyline(route.geometry) : [[route.start.lat, route.start.lng], ...route.stops.map((s): LatLngTuple => [s.lat, s.lng])];
  const points: LatLngTuple[] = [[route.start.lat, route.start.lng], ...route.stops.map((s): LatLngTuple => [s.lat, s.lng])];
  return (
    <BaseMap testId="driver-map" className="rp-map h-64 rounded-md border sm:h-80" center={points[0]!} zoom={12} scrollWheelZoom={false} stillShown={t("map.stillShown")}>
      {line.length > 1 ? <Polyline positions={line} pathOptions={{ color: "#2563eb", weight: 4, opacity: 0.8 }} /> : null}
      {route.stops.map((stop, i) => (
        <Marker key={stop.id} position={[stop.lat, stop.lng]} icon={stopIcon(i + 1, stop.status, stop.id === nextStopId)} title={t("map.stop", { number: i + 1, label: stop.label })}>
          <Tooltip>{`${i + 1}. ${stop.label}`}</Tooltip>
        </Marker>
      ))}
      {position ? (
        <CircleMarker center={[position.lat, position.lng]} radius={9} pathOptions={{ color: "#fff", weight: 3, fillColor: "#0ea5e9", fillOpacity: 1, className: "rp-driver-position" }}>
          <Tooltip>{t("map.youAreHere")}</Tooltip>
        </CircleMarker>
      ) : null}
      <FitToPoints points={points} padding={20} />
    </BaseMap>
  );
}
