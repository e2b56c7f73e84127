import { describe, expect, it } from "vitest";
import { createGeoServices, parseGeoEnv } from "./config";
import { InvalidGeoInputError } from "./errors";
import { GazetteerGeocoder } from "./geocode/gazetteer";
import { MONACO_PBF } from "./testing/extracts";
import { OSM_ATTRIBUTION } from "./types";

const tinyGazetteer = new GazetteerGeocoder([
  { name: "Monaco", country: "MC", adminCode: "", population: 32_965, lat: 43.73333, lng: 7.41667 },
]);

describe("geo configuration", () => {
  it("defaults to haversine routing and offline geocoding", async () => {
    const config = parseGeoEnv({});
    expect(config).toMatchObject({ ROUTING_PROVIDER: "haversine", GEOCODER: "offline", GEO_HTTP_TIMEOUT_MS: 10_000, HAVERSINE_DETOUR_FACTOR: 1.3 });
    const geo = await createGeoServices(config, { gazetteer: tinyGazetteer });
    expect(geo.routing.name).toBe("haversine");
    expect(geo.geocoder).toBe(geo.autocomplete);
    expect((await geo.geocoder.search("mona"))[0]?.provider).toBe("gazetteer");
    expect(geo.attributions).not.toContain(OSM_ATTRIBUTION);
  });

  it("requires what each choice needs and names every problem", () => {
    expect(() => parseGeoEnv({ ROUTING_PROVIDER: "osm" })).toThrow(/OSM_EXTRACT is required/);
    expect(() => parseGeoEnv({ ROUTING_PROVIDER: "osrm", GEOCODER: "photon" })).toThrow(/OSRM_URL.*PHOTON_URL/);
    expect(() => parseGeoEnv({ ROUTING_PROVIDER: "google" })).toThrow(InvalidGeoInputError);
    expect(() => parseGeoEnv({ OSRM_URL: "not a url" })).toThrow(/OSRM_URL/);
    expect(parseGeoEnv({ ROUTING_PROVIDER: "", OSM_EXTRACT: "" }).ROUTING_PROVIDER).toBe("haversine");
  });

  it("loads OSM_EXTRACT once for the road router and the address search", async () => {
    const geo = await createGeoServices(
      parseGeoEnv({ ROUTING_PROVIDER: "osm", OSM_EXTRACT: MONACO_PBF, GEOCODER: "nominatim", NOMINATIM_URL: "http://127.0.0.1:9" }),
      { gazetteer: tinyGazetteer },
    );
    expect(geo.routing.name).toBe("osm");
    expect(geo.extract?.router).toBe(geo.routing);
    expect((await geo.autocomplete.search("Avenue de la Madone 4"))[0]?.provider).toBe("osm-address");
    expect(geo.geocoder).not.toBe(geo.autocomplete);
    expect(geo.attributions).toContain(OSM_ATTRIBUTION);
  });
});
