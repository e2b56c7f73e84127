import { describe, expect, it } from "vitest";
import { decodePolyline, encodePolyline } from "./polyline";

describe("encoded polyline", () => {
  it("matches Google's documented example", () => {
    const points = [
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ];
    expect(encodePolyline(points)).toBe("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual(points);
  });

  it("round-trips at precision 6 (Valhalla) and keeps extreme coordinates", () => {
    const points = [
      { lat: -89.999999, lng: 179.999999 },
      { lat: 47.141506, lng: 9.521541 },
    ];
    expect(decodePolyline(encodePolyline(points, 6), 6)).toEqual(points);
  });

  it("encodes an empty line as an empty string and rejects truncated input", () => {
    expect(encodePolyline([])).toBe("");
    expect(decodePolyline("")).toEqual([]);
    expect(() => decodePolyline("_p~iF~ps|U_")).toThrow(/Truncated/);
  });
});
