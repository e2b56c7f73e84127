import { describe, expect, it } from "vitest";
import { CoordinatesGeocoder, parseCoordinates } from "./coordinates-geocoder";

describe("lat, lng text", () => {
  it.each([
    ["47.14151, 9.52154", 47.14151, 9.52154],
    ["47.14151 9.52154", 47.14151, 9.52154],
    ["47.14151;9.52154", 47.14151, 9.52154],
    ["-33.8688, 151.2093", -33.8688, 151.2093],
    ["47,14151 9,52154", 47.14151, 9.52154],
    ["40.7128° N, 74.0060° W", 40.7128, -74.006],
    ["S 33.8688 E 151.2093", -33.8688, 151.2093],
    ["43,7", 43, 7],
  ])("parses %s", (text, lat, lng) => {
    expect(parseCoordinates(text)).toEqual({ lat, lng });
  });

  it.each(["Vaduz", "91, 10", "10, 181", "47.1", "Städtle 38", "", "1 2 3"])("rejects %s", (text) => {
    expect(parseCoordinates(text)).toBeNull();
  });

  it("answers as a geocoder with provider 'coordinates'", async () => {
    const g = new CoordinatesGeocoder();
    expect(await g.search("43.7384, 7.4246")).toEqual([
      expect.objectContaining({ label: "43.73840, 7.42460", lat: 43.7384, lng: 7.4246, provider: "coordinates" }),
    ]);
    expect(await g.search("Monaco")).toEqual([]);
  });
});
