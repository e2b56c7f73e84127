import { describe, expect, it } from "vitest";
import { cropSquare } from "@/features/profile/lib/crop";

describe("cropSquare", () => {
  it("rounds the cropper's area to whole pixels", () => {
    expect(cropSquare({ x: 10.4, y: 20.6, width: 99.6, height: 99.6 }, { width: 400, height: 300 })).toEqual({ cropX: 10, cropY: 21, cropSize: 100 });
  });

  it("keeps the square inside the picture when rounding would push it past an edge", () => {
    expect(cropSquare({ x: 300.6, y: 200.5, width: 99.6, height: 99.7 }, { width: 400, height: 300 })).toEqual({ cropX: 300, cropY: 200, cropSize: 100 });
    expect(cropSquare({ x: -0.4, y: -3, width: 500, height: 500 }, { width: 400, height: 300 })).toEqual({ cropX: 0, cropY: 0, cropSize: 300 });
  });

  it("no picture size: no square (the server takes the centre)", () => {
    expect(cropSquare({ x: 0, y: 0, width: 10, height: 10 }, { width: 0, height: 0 })).toBeNull();
  });
});
