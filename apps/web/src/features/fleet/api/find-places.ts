import { geocodeResponseSchema, parseCoordinates, type GeocodeResponse } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export type FoundPlace = GeocodeResponse["results"][number];

/**
 * The places a depot's address may mean, best match first: typed coordinates ("47.14, 9.52") are
 * answered here without a request, anything else by GET /api/geocode (the planner's place search).
 */
export async function findPlaces(text: string): Promise<FoundPlace[]> {
  const q = text.trim();
  const typed = parseCoordinates(q);
  if (typed) return [{ label: q, lat: typed.lat, lng: typed.lng, provider: "coordinates", kind: "coordinates", match: "coordinates", attribution: "" }];
  const { results } = await apiRequest(`/api/geocode?${new URLSearchParams({ q, limit: "5" }).toString()}`, { schema: geocodeResponseSchema });
  return results;
}
