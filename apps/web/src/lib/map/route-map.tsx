import { useEffect, useMemo, useState } from "react";
import L from "leaflet";
import { Marker, Polyline, Tooltip, useMap } from "react-leaflet";
import MarkerClusterGroup from "react-leaflet-cluster";
import { escapeMarkup } from "@routepilot/contracts";
import "react-leaflet-cluster/dist/assets/MarkerCluster.css";
import { decodePolyline, type LatLngTuple } from "@/lib/polyline";
import { BaseMap } from "@/lib/map/base-map";
import { FitToPoints, placesKey } from "@/lib/map/fit-to-points";
import { cn } from "@/lib/utils";

export type MapPoint = { lat: number; lng: number; label: string };

export type RouteMapProps = {
  start: MapPoint;
  /** Stops in the order shown in the list; marker n shows n. */
  stops: (MapPoint & { id?: string })[];
  /** A separate end place (not for round trips or routes ending at the last stop). */
  end?: MapPoint | null;
  roundTrip?: boolean;
  /** Encoded polyline (precision 5); straight segments between the places when null. */
  geometry?: string | null;
  /** The line is a straight-line sketch of an order not planned yet (drawn dashed). */
  provisional?: boolean;
  /** Stops left out of the route, drawn apart (crossed, not numbered). */
  dropped?: MapPoint[];
  /** Index into `stops` of the highlighted stop. */
  selected?: number | null;
  onSelect?: (index: number) => void;
  /** Extra data credit (routing provider), appended to the tile attribution unless it says the same. */
  attribution?: string;
  /** Stops are grouped into clusters from this many on (default 25), so a crowded map stays legible. */
  clusterFrom?: number;
  className?: string;
};

/** leaflet.markercluster's group, as far as the map uses it (the plugin ships no types). */
type ClusterGroup = L.FeatureGroup & { zoomToShowLayer(layer: L.Marker, callback?: () => void): void };

/** A numbered pin drawn in HTML/CSS (no image assets, so it renders offline and in print). */
function markerIcon(text: string, kind: "stop" | "start" | "end" | "dropped", selected: boolean): L.DivIcon {
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span class="rp-marker rp-marker-${kind}${selected ? " rp-marker-selected" : ""}" data-marker="${kind}">${escapeMarkup(text)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    tooltipAnchor: [0, -16],
  });
}

/** A cluster of stops: how many, and which numbers, in a badge unlike a stop's round pin. */
function clusterIcon(cluster: { getChildCount(): number; getAllChildMarkers(): L.Marker[] }): L.DivIcon {
  const numbers = cluster
    .getAllChildMarkers()
    .map((m) => Number(/^Stop (\d+):/.exec(m.options.title ?? "")?.[1]))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  const count = cluster.getChildCount();
  const title = `${count} stops${numbers.length > 0 ? `: ${numbers.join(", ")}` : ""}`;
  return L.divIcon({
    className: "rp-marker-wrapper",
    html: `<span class="rp-cluster" data-marker="cluster" title="${escapeMarkup(title)}" aria-label="${escapeMarkup(title)}">${count}</span>`,
    iconSize: [36, 36],
    iconAnchor: [18, 18],
  });
}

/** Straight segments through the places, for providers that give no geometry. */
export function straightLine(start: MapPoint, stops: MapPoint[], end: MapPoint | null | undefined, roundTrip: boolean): LatLngTuple[] {
  const line: LatLngTuple[] = [[start.lat, start.lng], ...stops.map((s): LatLngTuple => [s.lat, s.lng])];
  if (end) line.push([end.lat, end.lng]);
  else if (roundTrip) line.push([start.lat, start.lng]);
  return line;
}

/** Brings the selected stop into view: out of a cluster if it is in one, or panned to if off-screen. */
function ShowSelected({ marker, cluster }: { marker: L.Marker | null; cluster: ClusterGroup | null }) {
  const map = useMap();
  useEffect(() => {
    if (!marker) return;
    if (cluster && !marker.getElement()) cluster.zoomToShowLayer(marker);
    else if (!map.getBounds().contains(marker.getLatLng())) map.panTo(marker.getLatLng());
  }, [map, marker, cluster]);
  return null;
}

/**
 * The route on a Leaflet map: numbered markers in the list's order (clustered when crowded), the
 * route line, fitted to its places (again when they change). On a {@link BaseMap}: when no tiles
 * load (offline) the map says so and draws the server's offline roads instead, if it has an OSM
 * extract. The markers and the line draw in any case.
 */
export function RouteMap({
  start,
  stops,
  end,
  roundTrip = false,
  geometry,
  provisional = false,
  dropped = [],
  selected = null,
  onSelect,
  attribution,
  clusterFrom = 25,
  className,
}: RouteMapProps) {
  const [cluster, setCluster] = useState<ClusterGroup | null>(null);
  const [markers] = useState(() => new Map<number, L.Marker>());
  const [selectedMarker, setSelectedMarker] = useState<L.Marker | null>(null);

  const line = useMemo(() => {
    const decoded = geometry && !provisional ? decodePolyline(geometry) : [];
    return decoded.length >= 2 ? decoded : straightLine(start, stops, end, roundTrip);
  }, [geometry, provisional, start, stops, end, roundTrip]);
  const places = useMemo(
    () => [start, ...stops, ...(end ? [end] : []), ...dropped].map((p): LatLngTuple => [p.lat, p.lng]),
    [start, stops, end, dropped],
  );
  // The line (road geometry) counts for the box, but only a change of places re-fits: a re-ordered or
  // re-planned route over the same places keeps the user's pan and zoom.
  const bounds = useMemo(() => [...line, ...places], [line, places]);
  useEffect(() => setSelectedMarker(selected !== null ? (markers.get(selected) ?? null) : null), [selected, stops, markers]);

  const clustered = stops.length >= clusterFrom;
  const stopMarkers = stops.map((stop, index) => (
    <Marker
      // The position is in the key: react-leaflet does not update a marker's title, so a moved stop gets a new marker.
      key={`${index}-${stop.id ?? `${stop.lat},${stop.lng}`}`}
      ref={(marker) => {
        if (!marker) return;
        markers.set(index, marker);
        return () => {
          if (markers.get(index) === marker) markers.delete(index);
        };
      }}
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
  ));

  return (
    <BaseMap
      testId="route-map"
      className={cn("rp-map rounded-xl border bg-muted", className)}
      mapClassName="size-full min-h-72"
      center={[start.lat, start.lng]}
      attribution={attribution}
    >
      {/* className is read when Leaflet creates the path, so it is an option (and the key), not a pathOption. */}
      <Polyline
        key={provisional ? "provisional" : "planned"}
        positions={line}
        className={cn("rp-route-line", provisional && "rp-route-line-provisional")}
        pathOptions={{ color: "var(--route-line)", weight: 4, opacity: 0.85 }}
      />
      <Marker position={[start.lat, start.lng]} icon={markerIcon("S", "start", false)} title={`Start: ${start.label}`} alt={`Start: ${start.label}`}>
        <Tooltip>Start: {start.label}</Tooltip>
      </Marker>
      {clustered ? (
        <MarkerClusterGroup ref={setCluster} chunkedLoading maxClusterRadius={40} showCoverageOnHover={false} spiderfyOnMaxZoom iconCreateFunction={clusterIcon}>
          {stopMarkers}
        </MarkerClusterGroup>
      ) : (
        stopMarkers
      )}
      {dropped.map((stop, index) => (
        <Marker
          key={`dropped-${index}-${stop.lat}-${stop.lng}`}
          position={[stop.lat, stop.lng]}
          icon={markerIcon("×", "dropped", false)}
          title={`Not in the route: ${stop.label}`}
          alt={`Not in the route: ${stop.label}`}
        >
          <Tooltip>Not in the route: {stop.label}</Tooltip>
        </Marker>
      ))}
      {end ? (
        <Marker position={[end.lat, end.lng]} icon={markerIcon("E", "end", false)} title={`End: ${end.label}`} alt={`End: ${end.label}`}>
          <Tooltip>End: {end.label}</Tooltip>
        </Marker>
      ) : null}
      <FitToPoints points={bounds} fitKey={placesKey(places)} padding={32} maxZoom={15} singleZoom={13} />
      <ShowSelected marker={selectedMarker} cluster={clustered ? cluster : null} />
    </BaseMap>
  );
}
