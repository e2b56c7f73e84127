import type { MatchQuality, RouteDetail, RouteProfile, RouteSummary, SharedRoute } from "@routepilot/contracts";
import type { RoutingProvider } from "@routepilot/geo";
import { presentProvider } from "./route-planning";
import type { RouteRow, StopRow } from "./rows";

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Metres and percent saved against the typed order of the same stops; null when that order could not be measured. */
function saving(row: Pick<RouteRow, "distanceM" | "originalDistanceM">) {
  if (row.originalDistanceM === null) return { savingMeters: null, savingPercent: null };
  const savingMeters = row.originalDistanceM - row.distanceM;
  return { savingMeters, savingPercent: row.originalDistanceM > 0 ? round1((savingMeters / row.originalDistanceM) * 100) : 0 };
}

/** Presents a route and its stops as the API shape. */
export function presentRoute(row: RouteRow, stops: StopRow[]): RouteDetail {
  const provider = row.provider as RoutingProvider["name"];
  return {
    id: row.id,
    name: row.name,
    status: row.status as RouteDetail["status"],
    profile: row.profile as RouteProfile,
    roundTrip: row.roundTrip,
    departureTime: row.departureTime,
    start: row.start,
    end: row.end ?? null,
    stops: [...stops]
      .sort((a, b) => a.sequence - b.sequence)
      .map((s) => ({
        id: s.id,
        sequence: s.sequence,
        inputIndex: s.inputIndex,
        label: s.label,
        address: s.address,
        note: s.note,
        match: s.matchQuality as MatchQuality | null,
        lat: s.lat,
        lng: s.lng,
        serviceSeconds: s.serviceS,
        timeWindow: s.timeWindowStart !== null && s.timeWindowEnd !== null ? { start: s.timeWindowStart, end: s.timeWindowEnd } : null,
        arrivalSeconds: s.arrivalS,
        departureSeconds: s.departureS,
        legDistanceMeters: s.legDistanceM,
        legDurationSeconds: s.legDurationS,
        pinned: s.pinned,
        status: s.status as RouteDetail["stops"][number]["status"],
      })),
    ...(row.reloads.length > 0 ? { reloads: row.reloads.map((r) => ({ afterSequence: r.afterSequence, arrivalSeconds: r.arrivalS, departureSeconds: r.departureS })) } : {}),
    unassigned: row.unassigned,
    distanceMeters: row.distanceM,
    durationSeconds: row.durationS,
    endArrivalSeconds: row.endArrivalS,
    endLegDistanceMeters: row.endLegDistanceM,
    endLegDurationSeconds: row.endLegDurationS,
    maxDurationSeconds: row.maxDurationS,
    originalDistanceMeters: row.originalDistanceM,
    ...saving(row),
    geometry: row.geometry,
    provider,
    ...presentProvider(provider),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A route in the history list. */
export function presentRouteSummary(row: RouteRow, stopCount: number, shared: boolean): RouteSummary {
  const detail = presentRoute(row, []);
  return {
    id: detail.id,
    name: detail.name,
    status: detail.status,
    profile: detail.profile,
    roundTrip: detail.roundTrip,
    distanceMeters: detail.distanceMeters,
    durationSeconds: detail.durationSeconds,
    originalDistanceMeters: detail.originalDistanceMeters,
    savingMeters: detail.savingMeters,
    savingPercent: detail.savingPercent,
    provider: detail.provider,
    distanceKind: detail.distanceKind,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    stopCount,
    startLabel: row.start.label,
    shared,
  };
}

/** A shared route, read-only and without owner, notes or record ids (an allow-list: a new route field stays private until added here). */
export function presentSharedRoute(row: RouteRow, stops: StopRow[]): SharedRoute {
  const detail = presentRoute(row, stops);
  return {
    name: detail.name,
    profile: detail.profile,
    roundTrip: detail.roundTrip,
    start: detail.start,
    end: detail.end,
    stops: detail.stops.map((s) => ({
      sequence: s.sequence,
      label: s.label,
      address: s.address,
      lat: s.lat,
      lng: s.lng,
      arrivalSeconds: s.arrivalSeconds,
      legDistanceMeters: s.legDistanceMeters,
      legDurationSeconds: s.legDurationSeconds,
      serviceSeconds: s.serviceSeconds,
    })),
    ...(detail.reloads ? { reloads: detail.reloads } : {}),
    distanceMeters: detail.distanceMeters,
    durationSeconds: detail.durationSeconds,
    endArrivalSeconds: detail.endArrivalSeconds,
    endLegDistanceMeters: detail.endLegDistanceMeters,
    endLegDurationSeconds: detail.endLegDurationSeconds,
    geometry: detail.geometry,
    provider: detail.provider,
    distanceKind: detail.distanceKind,
    attribution: detail.attribution,
    createdAt: detail.createdAt,
  };
}
