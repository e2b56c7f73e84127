import { haversineMeters } from "../geodesy";
import type { GeocodeResult, GeocodeSearchOptions, Geocoder } from "../types";
import { CoordinatesGeocoder } from "./coordinates-geocoder";

/**
 * Asks several geocoders and merges their answers. Typed coordinates short-circuit
 * everything. Otherwise all sources are asked at once; results are ordered by score
 * (ties: the order the geocoders were given), near-duplicates (same label within 50 m, 3 km for towns)
 * dropped. A failing source is skipped as long as another one answered; if all fail, the
 * first error is thrown.
 */
export class CompositeGeocoder implements Geocoder {
  readonly name: string;
  private readonly coordinates = new CoordinatesGeocoder();

  constructor(private readonly sources: readonly Geocoder[]) {
    this.name = ["coordinates", ...sources.map((s) => s.name)].join("+");
  }

  async search(text: string, options: GeocodeSearchOptions = {}): Promise<GeocodeResult[]> {
    const typed = await this.coordinates.search(text);
    if (typed.length > 0) return typed;
    const limit = options.limit ?? 5;
    const settled = await Promise.allSettled(this.sources.map((s) => s.search(text, { ...options, limit })));
    const merged: Array<{ r: GeocodeResult; source: number }> = [];
    let firstError: unknown;
    let anyOk = false;
    settled.forEach((s, source) => {
      if (s.status === "fulfilled") {
        anyOk = true;
        for (const r of s.value) merged.push({ r, source });
      } else if (firstError === undefined) {
        firstError = s.reason;
      }
    });
    if (!anyOk && firstError !== undefined) throw firstError;
    merged.sort((a, b) => b.r.score - a.r.score || a.source - b.source);
    const out: GeocodeResult[] = [];
    for (const { r } of merged) {
      if (out.length >= limit) break;
      // A town found by two sources (GeoNames and the extract) sits a little apart in each.
      const dup = out.some((o) => o.label === r.label && haversineMeters(o.lat, o.lng, r.lat, r.lng) < (o.match === "place" && r.match === "place" ? 3000 : 50));
      if (!dup) out.push(r);
    }
    return out;
  }

  /** The first source (in the order given) that knows the place; coordinates as text if none does. */
  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    for (const source of this.sources) {
      try {
        const r = await source.reverse(lat, lng);
        if (r) return r;
      } catch {
        // A failing source must not hide the others' answers.
      }
    }
    return this.coordinates.reverse(lat, lng);
  }
}
