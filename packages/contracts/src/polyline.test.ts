import { describe, expect, it } from "vitest";
import { polylinePairsLength } from "./polyline";

describe("polylinePairsLength", () => {
  it("covers a well-formed polyline whole", () => {
    const google = "_p~iF~ps|U_ulLnnqC_mqNvxq`@";
    expect(polylinePairsLength(google)).toBe(google.length);
    expect(polylinePairsLength("")).toBe(0);
  });

  it("stops before a truncated value, a lone latitude or a character outside the format", () => {
    expect(polylinePairsLength("_p~iF~ps|U_")).toBe(10);
    expect(polylinePairsLength("_p~iF~ps|U_ulL")).toBe(10);
    expect(polylinePairsLength("_p~iF~ps|U_ulLnnqC ")).toBe(18);
    expect(polylinePairsLength("_p~iF~ps|U\u007f_ulLnnqC")).toBe(10);
  });
});
