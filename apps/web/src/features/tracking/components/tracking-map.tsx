import { useEffect } from "react";
import L from "leaflet";
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import "@/lib/map/route-map.css";
import { tileConfig } from "@/lib/map/tiles";

type Point = { lat: number; lng: number };

function pin(text: string, kind: "end" | "start"): L.DivIcon {
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span class="rp-marker rp-marker-${kind}" data-marker="${kind}">${text}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    tooltipAnchor: [0, -16],
  });
}

function Fit({ points }: { points: Point[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.lat},${p.lng}`).join(";");
  useEffect(() => {
    if (points.length === 1) map.setView([points[0]!.lat, points[0]!.lng], 14);
    else map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng])), { padding: [32, 32], maxZoom: 15 });
    // Refit only when a position changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * A small map of the delivery address and, when given, the driver's last position. Not an .rp-map:
 * its ground stays Leaflet's light grey in both themes, like the tiles, so the credits keep their
 * contrast when no tile loads.
 */
export function TrackingMap({ destination, driver }: { destination: Point; driver: Point | null }) {
  const points = driver ? [destination, driver] : [destination];
  return (
    <div className="h-64 overflow-hidden rounded-xl border sm:h-80" data-testid="tracking-map">
      <MapContainer center={[destination.lat, destination.lng]} zoom={14} scrollWheelZoom={false} className="size-full" attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} attribution={tileConfig.attribution} /> : null}
        <Marker position={[destination.lat, destination.lng]} icon={pin("⌂", "end")} title="Your delivery address" alt="Your delivery address">
          <Tooltip>Your delivery address</Tooltip>
        </Marker>
        {driver ? (
          <Marker position={[driver.lat, driver.lng]} icon={pin("🚚", "start")} title="Your driver" alt="Your driver">
            <Tooltip>Your driver</Tooltip>
          </Marker>
        ) : null}
        <Fit points={points} />
      </MapContainer>
    </div>
  );
}
