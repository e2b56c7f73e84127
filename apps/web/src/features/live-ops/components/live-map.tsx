import { Fragment, useMemo } from "react";
import L from "leaflet";
import { Marker, Polyline, Tooltip } from "react-leaflet";
import { escapeMarkup, type DriverPosition, type LiveRoute } from "@routepilot/contracts";
import { BaseMap } from "@/lib/map/base-map";
import { FitToPoints, placesKey } from "@/lib/map/fit-to-points";
import { decodePolyline, type LatLngTuple } from "@/lib/polyline";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { statusLabels } from "@/features/live-ops/lib/live";

/** Stop marker fill per status; the ring is the route's colour. */
const statusStyle: Record<LiveRoute["stops"][number]["status"], { bg: string; fg: string; text: (n: number) => string }> = {
  pending: { bg: "#ffffff", fg: "#111827", text: (n) => String(n) },
  arrived: { bg: "#f59e0b", fg: "#111827", text: (n) => String(n) },
  done: { bg: "#16a34a", fg: "#ffffff", text: () => "✓" },
  failed: { bg: "#dc2626", fg: "#ffffff", text: () => "✕" },
};

function stopIcon(stop: LiveRoute["stops"][number], number: number, colour: string): L.DivIcon {
  const s = statusStyle[stop.status];
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span data-marker="live-stop" data-stop-id="${escapeMarkup(stop.id)}" data-status="${stop.status}" style="background:${s.bg};color:${s.fg};border:3px solid ${colour};border-radius:9999px;display:flex;align-items:center;justify-content:center;width:26px;height:26px;font-size:12px;font-weight:700;box-shadow:0 1px 3px rgb(0 0 0 / .4)">${s.text(number)}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
}

function driverIcon(position: DriverPosition, colour: string): L.DivIcon {
  const initial = escapeMarkup(position.driverName.trim().charAt(0).toUpperCase() || "?");
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span data-marker="driver" data-driver-id="${escapeMarkup(position.driverUserId)}" data-position="${position.lat.toFixed(5)},${position.lng.toFixed(5)}" style="background:${colour};color:#fff;border:3px solid #111827;outline:2px solid #fff;border-radius:6px;display:flex;align-items:center;justify-content:center;width:30px;height:30px;font-size:14px;font-weight:800;box-shadow:0 1px 4px rgb(0 0 0 / .5)">${initial}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
}

function DriverMarker({ position, colour }: { position: DriverPosition; colour: string }) {
  const format = useFormat();
  const { t } = useTranslation("live-ops");
  const icon = useMemo(() => driverIcon(position, colour), [position, colour]);
  const trail = position.trail.length > 0 ? position.trail : [];
  return (
    <>
      {trail.length > 1 ? <Polyline positions={trail} pathOptions={{ color: colour, weight: 3, opacity: 0.7, dashArray: "4 6", className: "rp-live-trail" }} /> : null}
      <Marker position={[position.lat, position.lng]} icon={icon} title={t("map.lastSeen", { name: position.driverName, time: format.time(position.at, { seconds: true }) })} zIndexOffset={1000}>
        <Tooltip>{position.driverName}</Tooltip>
      </Marker>
    </>
  );
}

/** The day's dispatched routes in their vehicle colours, stops by status, and each driver's latest position with its trail. */
export function LiveMap({ routes, positions, colourOf }: { routes: LiveRoute[]; positions: DriverPosition[]; colourOf: (routeId: string | null) => string }) {
  const { t } = useTranslation("live-ops");
  const points: LatLngTuple[] = routes.flatMap((r) => r.stops.map((s): LatLngTuple => [s.lat, s.lng]));
  const allPoints = points.length > 0 ? points : positions.map((p): LatLngTuple => [p.lat, p.lng]);
  // The map fits the day's stops and re-fits only when they change (a stop added, moved or taken
  // off), never on a driver's new position or a stop's new status: the map stays where the manager
  // put it. With no stops it fits the drivers, again only when one appears or goes.
  const fitKey = points.length > 0 ? placesKey(points) : `drivers:${positions.map((p) => p.driverUserId).sort().join(",")}`;
  const centre = allPoints[0] ?? [47.14, 9.52];
  return (
    <BaseMap testId="live-map" className="rp-map h-80 rounded-md border sm:h-[28rem]" center={centre} stillShown={t("map.stillShown")}>
      {routes.map((route) => {
        const colour = colourOf(route.id);
        const line = route.geometry ? decodePolyline(route.geometry) : route.stops.map((s): LatLngTuple => [s.lat, s.lng]);
        return (
          <Fragment key={route.id}>
            {line.length > 1 ? <Polyline positions={line} pathOptions={{ color: colour, weight: 4, opacity: 0.8, className: "rp-live-line" }} /> : null}
            {route.stops.map((stop, i) => (
              <Marker key={stop.id} position={[stop.lat, stop.lng]} icon={stopIcon(stop, i + 1, colour)} title={t("map.stopTitle", { route: route.name, number: i + 1, label: stop.label, status: t(statusLabels[stop.status]) })}>
                <Tooltip>{`${route.name} · ${i + 1}. ${stop.label} · ${t(statusLabels[stop.status])}`}</Tooltip>
              </Marker>
            ))}
          </Fragment>
        );
      })}
      {positions.map((p) => (
        <DriverMarker key={p.driverUserId} position={p} colour={colourOf(p.routeId)} />
      ))}
      <FitToPoints points={allPoints} fitKey={fitKey} padding={24} />
    </BaseMap>
  );
}
