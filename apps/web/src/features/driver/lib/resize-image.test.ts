import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PHOTO_SIDE, fitWithin, resizePhoto } from "@/features/driver/lib/resize-image";

describe("fitWithin", () => {
  it("scales the longer side down to 1600 px, keeping the proportions", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 4000)).toEqual({ width: 1600, height: 1600 });
  });

  it("never enlarges a small photo", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
  });
});

describe("resizePhoto", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("draws the photo on a canvas at most 1600 px and encodes it as JPEG", async () => {
    const close = vi.fn();
    const bitmap = { width: 4000, height: 3000, close };
    vi.stubGlobal("createImageBitmap", vi.fn(async () => bitmap));
    const drawImage = vi.fn();
    const context = { fillStyle: "", fillRect: vi.fn(), drawImage };
    const canvas = document.createElement("canvas");
    const jpeg = new Blob(["jpeg"], { type: "image/jpeg" });
    vi.spyOn(canvas, "getContext").mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(canvas, "toBlob").mockImplementation((cb) => cb(jpeg));
    const create = document.createElement.bind(document);
    vi.spyOn(document, "createElement").mockImplementation((tag: string) => (tag === "canvas" ? canvas : create(tag)));

    const out = await resizePhoto(new Blob(["raw"], { type: "image/png" }));
    expect(out).toBe(jpeg);
    expect([canvas.width, canvas.height]).toEqual([MAX_PHOTO_SIDE, 1200]);
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 1600, 1200);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), "image/jpeg", expect.any(Number));
    expect(close).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("fails clearly when the browser cannot encode it", async () => {
    vi.stubGlobal("createImageBitmap", vi.fn(async () => ({ width: 10, height: 10, close() {} })));
    const canvas = document.createElement("canvas");
    vi.spyOn(canvas, "getContext").mockReturnValue({ fillRect() {}, drawImage() {} } as unknown as CanvasRenderingContext2D);
    vi.spyOn(canvas, "toBlob").mockImplementation((cb) => cb(null));
    const create = document.createElement.bind(document);
    vi.spyOn(document, "createElement").mockImplementation((tag: string) => (tag === "canvas" ? canvas : create(tag)));
    await expect(resizePhoto(new Blob(["x"]))).rejects.toThrow("This photo could not be prepared");
    vi.restoreAllMocks();
  });
});
