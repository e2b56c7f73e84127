import { InvalidGeoInputError } from "./errors";
import { PROFILES, type LatLng, type Profile } from "./types";

/** Throws `InvalidGeoInputError` unless `profile` is one of PROFILES. */
export function requireProfile(profile: string): asserts profile is Profile {
  if (!(PROFILES as readonly string[]).includes(profile)) {
    throw new InvalidGeoInputError(`Unknown profile "${profile}"; expected one of ${PROFILES.join(", ")}`);
  }
}

/** Throws `InvalidGeoInputError` unless every point is a finite, in-range coordinate. */
export function requirePoints(points: readonly LatLng[], min: number): void {
  if (points.length < min) throw new InvalidGeoInputError(`Expected at least ${min} points, got ${points.length}`);
  points.forEach((p, i) => {
    if (!isValidLatLng(p)) throw new InvalidGeoInputError(`Point ${i} is not a valid coordinate`);
  });
}

/** True for finite latitude in [-90, 90] and longitude in [-180, 180]. */
export function isValidLatLng(p: LatLng): boolean {
  return (
    Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180
  );
}
