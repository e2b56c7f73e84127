import { z } from "zod";
import { InvalidGeoInputError } from "./errors";
import { CompositeGeocoder } from "./geocode/composite-geocoder";
import { GazetteerGeocoder } from "./geocode/gazetteer";
import { NominatimGeocoder } from "./http/nominatim-geocoder";
import { OsrmProvider } from "./http/osrm-provider";
import { PhotonGeocoder } from "./http/photon-geocoder";
import { ValhallaProvider } from "./http/valhalla-provider";
import { loadOsmExtract, type OsmExtract } from "./osm-extract";
import { DEFAULT_DETOUR_FACTOR, HaversineProvider } from "./routing/haversine-provider";
import { GEONAMES_ATTRIBUTION, OSM_ATTRIBUTION, type Geocoder, type RoutingProvider } from "./types";

/** Empty environment variables count as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The environment variables packages/geo reads. Parse once at boot with `parseGeoEnv`. */
export const geoEnvSchema = z
  .object({
    ROUTING_PROVIDER: optional(z.enum(["haversine", "osm", "osrm", "valhalla"])).transform((v) => v ?? "haversine"),
    OSM_EXTRACT: optional(z.string()),
    OSRM_URL: optional(z.url()),
    VALHALLA_URL: optional(z.url()),
    GEOCODER: optional(z.enum(["offline", "nominatim", "photon"])).transform((v) => v ?? "offline"),
    NOMINATIM_URL: optional(z.url()),
    NOMINATIM_USER_AGENT: optional(z.string()).transform((v) => v ?? "RoutePilot/0.1 (self-hosted route planner)"),
    PHOTON_URL: optional(z.url()),
    GEO_HTTP_TIMEOUT_MS: optional(z.coerce.number().int().positive()).transform((v) => v ?? 10_000),
    HAVERSINE_DETOUR_FACTOR: optional(z.coerce.number().min(1).max(3)).transform((v) => v ?? DEFAULT_DETOUR_FACTOR),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, why: string): void => {
      if (when && env[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required ${why}` });
    };
    need(env.ROUTING_PROVIDER === "osm", "OSM_EXTRACT", "when ROUTING_PROVIDER=osm");
    need(env.ROUTING_PROVIDER === "osrm", "OSRM_URL", "when ROUTING_PROVIDER=osrm");
    need(env.ROUTING_PROVIDER === "valhalla", "VALHALLA_URL", "when ROUTING_PROVIDER=valhalla");
    need(env.GEOCODER === "nominatim", "NOMINATIM_URL", "when GEOCODER=nominatim");
    need(env.GEOCODER === "photon", "PHOTON_URL", "when GEOCODER=photon");
  });

export type GeoConfig = z.infer<typeof geoEnvSchema>;

/** Parses the geo environment variables; throws `InvalidGeoInputError` naming every problem. */
export function parseGeoEnv(env: Record<string, string | undefined>): GeoConfig {
  const parsed = geoEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new InvalidGeoInputError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  return parsed.data;
}

/** Everything the server needs from packages/geo, built once at boot. */
export interface GeoServices {
  config: GeoConfig;
  /** The configured routing provider (ROUTING_PROVIDER). */
  routing: RoutingProvider;
  /** Straight-line estimates, always available (e.g. as a fallback when a road provider fails). */
  haversine: HaversineProvider;
  /** Offline only: typed coordinates, OSM_EXTRACT addresses, world cities. Use for autocomplete (fast; Nominatim forbids autocomplete). */
  autocomplete: Geocoder;
  /** Full search: the offline sources plus the configured HTTP geocoder (GEOCODER), merged. */
  geocoder: Geocoder;
  /** The loaded extract, when OSM_EXTRACT is set. */
  extract?: OsmExtract;
  /** The world gazetteer (also inside `autocomplete`): the country of a point, for checks across a route. */
  gazetteer: GazetteerGeocoder;
  /** Credits to show wherever results appear. */
  attributions: string[];
}

/** Builds routing and geocoding from a parsed config: loads OSM_EXTRACT once (router + addresses) and the gazetteer. */
export async function createGeoServices(config: GeoConfig, options: { gazetteer?: GazetteerGeocoder } = {}): Promise<GeoServices> {
  const extract = config.OSM_EXTRACT ? await loadOsmExtract(config.OSM_EXTRACT) : undefined;
  const http = { timeoutMs: config.GEO_HTTP_TIMEOUT_MS };
  const haversine = new HaversineProvider({ detourFactor: config.HAVERSINE_DETOUR_FACTOR });
  let routing: RoutingProvider;
  switch (config.ROUTING_PROVIDER) {
    case "haversine":
      routing = haversine;
      break;
    case "osm":
      routing = (extract as OsmExtract).router;
      break;
    case "osrm":
      routing = new OsrmProvider({ ...http, baseUrl: config.OSRM_URL as string });
      break;
    case "valhalla":
      routing = new ValhallaProvider({ ...http, baseUrl: config.VALHALLA_URL as string });
      break;
  }
  const offline: Geocoder[] = [];
  if (extract) offline.push(extract.addresses);
  const gazetteer = options.gazetteer ?? GazetteerGeocoder.world();
  offline.push(gazetteer);
  const autocomplete = new CompositeGeocoder(offline);
  let external: Geocoder | undefined;
  if (config.GEOCODER === "nominatim") {
    external = new NominatimGeocoder({ ...http, baseUrl: config.NOMINATIM_URL as string, userAgent: config.NOMINATIM_USER_AGENT });
  } else if (config.GEOCODER === "photon") {
    external = new PhotonGeocoder({ ...http, baseUrl: config.PHOTON_URL as string });
  }
  const geocoder = external ? new CompositeGeocoder([...offline, external]) : autocomplete;
  const usesOsm = extract !== undefined || external !== undefined || config.ROUTING_PROVIDER === "osrm" || config.ROUTING_PROVIDER === "valhalla";
  const attributions = [GEONAMES_ATTRIBUTION, ...(usesOsm ? [OSM_ATTRIBUTION] : [])];
  return { config, routing, haversine, autocomplete, geocoder, extract, gazetteer, attributions };
}
