import { beforeAll, describe, expect, it } from "vitest";
import { haversineMeters } from "../geodesy";
import { loadOsmExtract, type OsmExtract } from "../osm-extract";
import { LIECHTENSTEIN_PBF, MONACO_PBF } from "../testing/extracts";
import { OSM_ATTRIBUTION } from "../types";
import { CompositeGeocoder } from "./composite-geocoder";
import { GazetteerGeocoder } from "./gazetteer";

describe("OSM address geocoder on Liechtenstein", () => {
  let extract: OsmExtract;
  beforeAll(async () => {
    extract = await loadOsmExtract(LIECHTENSTEIN_PBF);
  });

  it("indexes the extract's addresses and named streets", () => {
    const { addresses, streets } = extract.addresses.size;
    // README: 12,491 objects with addr:street + addr:housenumber (a few use addr:place instead).
    expect(addresses).toBeGreaterThanOrEqual(12_400);
    expect(streets).toBeGreaterThan(500);
  });

  it("finds a house number on a street, accents optional, credited to OSM", async () => {
    const [hit] = await extract.addresses.search("Stadtle 38");
    expect(hit).toMatchObject({ label: "Städtle 38, 9490 Vaduz", provider: "osm-address", kind: "address" });
    expect(hit?.attribution).toBe(OSM_ATTRIBUTION);
    // The Government Building in Vaduz stands at Peter-Kaiser-Platz / Städtle.
    expect(haversineMeters(hit!.lat, hit!.lng, 47.1392, 9.5224)).toBeLessThan(300);
  });

  it("narrows by town and completes street prefixes", async () => {
    const inTriesen = await extract.addresses.search("Landstrasse, Triesen", { limit: 3 });
    expect(inTriesen[0]?.label).toMatch(/^Landstrasse, 949\d Triesen/);
    const prefix = await extract.addresses.search("Aeulestr", { limit: 3 });
    expect(prefix.every((r) => r.label.startsWith("Aeulestrasse"))).toBe(true);
    expect(await extract.addresses.search("Vaduz")).not.toContainEqual(expect.objectContaining({ label: expect.stringMatching(/^Städtle/) }));
  });

  it("reverse-geocodes to the nearest address", async () => {
    const r = await extract.addresses.reverse(47.13927, 9.52234);
    expect(r?.label).toMatch(/^Städtle \d+, 9490 Vaduz$/);
    expect(await extract.addresses.reverse(46, 9)).toBeNull();
  });

  it("combines with the gazetteer: cities, addresses and typed coordinates each rank where expected", async () => {
    const composite = new CompositeGeocoder([extract.addresses, GazetteerGeocoder.world()]);
    expect((await composite.search("Vaduz"))[0]).toMatchObject({ label: "Vaduz, Liechtenstein", provider: "gazetteer" });
    expect((await composite.search("Städtle 38"))[0]).toMatchObject({ label: "Städtle 38, 9490 Vaduz", provider: "osm-address" });
    expect(await composite.search("47.14151, 9.52154")).toEqual([expect.objectContaining({ provider: "coordinates", lat: 47.14151 })]);
    expect((await composite.reverse(47.13927, 9.52234))?.provider).toBe("osm-address");
    expect((await composite.reverse(47.5, 9.9))?.provider).toBe("gazetteer");
  });
});

describe("OSM address geocoder on Monaco", () => {
  it("finds a French-style address", async () => {
    const extract = await loadOsmExtract(MONACO_PBF);
    const [hit] = await extract.addresses.search("avenue de la madone 4");
    expect(hit?.label).toBe("Avenue de la Madone 4, 98000 Monaco");
  });
});

describe("places and match quality on Liechtenstein", () => {
  let extract: OsmExtract;
  let composite: CompositeGeocoder;
  beforeAll(async () => {
    extract = await loadOsmExtract(LIECHTENSTEIN_PBF);
    composite = new CompositeGeocoder([extract.addresses, GazetteerGeocoder.world()]);
  });

  it("indexes the extract's villages and localities", () => {
    // The 2024-03-04 extract has 2 towns, 19 villages, 12 hamlets and 35 localities as nodes.
    expect(extract.addresses.size.places).toBeGreaterThanOrEqual(60);
  });

  it("finds a village that only the extract knows (Nendeln), as a place", async () => {
    const [hit] = await composite.search("Nendeln");
    expect(hit).toMatchObject({ label: "Nendeln, Liechtenstein", provider: "osm-address", kind: "place", match: "place" });
    // Nendeln's village node: 47.198 N, 9.543 E.
    expect(haversineMeters(hit!.lat, hit!.lng, 47.198, 9.543)).toBeLessThan(1000);
    expect((await extract.addresses.search("Nendeln, 9485"))[0]?.label).toBe("Nendeln, Liechtenstein");
  });

  it("a place the gazetteer also knows appears once", async () => {
    const vaduz = (await composite.search("Vaduz")).filter((r) => r.label === "Vaduz, Liechtenstein");
    expect(vaduz).toHaveLength(1);
  });

  it("says exact only when the house number exists; a missing number is a street match", async () => {
    expect((await composite.search("Essanestrasse 10, Eschen"))[0]).toMatchObject({ label: "Essanestrasse 10, 9492 Eschen", match: "exact" });
    const [missing] = await composite.search("Essanestrasse 999, Eschen");
    expect(missing).toMatchObject({ kind: "street", match: "street" });
    expect(missing?.label).not.toMatch(/999/);
    expect((await composite.search("47.14151, 9.52154"))[0]?.match).toBe("coordinates");
  });
});
