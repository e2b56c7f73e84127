import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { geocodeBatchResponseSchema, geocodeResponseSchema, type GeocodeResponse } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export type GeocodeResult = GeocodeResponse["results"][number];

/** GET /api/geocode?q=&near=&limit= → suggestions, each naming its provider and credit. */
export async function geocode(q: string, { near, limit = 5, signal }: { near?: { lat: number; lng: number } | undefined; limit?: number; signal?: AbortSignal } = {}): Promise<GeocodeResult[]> {
  const params = new URLSearchParams({ q, limit: String(limit) });
  if (near) params.set("near", `${near.lat.toFixed(5)},${near.lng.toFixed(5)}`);
  const { results } = await apiRequest(`/api/geocode?${params.toString()}`, { schema: geocodeResponseSchema, signal });
  return results;
}

/** POST /api/geocode/batch → the best match (or null) for each of up to 100 addresses, in order; one request. */
export async function geocodeBatch(queries: string[], near?: { lat: number; lng: number }): Promise<(GeocodeResult | null)[]> {
  const body = { queries, ...(near ? { near: `${near.lat.toFixed(5)},${near.lng.toFixed(5)}` } : {}) };
  const { results } = await apiRequest("/api/geocode/batch", { method: "POST", body, schema: geocodeBatchResponseSchema });
  return results;
}

/**
 * Autocomplete suggestions for `q` (from 2 characters), biased towards `near`. Only while
 * `active` (the field is focused): a pasted list of 100 stops must not send 100 searches, which
 * would also spend the user's SPEC §9 api_general allowance (60 a minute).
 */
/** Digits, signs, separators and degree marks only: "47.14", "47.14151, 9.52154", "-0.12 51.5". */
const COORDINATE_LIKE = /^[-+\d\s.,;°]+$/;

export function useGeocode(q: string, near?: { lat: number; lng: number }, active = true) {
  const text = q.trim();
  return useQuery({
    queryKey: ["geocode", text, near ? `${near.lat.toFixed(2)},${near.lng.toFixed(2)}` : null],
    queryFn: ({ signal }) => geocode(text, { near, signal }),
    // Typed coordinates (or the start of them) need no suggestions: the server reads them as they are.
    enabled: active && text.length >= 2 && !/[<>]/.test(text) && !COORDINATE_LIKE.test(text),
    staleTime: 60 * 60 * 1000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
