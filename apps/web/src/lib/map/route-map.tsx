import { useEffect, useMemo } from "react";
import L from "leaflet";
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";
import { escapeMarkup } from "@routepilot/contracts";
import "leaflet/dist/leaflet.css";
import "@/lib/map/route-map.css";
import { decodePolyline, type LatLngTuple } from "@/lib/polyline";
import { tileConfig } from "@/lib/map/tiles";
import { cn } from "@/lib/utils";

export type MapPoint = { lat: number; lng: number; label: string };

export type RouteMapProps = {
  start: MapPoint;
  /** Stops in route order; marker n shows n. */
  stops: MapPoint[];
  /** A separate end place (not for round trips or routes ending at the last stop). */
  end?: MapPoint | null;
  roundTrip?: boolean;
  /** Encoded polyline (precision 5); straight segments between the places when null. */
  geometry?: string | null;
  /** Index into `stops` of the highlighted stop. */
  selected?: number | null;
  onSelect?: (index: number) => void;
  /** Extra data credit (routing provider), appended to the tile attribution. */
  attribution?: string;
  className?: string;
};

/** A numbered pin drawn in HTML/CSS (no image assets, so it renders offline and in print). */
function markerIcon(text: string, kind: "stop" | "start" | "end", selected: boolean): L.DivIcon {
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span class="rp-marker rp-marker-${kind}${selected ? " rp-marker-selected" : ""}" data-marker="${kind}">${escapeMarkup(text)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    tooltipAnchor: [0, -16],
  });
}

/** Straight segments through the places, for providers that give no geometry. */
export function straightLine(start: MapPoint, stops: MapPoint[], end: MapPoint | null | undefined, roundTrip: boolean): LatLngTuple[] {
  const line: LatLngTuple[] = [[start.lat, start.lng], ...stops.map((s): LatLngTuple => [s.lat, s.lng])];
  if (end) line.push([end.lat, end.lng]);
  else if (roundTrip) line.push([start.lat, start.lng]);
  return line;
}

function FitBounds({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(",")).join(";");
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) map.setView(points[0]!, 13);
    else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
    // The key captures the points; re-fitting only when they change keeps the user's pan/zoom otherwise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function PanToSelected({ point }: { point: LatLngTuple | null }) {
  const map = useMap();
  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

/**
 * The route on a Leaflet map: numbered markers in route order, the route line, fitted to its
 * bounds. Tiles come from {@link tileConfig}; when none load (offline), markers and line still
 * draw on the plain background.
 */
export function RouteMap({ start, stops, end, roundTrip = false, geometry, selected = null, onSelect, attribution, className }: RouteMapProps) {
  const line = useMemo(() => {
    const decoded = geometry ? decodePolyline(geometry) : [];
    return decoded.length >= 2 ? decoded : straightLine(start, stops, end, roundTrip);
  }, [geometry, start, stops, end, roundTrip]);
  const bounds = useMemo(() => [...line, [start.lat, start.lng] as LatLngTuple, ...stops.map((s): LatLngTuple => [s.lat, s.lng])], [line, start, stops]);
  const selectedStop = selected !== null ? stops[selected] : undefined;
  const credit = [tileConfig.attribution, attribution ? escapeMarkup(attribution) : ""].filter(Boolean).join(" · ");

  return (
    <div className={cn("rp-map relative overflow-hidden rounded-xl border bg-muted", className)} data-testid="route-map">
      <MapContainer center={[start.lat, start.lng]} zoom={11} scrollWheelZoom className="size-full min-h-72" attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} attribution={credit} /> : <AttributionOnly text={credit} />}
        {/* className is read when Leaflet creates the path, so it is an option, not a pathOption. */}
        <Polyline positions={line} className="rp-route-line" pathOptions={{ color: "var(--route-line)", weight: 4, opacity: 0.85 }} />
        <Marker position={[start.lat, start.lng]} icon={markerIcon("S", "start", false)} title={`Start: ${start.label}`} alt={`Start: ${start.label}`}>
          <Tooltip>Start: {start.label}</Tooltip>
        </Marker>
        {stops.map((stop, index) => (
          <Marker
            key={`${index}-${stop.lat}-${stop.lng}`}
            position={[stop.lat, stop.lng]}
            icon={markerIcon(String(index + 1), "stop", selected === index)}
            title={`Stop ${index + 1}: ${stop.label}`}
            alt={`Stop ${index + 1}: ${stop.label}`}
            zIndexOffset={selected === index ? 1000 : 0}
            eventHandlers={{ click: () => onSelect?.(index) }}
          >
            <Tooltip>
              {index + 1}. {stop.label}
            </Tooltip>
          </Marker>
        ))}
        {end ? (
          <Marker position={[end.lat, end.lng]} icon={markerIcon("E", "end", false)} title={`End: ${end.label}`} alt={`End: ${end.label}`}>
            <Tooltip>End: {end.label}</Tooltip>
          </Marker>
        ) : null}
        <FitBounds points={bounds} />
        <PanToSelected point={selectedStop ? [selectedStop.lat, selectedStop.lng] : null} />
      </MapContainer>
    </div>
  );
}

/** With tiles switched off, the data credit still shows in Leaflet's attribution box. */
function AttributionOnly({ text }: { text: string }) {
  const map = useMap();
  useEffect(() => {
    if (!text) return;
    map.attributionControl.addAttribution(text);
    return () => void map.attributionControl.removeAttribution(text);
  }, [map, text]);
  return null;
}
