import { CircleMarker, Tooltip } from "react-leaflet";
import type { AnalyticsEnhanced } from "@routepilot/contracts";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { BaseMap } from "@/lib/map/base-map";
import { FitToPoints } from "@/lib/map/fit-to-points";
import type { LatLngTuple } from "@/lib/polyline";

type Cell = AnalyticsEnhanced["heatmap"]["cells"][number];

/**
 * Where the stops were: one circle per grid cell, larger and more opaque the more stops it holds.
 * The same figures are in the table next to it (screen readers).
 */
export function StopHeatmap({ cells }: { cells: Cell[] }) {
  const { t } = useTranslation("analytics");
  const format = useFormat();
  const max = Math.max(1, ...cells.map((c) => c.stops));
  const first = cells[0] ?? { lat: 51.5, lng: -0.12 };
  return (
    <BaseMap testId="stop-heatmap" className="h-80 rounded-xl border" center={[first.lat, first.lng]} scrollWheelZoom={false} stillShown={t("heatmap.stillShown")}>
      {cells.map((c) => {
        const weight = c.stops / max;
        return (
          <CircleMarker
            key={`${c.lat},${c.lng}`}
            center={[c.lat, c.lng]}
            radius={6 + 14 * Math.sqrt(weight)}
            pathOptions={{ color: "var(--destructive)", fillColor: "var(--destructive)", weight: 1, fillOpacity: 0.25 + 0.5 * weight }}
          >
            <Tooltip>{t("heatmap.stops", { count: c.stops, stops: format.number(c.stops) })}</Tooltip>
          </CircleMarker>
        );
      })}
      <FitToPoints points={cells.map((c): LatLngTuple => [c.lat, c.lng])} padding={24} maxZoom={13} singleZoom={12} />
    </BaseMap>
  );
}
