import { Fragment, useEffect } from "react";
import L from "leaflet";
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";
import type { Plan } from "@routepilot/contracts";
import "leaflet/dist/leaflet.css";
import { mapCredits, tileConfig } from "@/lib/map/tiles";
import { routeColour } from "@/lib/route-colours";

type LatLng = [number, number];

function stopIcon(number: number, colour: string): L.DivIcon {
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span data-marker="fleet-stop" style="background:${colour};color:#fff;border:2px solid #fff;border-radius:9999px;display:flex;align-items:center;justify-content:center;width:26px;height:26px;font-size:12px;font-weight:700;box-shadow:0 1px 3px rgb(0 0 0 / .4)">${number}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
}

function FitBounds({ points }: { points: LatLng[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(",")).join(";");
  useEffect(() => {
    if (points.length === 1) map.setView(points[0]!, 14);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 15 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the places change
  }, [map, key]);
  return null;
}

/** A plan on a map: one colour per vehicle route, its stops numbered in visiting order. */
export function PlanMap({ plan, vehicleNames }: { plan: Plan; vehicleNames: Record<string, string> }) {
  const points: LatLng[] = plan.routes.flatMap((r) => r.stops.map((s): LatLng => [s.lat, s.lng]));
  const centre = points[0] ?? [47.14, 9.52];
  return (
    <div className="rp-map relative h-96 overflow-hidden rounded-md border" data-testid="plan-map">
      <MapContainer center={centre} zoom={11} scrollWheelZoom className="size-full" attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} attribution={mapCredits([tileConfig.attribution])} /> : null}
        {plan.routes.map((route, r) => {
          const colour = routeColour(r);
          const name = vehicleNames[route.vehicleId] ?? route.vehicleId;
          return (
            <Fragment key={route.vehicleId}>
              {route.stops.length > 1 ? (
                <Polyline positions={route.stops.map((s): LatLng => [s.lat, s.lng])} pathOptions={{ color: colour, weight: 4, opacity: 0.85, className: "rp-fleet-line" }} />
              ) : null}
              {route.stops.map((stop, i) => (
                <Marker key={`${stop.orderId}-${stop.kind}`} position={[stop.lat, stop.lng]} icon={stopIcon(i + 1, colour)} title={`${name} stop ${i + 1}: ${stop.label}`}>
                  <Tooltip>{`${name} · ${i + 1}. ${stop.label}`}</Tooltip>
                </Marker>
              ))}
            </Fragment>
          );
        })}
        <FitBounds points={points} />
      </MapContainer>
    </div>
  );
}
