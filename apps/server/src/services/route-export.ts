import { escapeMarkup, type RouteDetail } from "@routepilot/contracts";

const coord = (v: number) => v.toFixed(6);

/**
 * GPX 1.1: one `<wpt>` per place and one `<rte>` through them with an `<rtept>` each — the start,
 * every stop in route order, then a distinct end place. A round trip does not repeat the start
 * (so N places give N waypoints); the route's description says it returns there.
 */
export function routeToGpx(route: RouteDetail): string {
  const points: { lat: number; lng: number; name: string; desc?: string }[] = [
    { lat: route.start.lat, lng: route.start.lng, name: `Start: ${route.start.label}`, desc: route.start.address ?? undefined },
    ...route.stops.map((s) => ({ lat: s.lat, lng: s.lng, name: `${s.sequence}. ${s.label}`, desc: [s.address, s.note].filter(Boolean).join(" — ") || undefined })),
  ];
  if (!route.roundTrip && route.end) points.push({ lat: route.end.lat, lng: route.end.lng, name: `End: ${route.end.label}`, desc: route.end.address ?? undefined });
  const point = (tag: string, indent: string) => (p: (typeof points)[number]) =>
    `${indent}<${tag} lat="${coord(p.lat)}" lon="${coord(p.lng)}">\n${indent}  <name>${escapeMarkup(p.name)}</name>${p.desc ? `\n${indent}  <desc>${escapeMarkup(p.desc)}</desc>` : ""}\n${indent}</${tag}>`;
  const description = route.roundTrip ? "Round trip: return to the start after the last stop." : null;
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="RoutePilot" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>${escapeMarkup(route.name)}</name>
    <time>${new Date(route.createdAt).toISOString()}</time>
  </metadata>
${points.map(point("wpt", "  ")).join("\n")}
  <rte>
    <name>${escapeMarkup(route.name)}</name>${description ? `\n    <desc>${description}</desc>` : ""}
${points.map(point("rtept", "    ")).join("\n")}
  </rte>
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

/** CSV of the stops in route order with legs and ETAs (seconds and minutes after departure). */
export function routeToCsv(route: RouteDetail): string {
  const header = ["sequence", "label", "address", "lat", "lng", "arrival_seconds", "arrival_minutes", "leg_distance_m", "leg_duration_s", "service_s", "note"];
  const rows = route.stops.map((s) => [
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
    s.note,
  ]);
  return `${[header, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** A safe file name for a download. */
export function exportFileName(route: RouteDetail, ext: string): string {
  const base = route.name.normalize("NFKD").replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-").slice(0, 60) || "route";
  return `${base}.${ext}`;
}
