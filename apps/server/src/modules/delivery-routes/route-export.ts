import { escapeMarkup, fleetMessages, type RouteDetail, type SharedRoute } from "@routepilot/contracts";
import { decodePolyline } from "@routepilot/geo";

const coord = (v: number) => v.toFixed(6);

/** What a GPX file needs of a route: both an owner's route and a shared (read-only) one fit. */
export type GpxRoute = Pick<RouteDetail | SharedRoute, "name" | "roundTrip" | "start" | "end" | "geometry" | "createdAt" | "reloads"> & {
  stops: (Pick<RouteDetail["stops"][number], "sequence" | "label" | "address" | "lat" | "lng"> & { note?: string | null })[];
};

type GpxPoint = { lat: number; lng: number; name: string; desc?: string };

/**
 * GPX 1.1 with three parts:
 * - one `<wpt>` per place: the start, every stop, a distinct end place;
 * - one `<rte>` in driving order: the start, the stops (with the start again at each reload of a
 *   multi-trip fleet route, issue 26), then the end place — or, for a round trip, the start again
 *   (the drive home), so the file describes the whole journey;
 * - one `<trk>` with the road geometry (every point of the route line) when the routing
 *   provider gave one; straight-line estimates have no road track, so no `<trk>`.
 */
export function routeToGpx(route: GpxRoute): string {
  const start: GpxPoint = { lat: route.start.lat, lng: route.start.lng, name: `Start: ${route.start.label}`, desc: route.start.address ?? undefined };
  const stops: GpxPoint[] = route.stops.map((s) => ({ lat: s.lat, lng: s.lng, name: `${s.sequence}. ${s.label}`, desc: [s.address, s.note].filter(Boolean).join(" — ") || undefined }));
  const end: GpxPoint | null = route.roundTrip
    ? { lat: route.start.lat, lng: route.start.lng, name: `Back to the start: ${route.start.label}`, desc: route.start.address ?? undefined }
    : route.end
      ? { lat: route.end.lat, lng: route.end.lng, name: `End: ${route.end.label}`, desc: route.end.address ?? undefined }
      : null;
  const places = [start, ...stops, ...(end && !route.roundTrip ? [end] : [])];
  const reload: GpxPoint = { lat: route.start.lat, lng: route.start.lng, name: `${fleetMessages.reloadLabel}: ${route.start.label}`, desc: route.start.address ?? undefined };
  const reloadsAfter = new Set((route.reloads ?? []).map((r) => r.afterSequence));
  const driven = route.stops.flatMap((s, i) => (reloadsAfter.has(s.sequence) && i < route.stops.length - 1 ? [stops[i] as GpxPoint, reload] : [stops[i] as GpxPoint]));
  const sequence = [start, ...driven, ...(end ? [end] : [])];
  const point = (tag: string, indent: string) => (p: GpxPoint) =>
    `${indent}<${tag} lat="${coord(p.lat)}" lon="${coord(p.lng)}">\n${indent}  <name>${escapeMarkup(p.name)}</name>${p.desc ? `\n${indent}  <desc>${escapeMarkup(p.desc)}</desc>` : ""}\n${indent}</${tag}>`;
  const description = route.roundTrip ? "Round trip: return to the start after the last stop." : null;
  const track = route.geometry ? decodePolyline(route.geometry) : [];
  const trk =
    track.length >= 2
      ? `
  <trk>
    <name>${escapeMarkup(route.name)}</name>
    <desc>Road geometry of the route</desc>
    <trkseg>
${track.map((p) => `      <trkpt lat="${coord(p.lat)}" lon="${coord(p.lng)}"/>`).join("\n")}
    </trkseg>
  </trk>`
      : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="RoutePilot" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>${escapeMarkup(route.name)}</name>
    <time>${new Date(route.createdAt).toISOString()}</time>
  </metadata>
${places.map(point("wpt", "  ")).join("\n")}
  <rte>
    <name>${escapeMarkup(route.name)}</name>${description ? `\n    <desc>${description}</desc>` : ""}
${sequence.map(point("rtept", "    ")).join("\n")}
  </rte>${trk}
</gpx>
`;
}

/** One CSV field (RFC 4180); a leading =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What a CSV file needs of a route: an owner's route and a shared one (which has no notes) both fit. */
export type CsvRoute = Pick<RouteDetail | SharedRoute, "roundTrip" | "start" | "end" | "reloads" | "endArrivalSeconds" | "endLegDistanceMeters" | "endLegDurationSeconds"> & {
  stops: (Pick<RouteDetail["stops"][number], "sequence" | "label" | "address" | "lat" | "lng" | "arrivalSeconds" | "legDistanceMeters" | "legDurationSeconds" | "serviceSeconds"> & {
    note?: string | null;
  })[];
};

/**
 * CSV of the whole journey in driving order with legs and ETAs (seconds and minutes after
 * departure), like the GPX: the start (sequence 0, departure), the stops, then the end place or,
 * for a round trip, the start again (no sequence, with the last leg); an open route ends at its
 * last stop. A multi-trip fleet route's reloads (issue 26) are rows of their own with no sequence,
 * labelled "Reload at the depot": they are not orders. The leg of the stop after a reload runs
 * through the depot (the reload row has no leg of its own), so the legs add up to the route's
 * distance.
 */
export function routeToCsv(route: CsvRoute): string {
  const header = ["sequence", "label", "address", "lat", "lng", "arrival_seconds", "arrival_minutes", "leg_distance_m", "leg_duration_s", "service_s", "note"];
  const reloadRows = new Map((route.reloads ?? []).map((r) => [r.afterSequence, r]));
  const rows = route.stops.flatMap((s) => {
    const row = [
      s.sequence,
      s.label,
      s.address,
      Number(s.lat.toFixed(6)),
      Number(s.lng.toFixed(6)),
      Math.round(s.arrivalSeconds),
      Math.round(s.arrivalSeconds / 60),
      Math.round(s.legDistanceMeters),
      Math.round(s.legDurationSeconds),
      s.serviceSeconds,
      s.note ?? null,
    ];
    const r = reloadRows.get(s.sequence);
    if (!r || s.sequence === route.stops[route.stops.length - 1]?.sequence) return [row];
    const reload = [
      null,
      fleetMessages.reloadLabel,
      route.start.address ?? route.start.label,
      Number(route.start.lat.toFixed(6)),
      Number(route.start.lng.toFixed(6)),
      Math.round(r.arrivalSeconds),
      Math.round(r.arrivalSeconds / 60),
      null,
      null,
      Math.round(r.departureSeconds - r.arrivalSeconds),
      null,
    ];
    return [row, reload];
  });
  const place = (p: RouteDetail["start"]) => [p.address ?? null, Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6))];
  const first = [0, `Start: ${route.start.label}`, ...place(route.start), 0, 0, null, null, null, null];
  const endPlace = route.roundTrip ? route.start : route.end;
  const last =
    endPlace && route.endArrivalSeconds !== null
      ? [
          null,
          `${route.roundTrip ? "Back to the start" : "End"}: ${endPlace.label}`,
          ...place(endPlace),
          Math.round(route.endArrivalSeconds),
          Math.round(route.endArrivalSeconds / 60),
          route.endLegDistanceMeters === null ? null : Math.round(route.endLegDistanceMeters),
          route.endLegDurationSeconds === null ? null : Math.round(route.endLegDurationSeconds),
          null,
          null,
        ]
      : null;
  return `${[header, first, ...rows, ...(last ? [last] : [])].map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** A safe file name for a download. */
export function exportFileName(route: Pick<RouteDetail, "name">, ext: string): string {
  const base = route.name.normalize("NFKD").replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-").slice(0, 60) || "route";
  return `${base}.${ext}`;
}
