import { afterEach, describe, expect, it } from "vitest";
import { ProviderHttpError, ProviderResponseError, ProviderTimeoutError } from "../errors";
import { startFakeServer, type FakeServer } from "../testing/fake-http-server";
import { OSM_ATTRIBUTION } from "../types";
import { NominatimGeocoder } from "./nominatim-geocoder";
import { PhotonGeocoder } from "./photon-geocoder";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const nominatimPlace = {
  place_id: 1,
  licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
  osm_type: "node",
  osm_id: 1,
  lat: "47.1392687",
  lon: "9.5223430",
  category: "building",
  type: "house",
  place_rank: 30,
  importance: 0.42,
  addresstype: "house",
  name: "",
  display_name: "38, Städtle, Vaduz, 9490, Liechtenstein",
  boundingbox: ["47.1392187", "47.1393187", "9.5222930", "9.5223930"],
};

describe("Nominatim geocoder", () => {
  it("searches with format=jsonv2, a User-Agent and a viewbox around `near`", async () => {
    server = await startFakeServer(() => ({ json: [nominatimPlace] }));
    const g = new NominatimGeocoder({ baseUrl: server.baseUrl, userAgent: "RoutePilot-test/1.0 (ops@example.com)", minIntervalMs: 0 });
    const results = await g.search("Städtle 38, Vaduz", { near: { lat: 47.14, lng: 9.52 }, limit: 3 });
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe("/search");
    expect(req.url.searchParams.get("q")).toBe("Städtle 38, Vaduz");
    expect(req.url.searchParams.get("format")).toBe("jsonv2");
    expect(req.url.searchParams.get("limit")).toBe("3");
    expect(req.url.searchParams.get("viewbox")).toBe("9.02000,47.64000,10.02000,46.64000");
    expect(req.headers["user-agent"]).toBe("RoutePilot-test/1.0 (ops@example.com)");
    expect(results).toEqual([
      {
        label: "38, Städtle, Vaduz, 9490, Liechtenstein",
        lat: 47.1392687,
        lng: 9.522343,
        provider: "nominatim",
        kind: "address",
        match: "exact",
        score: 0.42,
        attribution: OSM_ATTRIBUTION,
      },
    ]);
  });

  it("sends at most one request per second, even when called concurrently", async () => {
    server = await startFakeServer((req) => ({ json: req.url.pathname === "/reverse" ? { error: "Unable to geocode" } : [] }));
    const g = new NominatimGeocoder({ baseUrl: server.baseUrl, userAgent: "RoutePilot-test" });
    await Promise.all([g.search("a"), g.search("b"), g.reverse(47, 9)]);
    const times = server.requests.map((r) => r.at).sort((x, y) => x - y);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000);
  });

  it("reverse-geocodes, returning null for Nominatim's 'Unable to geocode'", async () => {
    let k = 0;
    server = await startFakeServer(() => (k++ === 0 ? { json: nominatimPlace } : { json: { error: "Unable to geocode" } }));
    const g = new NominatimGeocoder({ baseUrl: server.baseUrl, userAgent: "RoutePilot-test", minIntervalMs: 0 });
    expect((await g.reverse(47.13927, 9.52234))?.label).toBe("38, Städtle, Vaduz, 9490, Liechtenstein");
    expect(server.requests[0]?.url.searchParams.get("lat")).toBe("47.139270");
    expect(await g.reverse(0, -140)).toBeNull();
  });

  it("reports HTTP errors, malformed answers and timeouts; refuses an empty User-Agent", async () => {
    const answers = [{ status: 429, text: "Too Many Requests" }, { json: [{ lat: "x", lon: "1", display_name: "X" }] }, { json: { oops: true } }, { delayMs: 2000, json: [] }];
    let k = 0;
    server = await startFakeServer(() => answers[k++]!);
    const g = new NominatimGeocoder({ baseUrl: server.baseUrl, userAgent: "RoutePilot-test", minIntervalMs: 0, timeoutMs: 100 });
    const http = await g.search("x").catch((e: unknown) => e);
    expect(http).toBeInstanceOf(ProviderHttpError);
    expect((http as ProviderHttpError).status).toBe(429);
    await expect(g.search("x")).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(g.search("x")).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(g.search("x")).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(() => new NominatimGeocoder({ baseUrl: server!.baseUrl, userAgent: " " })).toThrow(/User-Agent/);
  });
});

const photonFeature = (props: Record<string, unknown>, coordinates: [number, number]) => ({
  type: "Feature",
  geometry: { type: "Point", coordinates },
  properties: { osm_type: "N", osm_id: 1, ...props },
});

describe("Photon geocoder", () => {
  it("searches /api with a location bias and labels houses, streets and cities", async () => {
    server = await startFakeServer(() => ({
      json: {
        type: "FeatureCollection",
        features: [
          photonFeature({ type: "house", housenumber: "38", street: "Städtle", postcode: "9490", city: "Vaduz", country: "Liechtenstein" }, [9.522343, 47.1392687]),
          photonFeature({ type: "city", name: "Vaduz", country: "Liechtenstein" }, [9.52154, 47.14151]),
          photonFeature({ type: "house", name: "Kunstmuseum", street: "Städtle", housenumber: "32", city: "Vaduz", country: "Liechtenstein" }, [9.5218, 47.1402]),
        ],
      },
    }));
    const g = new PhotonGeocoder({ baseUrl: server.baseUrl, language: "de" });
    const results = await g.search("vaduz", { near: { lat: 47.14, lng: 9.52 } });
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe("/api");
    expect(req.url.searchParams.get("lat")).toBe("47.140000");
    expect(req.url.searchParams.get("lang")).toBe("de");
    expect(results.map((r) => [r.label, r.kind])).toEqual([
      ["Städtle 38, 9490 Vaduz, Liechtenstein", "address"],
      ["Vaduz, Liechtenstein", "city"],
      ["Kunstmuseum, Städtle 32, Vaduz, Liechtenstein", "address"],
    ]);
    expect(results[0]).toMatchObject({ lat: 47.1392687, lng: 9.522343, provider: "photon", attribution: OSM_ATTRIBUTION });
  });

  it("reverse-geocodes via /reverse and returns null for no features", async () => {
    let k = 0;
    server = await startFakeServer(() => ({
      json: { type: "FeatureCollection", features: k++ === 0 ? [photonFeature({ type: "street", name: "Städtle", city: "Vaduz" }, [9.52, 47.14])] : [] },
    }));
    const g = new PhotonGeocoder({ baseUrl: server.baseUrl });
    expect(await g.reverse(47.14, 9.52)).toMatchObject({ label: "Städtle, Vaduz", kind: "street" });
    expect(server.requests[0]?.url.pathname).toBe("/reverse");
    expect(await g.reverse(0, 0)).toBeNull();
  });

  it("rejects malformed GeoJSON and reports HTTP errors", async () => {
    const answers = [{ json: { features: [{ geometry: { coordinates: ["a", 1] }, properties: {} }] } }, { status: 502, text: "Bad gateway" }];
    let k = 0;
    server = await startFakeServer(() => answers[k++]!);
    const g = new PhotonGeocoder({ baseUrl: server.baseUrl });
    await expect(g.search("x")).rejects.toBeInstanceOf(ProviderResponseError);
    await expect(g.search("x")).rejects.toBeInstanceOf(ProviderHttpError);
  });
});
