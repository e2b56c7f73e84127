import { useState } from "react";
import { geocodeResponseSchema, type GeocodeResponse } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** A depot as typed: an address (searched with the planner's geocoder) and/or latitude and longitude. */
export type DepotValue = { lat: string; lng: string; address: string };

/** GET /api/geocode?q=: the planner's place search. */
function searchPlaces(q: string): Promise<GeocodeResponse["results"]> {
  return apiRequest(`/api/geocode?${new URLSearchParams({ q, limit: "5" }).toString()}`, { schema: geocodeResponseSchema }).then((r) => r.results);
}

export function DepotField({ legend, value, onChange, error, emptyMeans }: { legend: string; value: DepotValue; onChange: (value: DepotValue) => void; error?: string | undefined; emptyMeans: string }) {
  const [results, setResults] = useState<GeocodeResponse["results"] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const search = async () => {
    setSearchError(null);
    try {
      const found = await searchPlaces(value.address.trim());
      setResults(found);
      if (found.length === 0) setSearchError("No place was found: check the address or give latitude and longitude.");
    } catch (e) {
      setSearchError(errorMessage(e));
    }
  };
  return (
    <fieldset className="grid gap-2 rounded-md border p-2">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="flex gap-2">
        <Input aria-label={`${legend} address`} placeholder="Address" value={value.address} onChange={(e) => onChange({ ...value, address: e.target.value })} />
        <Button type="button" variant="outline" disabled={value.address.trim().length < 2} onClick={() => void search()}>
          Find
        </Button>
      </div>
      {results && results.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={`${legend} places found`}>
          {results.map((r) => (
            <li key={`${r.lat},${r.lng}`}>
              <button
                type="button"
                className="text-left underline-offset-2 hover:underline"
                onClick={() => {
                  onChange({ address: r.label, lat: String(r.lat), lng: String(r.lng) });
                  setResults(null);
                }}
              >
                {r.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {searchError ? <p className="text-sm text-destructive">{searchError}</p> : null}
      <div className="flex gap-2">
        <Input aria-label={`${legend} latitude`} placeholder="Latitude" inputMode="decimal" value={value.lat} onChange={(e) => onChange({ ...value, lat: e.target.value })} />
        <Input aria-label={`${legend} longitude`} placeholder="Longitude" inputMode="decimal" value={value.lng} onChange={(e) => onChange({ ...value, lng: e.target.value })} />
      </div>
      <p className="text-xs text-muted-foreground">Empty: {emptyMeans}.</p>
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </fieldset>
  );
}
