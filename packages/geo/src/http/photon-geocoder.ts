import { z } from "zod";
import { OSM_ATTRIBUTION, type GeocodeResult, type GeocodeSearchOptions, type Geocoder } from "../types";
import { matchOfKind } from "../geocode/match";
import { parseAnswer, requireOk, sendRequest, serviceUrl, type HttpProviderOptions } from "./http-client";

export interface PhotonOptions extends HttpProviderOptions {
  /** Result language ("en", "de", "fr"…), sent as `lang`. */
  language?: string;
}

const featureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z
    .object({
      name: z.string().optional(),
      housenumber: z.string().optional(),
      street: z.string().optional(),
      postcode: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
      type: z.string().optional(),
    })
    .loose(),
});
const collectionSchema = z.object({ features: z.array(featureSchema) });
type Feature = z.infer<typeof featureSchema>;

const CITY_TYPES = new Set(["city", "town", "village", "district", "locality"]);

/** Photon over HTTP (/api and /reverse, GeoJSON answers; https://github.com/komoot/photon). */
export class PhotonGeocoder implements Geocoder {
  readonly name = "photon";

  constructor(private readonly options: PhotonOptions) {}

  async search(text: string, options: GeocodeSearchOptions = {}): Promise<GeocodeResult[]> {
    if (text.trim() === "") return [];
    const url = serviceUrl(this.options.baseUrl, "api", {
      q: text,
      limit: options.limit ?? 5,
      lat: options.near?.lat.toFixed(6),
      lon: options.near?.lng.toFixed(6),
      lang: this.options.language,
    });
    const answer = await sendRequest(this.name, url, {}, this.options);
    requireOk(this.name, answer);
    const { features } = parseAnswer(this.name, answer, collectionSchema);
    // Photon returns features best first without a score: derive one from the rank.
    return features.map((f, rank) => toResult(f, 0.9 - rank * 0.05));
  }

  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    const url = serviceUrl(this.options.baseUrl, "reverse", { lat: lat.toFixed(6), lon: lng.toFixed(6), limit: 1, lang: this.options.language });
    const answer = await sendRequest(this.name, url, {}, this.options);
    requireOk(this.name, answer);
    const [first] = parseAnswer(this.name, answer, collectionSchema).features;
    return first ? toResult(first, 1) : null;
  }
}

/** "Städtle 38, 9490 Vaduz, Liechtenstein" from Photon's address parts. */
function photonLabel(p: Feature["properties"]): string {
  const street = p.street ? [p.street, p.housenumber].filter(Boolean).join(" ") : undefined;
  const first = p.name ?? street ?? p.city ?? "";
  const parts = [first];
  if (p.name && street) parts.push(street);
  const locality = [p.postcode, p.city].filter(Boolean).join(" ");
  if (locality && p.city !== first) parts.push(locality);
  if (p.country && p.country !== first) parts.push(p.country);
  return parts.filter(Boolean).join(", ");
}

function toResult(f: Feature, score: number): GeocodeResult {
  const [lng, lat] = f.geometry.coordinates;
  const type = f.properties.type ?? "";
  const kind: GeocodeResult["kind"] =
    type === "house" ? "address" : type === "street" ? "street" : CITY_TYPES.has(type) ? "city" : "place";
  return {
    label: photonLabel(f.properties),
    lat,
    lng,
    provider: "photon",
    kind,
    match: matchOfKind(kind),
    score: Math.max(0, Math.min(1, score)),
    attribution: OSM_ATTRIBUTION,
  };
}
