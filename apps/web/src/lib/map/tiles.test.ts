import { describe, expect, it } from "vitest";
import { DEFAULT_TILE_URL, OSM_TILE_ATTRIBUTION, tileConfigFrom } from "@/lib/map/tiles";

describe("tileConfigFrom", () => {
  it("defaults to OpenStreetMap with its attribution", () => {
    expect(tileConfigFrom({})).toEqual({ url: DEFAULT_TILE_URL, attribution: OSM_TILE_ATTRIBUTION });
  });
  it("takes a custom template and attribution, or none", () => {
    expect(tileConfigFrom({ VITE_TILE_URL: "https://tiles.example/{z}/{x}/{y}.png", VITE_TILE_ATTRIBUTION: "© Example" })).toEqual({
      url: "https://tiles.example/{z}/{x}/{y}.png",
      attribution: "© Example",
    });
    expect(tileConfigFrom({ VITE_TILE_URL: "none" })).toEqual({ url: null, attribution: "" });
  });
});
