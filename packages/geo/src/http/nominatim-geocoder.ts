import { z } from "zod";
import { InvalidGeoInputError } from "../errors";
import { OSM_ATTRIBUTION, type GeocodeResult, type GeocodeSearchOptions, type Geocoder } from "../types";
import { matchOfKind } from "../geocode/match";
import { parseAnswer, requireOk, sendRequest, serviceUrl, type HttpProviderOptions } from "./http-client";
import { SerialRateLimiter } from "./rate-limiter";

export interface NominatimOptions extends HttpProviderOptions {
  /** Identifies the application, as the Nominatim usage policy requires (e.g. "RoutePilot/1.0 (ops@example.com)"). */
  userAgent: string;
  /** Minimum gap between one answer and the next request (default 1000 ms: the public server allows one request per second). */
  minIntervalMs?: number;
  /** Requests that may wait their turn (default 60, a minute at one per second); more fail with ProviderBusyError. */
  maxWaiting?: number;
  /** Preferred result language, sent as Accept-Language. */
  language?: string;
}

const coord = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isFinite(n)) ctx.addIssue({ code: "custom", message: "not a number" });
  return n;
});
const placeSchema = z.object({
  lat: coord,
  lon: coord,
  display_name: z.string(),
  importance: z.number().optional(),
  category: z.string().optional(),
  type: z.string().optional(),
  addresstype: z.string().optional(),
});
const searchSchema = z.array(placeSchema);
const reverseSchema = z.union([z.object({ error: z.string() }), placeSchema]);

const CITY_TYPES = new Set(["city", "town", "village", "hamlet", "municipality", "suburb"]);

/**
 * Nominatim over HTTP (/search and /reverse, format=jsonv2). Sends a User-Agent; requests
 * go one at a time, `minIntervalMs` apart. Do not use it for autocomplete: the public server's
 * policy forbids it — use the offline geocoders for that.
 */
export class NominatimGeocoder implements Geocoder {
  readonly name = "nominatim";
  private readonly limiter: SerialRateLimiter;

  constructor(private readonly options: NominatimOptions) {
    if (options.userAgent.trim() === "") throw new InvalidGeoInputError("Nominatim needs a User-Agent that identifies the application");
    this.limiter = new SerialRateLimiter(options.minIntervalMs ?? 1000, Date.now, options.maxWaiting ?? 60, "Nominatim");
  }

  async search(text: string, options: GeocodeSearchOptions = {}): Promise<GeocodeResult[]> {
    if (text.trim() === "") return [];
    const near = options.near;
    const url = serviceUrl(this.options.baseUrl, "search", {
      q: text,
      format: "jsonv2",
      limit: options.limit ?? 5,
      // A viewbox of about ±50 km biases results towards `near` without excluding others.
      viewbox: near ? [near.lng - 0.5, near.lat + 0.5, near.lng + 0.5, near.lat - 0.5].map((v) => v.toFixed(5)).join(",") : undefined,
    });
    const places = parseAnswer(this.name, await this.get(url), searchSchema);
    return places.map((p, rank) => this.result(p, p.importance ?? 1 - rank * 0.05));
  }

  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    const url = serviceUrl(this.options.baseUrl, "reverse", { lat: lat.toFixed(6), lon: lng.toFixed(6), format: "jsonv2" });
    const place = parseAnswer(this.name, await this.get(url), reverseSchema);
    // Nominatim answers 200 {"error": "Unable to geocode"} where it knows nothing.
    return "error" in place ? null : this.result(place, 1);
  }

  private async get(url: URL): Promise<Awaited<ReturnType<typeof sendRequest>>> {
    const headers: Record<string, string> = { "User-Agent": this.options.userAgent };
    if (this.options.language) headers["Accept-Language"] = this.options.language;
    const answer = await this.limiter.run(() => sendRequest(this.name, url, { headers }, this.options));
    requireOk(this.name, answer);
    return answer;
  }

  private result(p: z.infer<typeof placeSchema>, score: number): GeocodeResult {
    const type = p.addresstype ?? p.type ?? "";
    const kind: GeocodeResult["kind"] =
      type === "house" || type === "building" ? "address" : type === "road" ? "street" : CITY_TYPES.has(type) ? "city" : "place";
    return {
      label: p.display_name,
      lat: p.lat,
      lng: p.lon,
      provider: "nominatim",
      kind,
      match: matchOfKind(kind),
      score: Math.max(0, Math.min(1, score)),
      attribution: OSM_ATTRIBUTION,
    };
  }
}
