import {
  messages,
  optimizeRouteRequestSchema,
  type MatchQuality,
  type OptimizeRouteRequest,
  type RouteDetail,
  type RouteProfile,
} from "@routepilot/contracts";
import { clockAfter } from "@/lib/format-duration";
import { translateMessage } from "@/lib/server-messages";

/** A place as typed; `lat`/`lng` are set once it was picked (suggestion, saved location, GPS). */
export type PlaceDraft = { text: string; lat?: number | undefined; lng?: number | undefined; match?: MatchQuality | undefined };

export type StopDraft = {
  key: string;
  place: PlaceDraft;
  label: string;
  note: string;
  /** Minutes, as typed. */
  serviceMinutes: string;
  /** "HH:MM" or "" */
  windowStart: string;
  windowEnd: string;
};

export type EndMode = "roundTrip" | "place" | "lastStop";

export type PlannerDraft = {
  name: string;
  start: PlaceDraft;
  stops: StopDraft[];
  endMode: EndMode;
  end: PlaceDraft;
  profile: RouteProfile;
  departureTime: string;
  /** "HH:MM" end of the working day, or "" for none. */
  endOfDay: string;
};

/** Field errors keyed "start", "end", "stops", "stops.3", "stops.3.serviceSeconds", "stops.3.timeWindow"… */
export type FieldErrors = Record<string, string>;

let keySeed = 0;
/** A key for a new stop row (stable across edits and re-ordering). */
export function newStopKey(): string {
  keySeed += 1;
  return `stop-${Date.now().toString(36)}-${keySeed}`;
}

export function emptyStop(place: PlaceDraft = { text: "" }): StopDraft {
  return { key: newStopKey(), place, label: "", note: "", serviceMinutes: "", windowStart: "", windowEnd: "" };
}

export function emptyDraft(): PlannerDraft {
  return { name: "", start: { text: "" }, stops: [emptyStop()], endMode: "roundTrip", end: { text: "" }, profile: "car", departureTime: "09:00", endOfDay: "" };
}

type PlaceBody = { address?: string; lat?: number; lng?: number; match?: MatchQuality };

/** A picked place sends its coordinates (which win on the server) with its text; a typed one sends the text. */
export function placeBody(place: PlaceDraft): PlaceBody {
  const text = place.text.trim();
  if (place.lat !== undefined && place.lng !== undefined) {
    // A picked suggestion's match quality travels with it, for the stop's badge.
    const found = { lat: place.lat, lng: place.lng, ...(place.match ? { match: place.match } : {}) };
    return text ? { address: text, ...found } : found;
  }
  return { address: text };
}

/** Rows left completely empty are ignored (the form always offers one blank row). */
function isBlank(stop: StopDraft): boolean {
  return stop.place.text.trim() === "" && stop.place.lat === undefined && !stop.label && !stop.note && !stop.serviceMinutes && !stop.windowStart && !stop.windowEnd;
}

/** The request body for POST /api/routes/optimize (not yet validated), and each body stop's row index. */
export function buildRequest(draft: PlannerDraft): { body: Record<string, unknown>; rowOf: number[] } {
  const rowOf: number[] = [];
  const stops = draft.stops.flatMap((stop, row) => {
    if (isBlank(stop)) return [];
    rowOf.push(row);
    const body: Record<string, unknown> = { ...placeBody(stop.place) };
    if (stop.label.trim()) body.label = stop.label.trim();
    if (stop.note.trim()) body.note = stop.note.trim();
    if (stop.serviceMinutes.trim()) body.serviceSeconds = Math.round(Number(stop.serviceMinutes.replace(",", ".")) * 60);
    if (stop.windowStart || stop.windowEnd) body.timeWindow = { start: stop.windowStart, end: stop.windowEnd };
    return [body];
  });
  const body: Record<string, unknown> = { profile: draft.profile, start: placeBody(draft.start), stops, departureTime: draft.departureTime };
  if (draft.name.trim()) body.name = draft.name.trim();
  if (draft.endOfDay) body.endOfDay = draft.endOfDay;
  if (draft.endMode === "roundTrip") body.roundTrip = true;
  else {
    body.roundTrip = false;
    if (draft.endMode === "place") body.end = placeBody(draft.end);
  }
  return { body, rowOf };
}

/**
 * Turns a server or zod field path into the form's error key: a place's sub-fields ("address",
 * "lat", "lng") report on the place, a time window's parts on the window. `rowOf` maps body stop
 * positions back to form rows (blank rows are not sent).
 */
export function formErrorKey(path: string, rowOf: number[] = []): string {
  const parts = path.split(".");
  if (parts[0] === "start" || parts[0] === "end") return parts[0];
  if (parts[0] === "stops") {
    if (parts.length === 1) return "stops";
    const index = Number(parts[1]);
    const row = Number.isInteger(index) ? (rowOf[index] ?? index) : parts[1];
    const field = parts[2];
    if (!field || field === "address" || field === "lat" || field === "lng") return `stops.${row}`;
    return `stops.${row}.${field}`;
  }
  return parts[0] || "form";
}

/** Maps `{ path: message }` (server `fields`) onto form keys, first message per key. */
export function formErrors(fields: Record<string, string>, rowOf: number[] = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) errors[formErrorKey(path, rowOf)] ??= message;
  return errors;
}

/**
 * Validates the draft with the shared contract schema (SPEC §5 messages: "Start point is
 * required", "At least one destination is required", the location rules, the time-window
 * order), so the user sees the server's messages before sending, in their language (the
 * `errors` catalogue, decision 028).
 */
export function validateDraft(draft: PlannerDraft): { request: OptimizeRouteRequest | null; errors: FieldErrors; rowOf: number[] } {
  const { body, rowOf } = buildRequest(draft);
  const errors: FieldErrors = {};
  const parsed = optimizeRouteRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[formErrorKey(issue.path.map(String).join("."), rowOf)] ??= translateMessage(issue.message);
  }
  if (draft.endMode === "place" && !errors.end && draft.end.text.trim() === "" && draft.end.lat === undefined) errors.end = translateMessage(messages.required);
  return { request: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors, rowOf };
}

/** The planner form for a stored route (reopen from history): its stops in their current order. */
export function draftFromRoute(route: RouteDetail): PlannerDraft {
  const clock = (seconds: number) => clockAfter(route.departureTime, seconds).slice(0, 5);
  return {
    name: route.name,
    start: { text: route.start.address ?? route.start.label, lat: route.start.lat, lng: route.start.lng },
    stops: route.stops.map((stop) => ({
      key: newStopKey(),
      place: { text: stop.address ?? stop.label, lat: stop.lat, lng: stop.lng },
      label: stop.address && stop.label !== stop.address ? stop.label : "",
      note: stop.note ?? "",
      serviceMinutes: stop.serviceSeconds ? String(Math.round(stop.serviceSeconds / 60)) : "",
      windowStart: stop.timeWindow ? clock(stop.timeWindow.start) : "",
      windowEnd: stop.timeWindow ? clock(stop.timeWindow.end) : "",
    })),
    endMode: route.roundTrip ? "roundTrip" : route.end ? "place" : "lastStop",
    end: route.end ? { text: route.end.address ?? route.end.label, lat: route.end.lat, lng: route.end.lng } : { text: "" },
    profile: route.profile,
    departureTime: route.departureTime,
    endOfDay: route.maxDurationSeconds != null ? clock(route.maxDurationSeconds) : "",
  };
}
