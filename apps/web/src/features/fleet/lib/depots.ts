import type { FleetPoint } from "@routepilot/contracts";

/** Two depots this close (in degrees, about 10 m) are the same place. */
const SAME_PLACE_DEGREES = 1e-4;

/** Whether two depots are at the same place (their coordinates within about 10 m). */
export function samePlace(a: Pick<FleetPoint, "lat" | "lng"> | null | undefined, b: Pick<FleetPoint, "lat" | "lng"> | null | undefined): boolean {
  if (!a || !b) return false;
  return Math.abs(a.lat - b.lat) <= SAME_PLACE_DEGREES && Math.abs(a.lng - b.lng) <= SAME_PLACE_DEGREES;
}

/** "47.141, 9.521": a place without a name, to three decimals (about 100 m), which is all a reader needs to tell depots apart. */
export function roundedCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(3)}, ${lng.toFixed(3)}`;
}

/**
 * The words a depot is shown with (issue 25: the vehicle list showed raw coordinates): its own
 * address; else the address of another depot at the same place (`named`, e.g. the team's other
 * vehicles' depots); else its rounded coordinates.
 */
export function depotLabel(point: FleetPoint, named: readonly (FleetPoint | null)[] = []): string {
  const own = point.address?.trim();
  if (own) return own;
  const twin = named.find((p) => p?.address?.trim() && samePlace(p, point));
  return twin?.address?.trim() ?? roundedCoordinates(point.lat, point.lng);
}
