import { haversineMeters } from "../geodesy";
import type { OsmExtractData, OsmTags } from "../osm/pbf-parser";
import { findNodeIndex } from "../osm/pbf-parser";
import { OSM_ATTRIBUTION, type GeocodeResult, type GeocodeSearchOptions, type Geocoder, type LatLng, type MatchQuality } from "../types";
import { normalizeText, tokenize } from "./normalize";

/** One searchable place from the extract. */
interface AddressEntry {
  kind: "address" | "street" | "place";
  label: string;
  lat: number;
  lng: number;
  /** Folded words of the street name (of the town or village for a place). */
  streetTokens: string[];
  /** Folded house number ("12a"), "" for streets. */
  number: string;
  /** Folded postcode and city words. */
  localityTokens: string[];
}

/** Tags that make a node or way an address (`addr:housenumber` with a street or place). */
export function isAddress(tags: OsmTags): boolean {
  return tags["addr:housenumber"] !== undefined && (tags["addr:street"] !== undefined || tags["addr:place"] !== undefined);
}

/** Named roads people type as destinations (not footpaths and tracks). */
const STREET_CLASSES = new Set([
  "motorway",
  "trunk",
  "primary",
  "secondary",
  "tertiary",
  "unclassified",
  "residential",
  "living_street",
  "pedestrian",
  "service",
  "road",
]);

/** Settlements and named areas people type as destinations (`place=*`). */
const PLACE_CLASSES = new Set(["city", "town", "village", "hamlet", "suburb", "locality"]);

/** A named settlement node or area (city, town, village, hamlet, suburb, locality). */
export function isPlace(tags: OsmTags): boolean {
  return tags.name !== undefined && tags.place !== undefined && PLACE_CLASSES.has(tags.place);
}

/** Keep-filter for `parseOsmPbf` nodes: addresses, places, and country nodes (to name a place's country). */
export function isAddressOrPlaceNode(tags: OsmTags): boolean {
  return isAddress(tags) || isPlace(tags) || (tags.place === "country" && tags.name !== undefined);
}

/** Keep-filter for `parseOsmPbf` ways: addresses, named streets and place areas. */
export function isAddressOrStreetWay(tags: OsmTags): boolean {
  return isAddress(tags) || isPlace(tags) || (tags.name !== undefined && tags.highway !== undefined && STREET_CLASSES.has(tags.highway));
}

/** Same-named street pieces farther apart than this are different streets (e.g. in two villages). */
const STREET_CLUSTER_METERS = 1500;

/**
 * Street addresses (`addr:street` + `addr:housenumber` on nodes and ways; ways are placed
 * at the mean of their nodes), named streets and named places (`place=city…locality`, nodes
 * and areas) from an OSM extract. Search is a scan over
 * pre-folded tokens: every query word must prefix-match the entry, and at least one must
 * match the street name, so "Vaduz" finds Vaduzerstrasse but not every address in Vaduz.
 */
export class OsmAddressGeocoder implements Geocoder {
  readonly name = "osm-address";
  private readonly entries: AddressEntry[];

  constructor(data: OsmExtractData) {
    this.entries = buildEntries(data);
  }

  /** Number of indexed addresses, streets and places. */
  get size(): { addresses: number; streets: number; places: number } {
    const size = { addresses: 0, streets: 0, places: 0 };
    for (const e of this.entries) {
      if (e.kind === "address") size.addresses++;
      else if (e.kind === "street") size.streets++;
      else size.places++;
    }
    return size;
  }

  async search(text: string, options: GeocodeSearchOptions = {}): Promise<GeocodeResult[]> {
    return this.searchSync(text, options);
  }

  /** Synchronous search over the index; results are sorted best first. */
  searchSync(text: string, options: GeocodeSearchOptions = {}): GeocodeResult[] {
    const limit = options.limit ?? 5;
    const query = tokenize(text);
    if (query.length === 0 || limit <= 0) return [];
    const hits: Array<{ e: AddressEntry; score: number; match: MatchQuality }> = [];
    for (const e of this.entries) {
      const m = matchScore(e, query);
      if (!m) continue;
      hits.push({ e, score: m.score + proximityBonus(e, options.near), match: m.match });
    }
    hits.sort((a, b) => b.score - a.score || a.e.label.localeCompare(b.e.label));
    // One street of a given label is enough (long streets are split into several pieces).
    const seen = new Set<string>();
    const out: GeocodeResult[] = [];
    for (const { e, score, match } of hits) {
      if (out.length >= limit) break;
      if (seen.has(e.label)) continue;
      seen.add(e.label);
      out.push(toResult(e, Math.min(1, score), match));
    }
    return out;
  }

  /** Nearest address within 100 m, else nearest street point within 300 m, else null. */
  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    let best: AddressEntry | null = null;
    let bestD = Infinity;
    for (const e of this.entries) {
      // A place is an area: "the nearest village centre" is not a reverse answer.
      if (e.kind === "place") continue;
      const limit = e.kind === "address" ? 100 : 300;
      const d = haversineMeters(lat, lng, e.lat, e.lng);
      // Addresses win over streets at equal distance: compare with the street penalised.
      const rank = e.kind === "address" ? d : d + 100;
      if (d <= limit && rank < bestD) {
        bestD = rank;
        best = e;
      }
    }
    return best ? toResult(best, 1 - Math.min(1, bestD / 400), best.kind === "address" ? "exact" : "street") : null;
  }
}

function toResult(e: AddressEntry, score: number, match: MatchQuality): GeocodeResult {
  return { label: e.label, lat: e.lat, lng: e.lng, provider: "osm-address", kind: e.kind, match, score, attribution: OSM_ATTRIBUTION };
}

/**
 * null when the entry does not match. Otherwise a score of 0.5–0.95 (complete street name plus
 * exact house number highest, prefix-only matches lowest; a place whose whole name was typed
 * above a street that merely starts with it) and the match quality: `exact` only when the typed
 * house number exists, `street` when the street matched but not the number, `place` for a town
 * or village, `approximate` when some words of the name were not typed.
 */
function matchScore(e: AddressEntry, query: string[]): { score: number; match: MatchQuality } | null {
  let streetHits = 0;
  let numberExact = false;
  let numberTyped = false;
  let complete = 0;
  for (let qi = 0; qi < query.length; qi++) {
    const q = query[qi] as string;
    const isLast = qi === query.length - 1;
    if (/^\d/.test(q)) numberTyped = true;
    if (e.number !== "" && (e.number === q || (isLast && e.number.startsWith(q)))) {
      numberExact = numberExact || e.number === q;
      continue;
    }
    let matched = false;
    for (const t of e.streetTokens) {
      if (t.startsWith(q)) {
        matched = true;
        streetHits++;
        if (t === q) complete++;
        break;
      }
    }
    if (matched) continue;
    if (e.localityTokens.some((t) => t.startsWith(q))) continue;
    // A street still matches "Street 12": the number may be one the extract lacks.
    if (e.kind === "street" && /^\d/.test(q)) continue;
    return null;
  }
  if (streetHits === 0) return null;
  // A typed house number that this entry lacks: streets still match, weaker.
  const wholeStreet = complete >= e.streetTokens.length;
  let s = 0.5 + 0.2 * (complete / e.streetTokens.length);
  if (wholeStreet) s += 0.1;
  if (e.kind === "address") s += numberExact ? 0.15 : numberTyped ? 0.05 : -0.05;
  // Just above a street of the same name; below the gazetteer's exact towns (0.75 + population), so a town both know keeps its GeoNames answer.
  else if (e.kind === "place") s += wholeStreet ? 0.02 : 0;
  else if (numberTyped) s -= 0.05;
  const match: MatchQuality =
    streetHits < e.streetTokens.length ? "approximate" : e.kind === "place" ? "place" : e.kind === "address" && numberExact ? "exact" : "street";
  return { score: s, match };
}

function proximityBonus(e: AddressEntry, near: LatLng | undefined): number {
  if (!near) return 0;
  const km = haversineMeters(near.lat, near.lng, e.lat, e.lng) / 1000;
  return 0.05 * Math.exp(-km / 5);
}

function buildEntries(data: OsmExtractData): AddressEntry[] {
  const entries: AddressEntry[] = [];
  const wayCentre = (refs: Float64Array): LatLng | null => {
    let lat = 0;
    let lng = 0;
    let n = 0;
    for (const id of refs) {
      const i = findNodeIndex(data.nodeIds, id);
      if (i < 0) continue;
      lat += data.nodeLat[i] as number;
      lng += data.nodeLng[i] as number;
      n++;
    }
    return n > 0 ? { lat: lat / n, lng: lng / n } : null;
  };
  const addAddress = (tags: OsmTags, at: LatLng): void => {
    const street = tags["addr:street"] ?? tags["addr:place"] ?? "";
    const number = tags["addr:housenumber"] ?? "";
    const postcode = tags["addr:postcode"] ?? "";
    const city = tags["addr:city"] ?? "";
    const locality = [postcode, city].filter(Boolean).join(" ");
    entries.push({
      kind: "address",
      label: `${street} ${number}${locality ? `, ${locality}` : ""}`,
      lat: at.lat,
      lng: at.lng,
      streetTokens: tokenize(street),
      number: normalizeText(number).replace(/ /g, ""),
      localityTokens: tokenize(locality),
    });
  };
  const places: Array<{ tags: OsmTags; at: LatLng }> = [];
  const countries: Array<{ name: string; at: LatLng }> = [];
  for (const n of data.taggedNodes) {
    const at = { lat: data.nodeLat[n.index] as number, lng: data.nodeLng[n.index] as number };
    if (isAddress(n.tags)) addAddress(n.tags, at);
    if (isPlace(n.tags)) places.push({ tags: n.tags, at });
    else if (n.tags.place === "country") countries.push({ name: n.tags["name:en"] ?? (n.tags.name as string), at });
  }
  // Streets: cluster same-named pieces, then place each cluster at a node of its longest piece.
  const streets = new Map<string, Array<{ name: string; at: LatLng; nodes: number }>>();
  for (const w of data.ways) {
    if (isAddress(w.tags)) {
      const at = wayCentre(w.refs);
      if (at) addAddress(w.tags, at);
    }
    if (isPlace(w.tags)) {
      const at = wayCentre(w.refs);
      if (at) places.push({ tags: w.tags, at });
    }
    const name = w.tags.name;
    const highway = w.tags.highway;
    if (name && highway && STREET_CLASSES.has(highway)) {
      const mid = w.refs[Math.floor(w.refs.length / 2)];
      const i = mid === undefined ? -1 : findNodeIndex(data.nodeIds, mid);
      if (i < 0) continue;
      const key = normalizeText(name);
      const at = { lat: data.nodeLat[i] as number, lng: data.nodeLng[i] as number };
      const list = streets.get(key) ?? [];
      list.push({ name, at, nodes: w.refs.length });
      streets.set(key, list);
    }
  }
  // City of a street: from the nearest address on a street of the same name.
  const addressCity = new Map<string, Array<{ at: LatLng; locality: string[]; label: string }>>();
  for (const e of entries) {
    const key = e.streetTokens.join(" ");
    const localityText = e.label.includes(", ") ? e.label.slice(e.label.indexOf(", ") + 2) : "";
    if (!localityText) continue;
    const list = addressCity.get(key) ?? [];
    list.push({ at: e, locality: e.localityTokens, label: localityText });
    addressCity.set(key, list);
  }
  for (const [key, pieces] of streets) {
    const clusters: Array<{ name: string; at: LatLng; nodes: number }> = [];
    for (const p of pieces) {
      const c = clusters.find((c) => haversineMeters(c.at.lat, c.at.lng, p.at.lat, p.at.lng) < STREET_CLUSTER_METERS);
      if (!c) clusters.push({ ...p });
      else if (p.nodes > c.nodes) Object.assign(c, p);
    }
    for (const c of clusters) {
      let locality = "";
      let localityTokens: string[] = [];
      let bestD = 2000;
      for (const a of addressCity.get(key) ?? []) {
        const d = haversineMeters(c.at.lat, c.at.lng, a.at.lat, a.at.lng);
        if (d < bestD) {
          bestD = d;
          locality = a.label;
          localityTokens = a.locality;
        }
      }
      entries.push({
        kind: "street",
        label: locality ? `${c.name}, ${locality}` : c.name,
        lat: c.at.lat,
        lng: c.at.lng,
        streetTokens: tokenize(c.name),
        number: "",
        localityTokens,
      });
    }
  }
  addPlaces(entries, places, countries);
  return entries;
}

/**
 * Place entries labelled "Nendeln, Liechtenstein": the country is the nearest `place=country`
 * node of the extract (a regional extract usually holds one; none → the name alone). A node
 * and an area of the same name within 2 km are one place.
 */
function addPlaces(entries: AddressEntry[], places: Array<{ tags: OsmTags; at: LatLng }>, countries: Array<{ name: string; at: LatLng }>): void {
  const added: AddressEntry[] = [];
  for (const { tags, at } of places) {
    const name = tags.name as string;
    let country = "";
    let bestD = Infinity;
    for (const c of countries) {
      const d = haversineMeters(at.lat, at.lng, c.at.lat, c.at.lng);
      if (d < bestD) {
        bestD = d;
        country = c.name;
      }
    }
    const label = country && country !== name ? `${name}, ${country}` : name;
    if (added.some((p) => p.label === label && haversineMeters(p.lat, p.lng, at.lat, at.lng) < 2000)) continue;
    const postcode = tags.postal_code ?? tags["addr:postcode"] ?? "";
    const entry: AddressEntry = {
      kind: "place",
      label,
      lat: at.lat,
      lng: at.lng,
      streetTokens: tokenize(name),
      number: "",
      localityTokens: tokenize(`${postcode} ${country}`),
    };
    added.push(entry);
    entries.push(entry);
  }
}
