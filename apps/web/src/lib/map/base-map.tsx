import { useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { GeoJSON, MapContainer, TileLayer, useMap } from "react-leaflet";
import { escapeMarkup, type BasemapRoads } from "@routepilot/contracts";
import "leaflet/dist/leaflet.css";
import "@/lib/map/route-map.css";
import { ROAD_WEIGHT, basemapRoadsUrl, fetchBasemapRoads } from "@/lib/map/basemap";
import { mapCredits, tileConfig } from "@/lib/map/tiles";
import type { LatLngTuple } from "@/lib/polyline";
import { cn } from "@/lib/utils";

/** Leaflet pane of the offline roads: above the tiles (200), below route lines (400). */
const BASEMAP_PANE = "rp-basemap";
const ROADS_CREDIT = "&copy; OpenStreetMap contributors";

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
 * each pan or zoom and drawn light under the map's own layers. Reports whether the server has any.
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

export type TileState = "loading" | "ok" | "failed";

/** Tile errors since the last tile that loaded after which the base map counts as unavailable. */
const FAILED_AFTER_ERRORS = 4;

export type BaseMapProps = {
  /** Where the map opens before its content fits it (see FitToPoints). */
  center: LatLngTuple;
  zoom?: number;
  scrollWheelZoom?: boolean;
  /** Extra data credit (a routing provider), plain text, added to the tile credit unless it says the same. */
  attribution?: string | undefined;
  /** The wrapper's classes: its size, border, and `rp-map` for the app's map colours. */
  className?: string;
  /** The Leaflet container's classes (default `size-full`). */
  mapClassName?: string;
  /** `data-testid` of the wrapper. */
  testId: string;
  /** What the notice says is still on the map when no tiles load and the server has no offline roads. */
  stillShown?: string;
  /** The map's own layers (markers, lines) and helpers such as FitToPoints. */
  children: ReactNode;
};

/**
 * Every map of the app: a Leaflet map on the tiles of {@link tileConfig}. When no tile loads
 * (offline, a blocked tile server) it says "Base map unavailable" and draws the server's offline
 * roads instead, if the server has an OSM extract; the map's own layers draw in any case. The
 * notice sits right of the zoom buttons, so it never covers them on a phone.
 */
export function BaseMap({ center, zoom = 11, scrollWheelZoom = true, attribution, className, mapClassName = "size-full", testId, stillShown = "The route and its stops are still shown.", children }: BaseMapProps) {
  const [tiles, setTiles] = useState<TileState>(tileConfig.url ? "loading" : "failed");
  const [offlineRoads, setOfflineRoads] = useState<boolean | null>(null);
  const tileErrors = useRef(0);
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
  const noTiles = tiles === "failed";
  const credit = mapCredits([tileConfig.attribution, noTiles && offlineRoads ? ROADS_CREDIT : "", attribution ? escapeMarkup(attribution) : ""]);
  return (
    // isolate: Leaflet's panes (z-index 400–1000) stay under the app's sticky bars and dialogs.
    <div className={cn("rp-basemap relative isolate overflow-hidden", className)} data-testid={testId} data-tiles={tiles}>
      <MapContainer center={center} zoom={zoom} scrollWheelZoom={scrollWheelZoom} className={mapClassName} attributionControl>
        {tileConfig.url ? <TileLayer url={tileConfig.url} eventHandlers={tileEvents} /> : null}
        <Credits text={credit} />
        {noTiles ? <OfflineRoads onAvailable={setOfflineRoads} /> : null}
        {children}
      </MapContainer>
      {noTiles && tileConfig.url ? (
        <p
          role="status"
          data-testid="basemap-notice"
          // left-14: clear of Leaflet's zoom buttons (10 px from the left, 34 px wide); centred in the rest.
          // print:hidden: a note about the screen's tiles, not part of the printed plan.
          className="pointer-events-none absolute top-2 right-2 left-14 z-[500] mx-auto w-fit rounded-md border bg-background/95 px-3 py-1.5 text-xs shadow-sm print:hidden"
        >
          <strong className="font-semibold">Base map unavailable</strong> — the map tiles could not be loaded.{" "}
          {offlineRoads ? "Roads are drawn from the server's offline map data." : stillShown}
        </p>
      ) : null}
    </div>
  );
}
