import { describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "../../test/live-fixtures";
import { foldStopEvents, type FoldEvent } from "./events";
import { distanceDriven, haversineMeters } from "./positions";
import { imageUnsafe, sniffImage } from "./proof";
import { cheapestInsertion } from "./replan";
import { localDate } from "@routepilot/contracts";
import { zonedEpoch } from "./time";

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 9, m));
const ev = (type: FoldEvent["type"], minute: number, extra: Partial<FoldEvent> = {}): FoldEvent => ({ type, at: at(minute), reason: null, note: null, ...extra });

describe("foldStopEvents", () => {
  it("gives the same state whatever order the events come in", () => {
    const events = [ev("arrived", 0), ev("failed", 2, { reason: "not_home", note: "Card left" }), ev("arrived", 30), ev("done", 32, { note: "Second try" })];
    const expected = { status: "done", arrivedAt: at(0), completedAt: at(32), failureReason: null, note: "Second try" };
    expect(foldStopEvents(events, "Ring twice")).toEqual(expected);
    expect(foldStopEvents([...events].reverse(), "Ring twice")).toEqual(expected);
    expect(foldStopEvents([events[2]!, events[0]!, events[3]!, events[1]!], "Ring twice")).toEqual(expected);
  });
  it("an arrival never re-opens a finished stop; no note keeps the dispatched one", () => {
    expect(foldStopEvents([ev("done", 5), ev("arrived", 9)], "Ring twice")).toMatchObject({ status: "done", arrivedAt: at(9), note: "Ring twice" });
    expect(foldStopEvents([], null)).toEqual({ status: "pending", arrivedAt: null, completedAt: null, failureReason: null, note: null });
  });
});

describe("proof images", () => {
  it("knows JPEG, PNG and WebP by their bytes only", () => {
    expect(sniffImage(jpegBytes())).toBe("image/jpeg");
    expect(sniffImage(pngBytes())).toBe("image/png");
    expect(sniffImage(Buffer.from("RIFF\x10\0\0\0WEBPVP8 ", "latin1"))).toBe("image/webp");
    expect(sniffImage(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });
  it("finds markup in metadata, not in ordinary metadata", () => {
    expect(imageUnsafe("image/png", pngBytes([{ type: "tEXt", data: Buffer.from("Software\0signature_pad", "latin1") }]))).toBe(false);
    expect(imageUnsafe("image/png", pngBytes([{ type: "tEXt", data: Buffer.from("Comment\0<SCRIPT>", "latin1") }]))).toBe(true);
    expect(imageUnsafe("image/jpeg", jpegBytes([{ marker: 0xe1, text: "Exif\0\0Canon" }]))).toBe(false);
    expect(imageUnsafe("image/jpeg", jpegBytes([{ marker: 0xfe, text: "x onerror=alert(1)" }]))).toBe(true);
    const webp = (chunk: string, text: string) => {
      const data = Buffer.from(text, "latin1");
      const size = Buffer.alloc(4);
      size.writeUInt32LE(data.length);
      return Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBP", "latin1"), Buffer.from(chunk, "latin1"), size, data]);
    };
    expect(imageUnsafe("image/webp", webp("XMP ", "<x:xmpmeta><?php echo 1; ?></x:xmpmeta>"))).toBe(true);
    expect(imageUnsafe("image/webp", webp("XMP ", "<x:xmpmeta>ok</x:xmpmeta>"))).toBe(false);
  });
});

describe("distance driven", () => {
  it("sums great-circle steps and skips fixes less precise than 100 m", () => {
    const a = { lat: 51.5, lng: -0.12 };
    const step = haversineMeters(a, { lat: 51.501, lng: -0.12 });
    expect(step).toBeGreaterThan(110);
    expect(step).toBeLessThan(112);
    const points = [0, 1, 2, 3].map((i) => ({ lat: 51.5 + i * 0.001, lng: -0.12, accuracy: i === 2 ? 250 : 5, at: at(i).toISOString() }));
    expect(distanceDriven(null, points)).toBeCloseTo(3 * step, 0);
    expect(distanceDriven(a, points.slice(1))).toBeCloseTo(3 * step, 0);
  });
});

describe("cheapest insertion", () => {
  it("puts a point between the two stops it lies between", () => {
    const xs = [0, 10, 20, 30, 15];
    const d = (a: number, b: number) => Math.abs(xs[a]! - xs[b]!);
    expect(cheapestInsertion(d, 0, [1, 2, 3], null, 4)).toEqual({ position: 1, cost: 0 });
    const far = [0, 10, 20, 40];
    expect(cheapestInsertion((a, b) => Math.abs(far[a]! - far[b]!), 0, [1, 2], null, 3)).toEqual({ position: 2, cost: 20 });
  });
});

describe("team time zone", () => {
  it("turns a wall-clock time of the team's zone into the instant, across DST", () => {
    expect(new Date(zonedEpoch("2026-01-15", 9 * 3600, "Europe/London")).toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(new Date(zonedEpoch("2026-07-15", 9 * 3600, "Europe/London")).toISOString()).toBe("2026-07-15T08:00:00.000Z");
    expect(new Date(zonedEpoch("2026-03-29", 12 * 3600, "Europe/Berlin")).toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(new Date(zonedEpoch("2026-07-15", 9 * 3600, "America/New_York")).toISOString()).toBe("2026-07-15T13:00:00.000Z");
    expect(localDate(Date.UTC(2026, 6, 15, 23, 30), "Europe/London")).toBe("2026-07-16");
  });
});
