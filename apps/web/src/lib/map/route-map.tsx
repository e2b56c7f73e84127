import { useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import L from "leaflet";
import { GeoJSON, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";
import MarkerClusterGroup from "react-leaflet-cluster";
import { escapeMarkup, type BasemapRoads } from "@routepilot/contracts";
import "leaflet/dist/leaflet.css";
import "react-leaflet-cluster/dist/assets/MarkerCluster.css";
import "@/lib/map/route-map.css";
import { decodePolyline, type LatLngTuple } from "@/lib/polyline";
import { ROAD_WEIGHT, basemapRoadsUrl, fetchBasemapRoads } from "@/lib/map/basemap";
import { mapCredits, tileConfig } from "@/lib/map/tiles";
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

/** Leaflet pane of the offline roads: above the tiles (200), below route lines (400). */
const BASEMAP_PANE = "rp-basemap";
const ROADS_CREDIT = "&copy; OpenStreetMap contributors";

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

/**
 * Fits the map to the points when they change. Leaflet measures its container once, so a map
 * that was hidden (the phone's list/map toggle) re-measures when it appears and fits again.
 */
function FitBounds({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    let hidden = map.getSize().x === 0;
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      const nowHidden = map.getSize().x === 0;
      if (hidden && !nowHidden) setShown((n) => n + 1);
      hidden = nowHidden;
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  // Sorted: a new order of the same places keeps the user's pan and zoom.
  const key = points
    .map((p) => p.join(","))
    .sort()
    .join(";");
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) map.setView(points[0]!, 13);
    else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
    // The key captures the points; re-fitting only when they change keeps the user's pan/zoom otherwise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, shown]);
  return null;
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

/** With no tile attribution shown by a layer, the data credits show in Leaflet's attribution box. */
function Credits({ text }: { text: string }) {
  const map = useMap();
  useEffect(() => {
    if (!text) return;
    map.attributionControl.addAttribution(text);
    return () => void map.attributionControl.removeAttribution(text);
  }, [map, text]);
  return null;
}

/**
 * The server's offline roads (from its OSM extract) for the visible area, fetched again after
 * each pan or zoom and drawn light under the route. Reports whether the server has any.
 */
function OfflineRoads({ onAvailable }: { onAvailable: (available: boolean) => void }) {
  const map = useMap();
  const [shown, setShown] = useState<{ url: string; roads: BasemapRoads } | null>(null);
  const report = useRef(onAvailable);
  report.current = onAvailable;
  useEffect(() => {
    if (!map.getPane(BASEMAP_PANE)) {
      const pane = map.createPane(BASEMAP_PANE);
      pane.style.zIndex = "250";
      pane.style.pointerEvents = "none";
    }
    let controller: AbortController | null = null;
    let lastUrl = "";
    const load = () => {
      const b = map.getBounds();
      const url = basemapRoadsUrl({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, map.getZoom());
      if (url === lastUrl) return;
      lastUrl = url;
      controller?.abort();
      const current = new AbortController();
      controller = current;
      fetchBasemapRoads(url, current.signal)
        .then((roads) => {
          if (current.signal.aborted) return;
          setShown({ url, roads });
          report.current(roads.available);
        })
        .catch(() => {
          // Offline from the server too, or aborted by a newer view: keep what is drawn.
        });
    };
    load();
    map.on("moveend", load);
    return () => {
      map.off("moveend", load);
      controller?.abort();
    };
  }, [map]);
  if (!shown?.roads.available || shown.roads.features.length === 0) return null;
  return (
    <GeoJSON
      // Leaflet's GeoJSON layer does not take new data: a new area is a new layer.
      key={shown.url}
      data={shown.roads as ComponentProps<typeof GeoJSON>["data"]}
      pane={BASEMAP_PANE}
      interactive={false}
      style={(feature) => {
        const roadClass = String(feature?.properties?.roadClass ?? "minor");
        return { className: `rp-road rp-road-${roadClass}`, weight: ROAD_WEIGHT[roadClass] ?? 1, opacity: 1, lineCap: "round", lineJoin: "round" };
      }}
    />
  );
}

type TileState = "loading" | "ok" | "failed";

/** Tile errors since the last tile that loaded after which the base map counts as unavailable. */
const FAILED_AFTER_ERRORS = 4;

/**
 * The route on a Leaflet map: numbered markers in the list's order (clustered when crowded), the
 * route line, fitted to its bounds. Tiles come from {@link tileConfig}; when none load (offline)
 * the map says so and draws the server's offline roads instead, if it has an OSM extract. The
 * markers and the line draw in any case.
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
  const [tiles, setTiles] = useState<TileState>(tileConfig.url ? "loading" : "failed");
  const [offlineRoads, setOfflineRoads] = useState<boolean | null>(null);
  const tileErrors = useRef(0);
  const [cluster, setCluster] = useState<ClusterGroup | null>(null);
  const [markers] = useState(() => new Map<number, L.Marker>());
  const [selectedMarker, setSelectedMarker] = useState<L.Marker | null>(null);

  const line = useMemo(() => {
    const decoded = geometry && !provisional ? decodePolyline(geometry) : [];
    return decoded.length >= 2 ? decoded : straightLine(start, stops, end, roundTrip);
  }, [geometry, provisional, start, stops, end, roundTrip]);
  const bounds = useMemo(() => [...line, [start.lat, start.lng] as LatLngTuple, ...stops.map((s): LatLngTuple => [s.lat, s.lng])], [line, start, stops]);
  const tileEvents = useMemo(
    () => ({
      tileload: () => {
        tileErrors.current = 0;
        setTiles("ok");
      },
      tileerror: () => {
        tileErrors.current += 1;
        setTiles((state) => (state !== "ok" || tileErrors.current >= FAILED_AFTER_ERRORS ? "failed" : state));
      },
    }),
    [],
  );
  useEffect(() => setSelectedMarker(selected !== null ? (markers.get(selected) ?? null) : null), [selected, stops, markers]);

  const noTiles = tiles === "failed";
  const credit = mapCredits([tileConfig.attribution, noTiles && offlineRoads ? ROADS_CREDIT : "", attribution ? escapeMarkup(attribution) : ""]);
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
    <div className={cn("rp-map relative overflow-hidden rounded-xl border bg-muted", className)} data-testid="route-map" data-tiles={tiles}>
      <MapContainer center={[start.lat, start.lng]} zoom={11} scrollWheelZoom className="size-full min-h-72" attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} eventHandlers={tileEvents} /> : null}
        <Credits text={credit} />
        {noTiles ? <OfflineRoads onAvailable={setOfflineRoads} /> : null}
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
        <FitBounds points={bounds} />
        <ShowSelected marker={selectedMarker} cluster={clustered ? cluster : null} />
      </MapContainer>
      {noTiles && tileConfig.url ? (
        <p role="status" data-testid="basemap-notice" className="pointer-events-none absolute inset-x-2 top-2 z-[500] mx-auto w-fit max-w-[calc(100%-4rem)] rounded-md border bg-background/95 px-3 py-1.5 text-xs shadow-sm">
          <strong className="font-semibold">Base map unavailable</strong> — the map tiles could not be loaded.{" "}
          {offlineRoads ? "Roads are drawn from the server's offline map data." : "The route and its stops are still shown."}
        </p>
      ) : null}
    </div>
  );
}
