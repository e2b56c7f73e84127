import { haversineMeters } from "../geodesy";
import { encodePolyline } from "../polyline";
import type { LatLng, MatrixResult, Profile, RouteLeg, RouteResult, RoutingProvider } from "../types";
import { requirePoints, requireProfile } from "../validation";

/**
 * Road distance is on average about 1.3 × the great-circle distance (the "circuity" or
 * detour factor; studies of road networks find 1.2–1.4 in most countries). A single factor
 * keeps estimates comparable across profiles.
 */
export const DEFAULT_DETOUR_FACTOR = 1.3;

/** Average travel speed in km/h per profile, for straight-line estimates (stops, junctions and traffic included). */
export const HAVERSINE_SPEEDS_KMH: Readonly<Record<Profile, number>> = {
  car: 40,
  van: 38,
  truck: 32,
  bicycle: 15,
  foot: 5,
};

export interface HaversineOptions {
  detourFactor?: number;
  speedsKmh?: Partial<Record<Profile, number>>;
}

/** Straight-line estimates: great-circle distance × detour factor, at a fixed speed per profile. Never fails to connect. */
export class HaversineProvider implements RoutingProvider {
  readonly name = "haversine" as const;
  readonly detourFactor: number;
  private readonly speeds: Record<Profile, number>;

  constructor(options: HaversineOptions = {}) {
    this.detourFactor = options.detourFactor ?? DEFAULT_DETOUR_FACTOR;
    this.speeds = { ...HAVERSINE_SPEEDS_KMH, ...options.speedsKmh };
  }

  /** Estimated distance (m) and duration (s) between two points. */
  estimate(a: LatLng, b: LatLng, profile: Profile): { distance: number; duration: number } {
    const distance = haversineMeters(a.lat, a.lng, b.lat, b.lng) * this.detourFactor;
    return { distance, duration: distance / (this.speeds[profile] / 3.6) };
  }

  async matrix(points: readonly LatLng[], profile: Profile): Promise<MatrixResult> {
    requireProfile(profile);
    requirePoints(points, 0);
    const durations: number[][] = [];
    const distances: number[][] = [];
    for (const a of points) {
      const dRow: number[] = [];
      const tRow: number[] = [];
      for (const b of points) {
        const e = this.estimate(a, b, profile);
        dRow.push(e.distance);
        tRow.push(e.duration);
      }
      distances.push(dRow);
      durations.push(tRow);
    }
    return { durations, distances, unreachable: [], provider: this.name };
  }

  async route(points: readonly LatLng[], profile: Profile): Promise<RouteResult> {
    requireProfile(profile);
    requirePoints(points, 2);
    const legs: RouteLeg[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i] as LatLng;
      const b = points[i + 1] as LatLng;
      legs.push({ ...this.estimate(a, b, profile), geometry: encodePolyline([a, b]) });
    }
    return {
      distance: legs.reduce((s, l) => s + l.distance, 0),
      duration: legs.reduce((s, l) => s + l.duration, 0),
      geometry: encodePolyline(points),
      legs,
      provider: this.name,
    };
  }
}
