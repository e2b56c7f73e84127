import { Fragment, useEffect, useMemo } from "react";
import L from "leaflet";
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";
import { escapeMarkup, type DriverPosition, type LiveRoute } from "@routepilot/contracts";
import "leaflet/dist/leaflet.css";
import { mapCredits, tileConfig } from "@/lib/map/tiles";
import { decodePolyline, type LatLngTuple } from "@/lib/polyline";
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

/** Fits the map to the day's places when the set of routes changes (not on every position, so the map stays where the manager put it). */
function FitBounds({ points, fitKey }: { points: LatLngTuple[]; fitKey: string }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 1) map.setView(points[0]!, 14);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 15 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the routes change
  }, [map, fitKey]);
  return null;
}

function DriverMarker({ position, colour }: { position: DriverPosition; colour: string }) {
  const icon = useMemo(() => driverIcon(position, colour), [position, colour]);
  const trail = position.trail.length > 0 ? position.trail : [];
  return (
    <>
      {trail.length > 1 ? <Polyline positions={trail} pathOptions={{ color: colour, weight: 3, opacity: 0.7, dashArray: "4 6", className: "rp-live-trail" }} /> : null}
      <Marker position={[position.lat, position.lng]} icon={icon} title={`${position.driverName}, last seen ${new Date(position.at).toLocaleTimeString()}`} zIndexOffset={1000}>
        <Tooltip>{position.driverName}</Tooltip>
      </Marker>
    </>
  );
}

/** The day's dispatched routes in their vehicle colours, stops by status, and each driver's latest position with its trail. */
export function LiveMap({ routes, positions, colourOf }: { routes: LiveRoute[]; positions: DriverPosition[]; colourOf: (routeId: string | null) => string }) {
  const points: LatLngTuple[] = routes.flatMap((r) => r.stops.map((s): LatLngTuple => [s.lat, s.lng]));
  const allPoints = points.length > 0 ? points : positions.map((p): LatLngTuple => [p.lat, p.lng]);
  const fitKey = `${routes.map((r) => r.id).join(",")}|${points.length === 0 ? positions.length : ""}`;
  const centre = allPoints[0] ?? [47.14, 9.52];
  return (
    // isolate: Leaflet's panes (z-index 400–700) stay under the sticky top bar (z-40).
    <div className="rp-map relative isolate h-80 overflow-hidden rounded-md border sm:h-[28rem]" data-testid="live-map">
      <MapContainer center={centre} zoom={11} scrollWheelZoom className="size-full" attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} attribution={mapCredits([tileConfig.attribution])} /> : null}
        {routes.map((route) => {
          const colour = colourOf(route.id);
          const line = route.geometry ? decodePolyline(route.geometry) : route.stops.map((s): LatLngTuple => [s.lat, s.lng]);
          return (
            <Fragment key={route.id}>
              {line.length > 1 ? <Polyline positions={line} pathOptions={{ color: colour, weight: 4, opacity: 0.8, className: "rp-live-line" }} /> : null}
              {route.stops.map((stop, i) => (
                <Marker key={stop.id} position={[stop.lat, stop.lng]} icon={stopIcon(stop, i + 1, colour)} title={`${route.name} stop ${i + 1}: ${stop.label} (${statusLabels[stop.status]})`}>
                  <Tooltip>{`${route.name} · ${i + 1}. ${stop.label} · ${statusLabels[stop.status]}`}</Tooltip>
                </Marker>
              ))}
            </Fragment>
          );
        })}
        {positions.map((p) => (
          <DriverMarker key={p.driverUserId} position={p} colour={colourOf(p.routeId)} />
        ))}
        <FitBounds points={allPoints} fitKey={fitKey} />
      </MapContainer>
    </div>
  );
}
