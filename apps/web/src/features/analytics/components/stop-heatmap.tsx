import { useEffect } from "react";
import L from "leaflet";
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import "@/lib/map/route-map.css";
import type { AnalyticsEnhanced } from "@routepilot/contracts";
import { tileConfig } from "@/lib/map/tiles";

type Cell = AnalyticsEnhanced["heatmap"]["cells"][number];

function Fit({ cells }: { cells: Cell[] }) {
  const map = useMap();
  const key = cells.map((c) => `${c.lat},${c.lng}`).join(";");
  useEffect(() => {
    if (cells.length === 0) return;
    if (cells.length === 1) map.setView([cells[0]!.lat, cells[0]!.lng], 12);
    else map.fitBounds(L.latLngBounds(cells.map((c) => [c.lat, c.lng])), { padding: [24, 24], maxZoom: 13 });
    // Refit only when the cells change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * Where the stops were: one circle per grid cell, larger and more opaque the more stops it holds.
 * The same figures are in the table next to it (screen readers).
 */
export function StopHeatmap({ cells }: { cells: Cell[] }) {
  const max = Math.max(1, ...cells.map((c) => c.stops));
  const first = cells[0] ?? { lat: 51.5, lng: -0.12 };
  return (
    <div className="h-80 overflow-hidden rounded-xl border" data-testid="stop-heatmap">
      <MapContainer center={[first.lat, first.lng]} zoom={11} scrollWheelZoom={false} className="size-full" attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} attribution={tileConfig.attribution} /> : null}
        {cells.map((c) => {
          const weight = c.stops / max;
          return (
            <CircleMarker
              key={`${c.lat},${c.lng}`}
              center={[c.lat, c.lng]}
              radius={6 + 14 * Math.sqrt(weight)}
              pathOptions={{ color: "var(--destructive)", fillColor: "var(--destructive)", weight: 1, fillOpacity: 0.25 + 0.5 * weight }}
            >
              <Tooltip>
                {c.stops} stop{c.stops === 1 ? "" : "s"}
              </Tooltip>
            </CircleMarker>
          );
        })}
        <Fit cells={cells} />
      </MapContainer>
    </div>
  );
}
