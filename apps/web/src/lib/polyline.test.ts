import { describe, expect, it } from "vitest";
import { decodePolyline } from "@/lib/polyline";

describe("decodePolyline", () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
  });

  it("returns no points for an empty string and ignores a truncated tail", () => {
    expect(decodePolyline("")).toEqual([]);
    expect(decodePolyline("_p~iF~ps|U_ulL")).toEqual([[38.5, -120.2]]);
  });

  it("decodes the server's straight-line geometry for a Liechtenstein round trip", () => {
    const points = decodePolyline("miv~Gstby@k}MslCs{BntBhgMpgBpeRne@{rM}uB");
    expect(points).toHaveLength(6);
    expect(points[0]).toEqual([47.14151, 9.52154]);
    expect(points.at(-1)).toEqual([47.14151, 9.52154]);
  });
});
