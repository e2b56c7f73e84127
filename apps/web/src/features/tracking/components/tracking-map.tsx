import L from "leaflet";
import { Marker, Tooltip } from "react-leaflet";
import { BaseMap } from "@/lib/map/base-map";
import { FitToPoints } from "@/lib/map/fit-to-points";
import type { LatLngTuple } from "@/lib/polyline";
import { useTranslation } from "@/lib/i18n";

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

/**
 * A small map of the delivery address and, when given, the driver's last position. Not an .rp-map:
 * its ground stays Leaflet's light grey in both themes, like the tiles, so the credits keep their
 * contrast when no tile loads. It fits both when it opens and when the driver first shows up; a new
 * position of the driver does not move the map (the driver comes closer to the address, which is in view).
 */
export function TrackingMap({ destination, driver }: { destination: Point; driver: Point | null }) {
  const { t } = useTranslation("tracking");
  const points: LatLngTuple[] = [[destination.lat, destination.lng], ...(driver ? [[driver.lat, driver.lng] as LatLngTuple] : [])];
  return (
    <BaseMap
      testId="tracking-map"
      className="h-64 rounded-xl border sm:h-80"
      center={points[0]!}
      zoom={14}
      scrollWheelZoom={false}
      stillShown={t("map.stillShown")}
    >
      <Marker position={[destination.lat, destination.lng]} icon={pin("⌂", "end")} title={t("map.address")} alt={t("map.address")}>
        <Tooltip>{t("map.address")}</Tooltip>
      </Marker>
      {driver ? (
        <Marker position={[driver.lat, driver.lng]} icon={pin("🚚", "start")} title={t("map.driver")} alt={t("map.driver")}>
          <Tooltip>{t("map.driver")}</Tooltip>
        </Marker>
      ) : null}
      <FitToPoints points={points} fitKey={`${points[0]!.join(",")}|${driver ? "driver" : ""}`} />
    </BaseMap>
  );
}
