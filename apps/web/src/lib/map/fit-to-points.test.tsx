import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render } from "@testing-library/react";
import L from "leaflet";
import { MapContainer } from "react-leaflet";
import { FitToPoints, boundsOf, placesKey } from "@/lib/map/fit-to-points";
import type { LatLngTuple } from "@/lib/polyline";
import { stubElementSize } from "@/test/leaflet";

const vaduz: LatLngTuple = [47.14, 9.52];
const schaan: LatLngTuple = [47.165, 9.51];
const balzers: LatLngTuple = [47.066, 9.5];

/** A ResizeObserver the test triggers by hand. */
class ManualResizeObserver {
  static all: ManualResizeObserver[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ManualResizeObserver.all.push(this);
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  trigger() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

const inMap = (ui: React.ReactNode) => (
  <MapContainer center={[47, 9]} zoom={8}>
    {ui}
  </MapContainer>
);

describe("boundsOf / placesKey", () => {
  it("computes the box around the points, leaving out broken coordinates", () => {
    expect(boundsOf([vaduz, schaan, balzers, [Number.NaN, 1]])).toEqual({ south: 47.066, west: 9.5, north: 47.165, east: 9.52 });
    expect(boundsOf([])).toBeNull();
  });

  it("keys a set of places the same in any order, and differently when one moves", () => {
    expect(placesKey([vaduz, schaan])).toBe(placesKey([schaan, vaduz]));
    expect(placesKey([vaduz, schaan])).not.toBe(placesKey([vaduz, [47.2, 9.51]]));
  });
});

describe("FitToPoints", () => {
  let size: ReturnType<typeof stubElementSize>;
  beforeEach(() => {
    size = stubElementSize(800, 600);
    ManualResizeObserver.all = [];
    vi.stubGlobal("ResizeObserver", ManualResizeObserver);
  });
  afterEach(() => {
    size();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("fits the map to the box around its points", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    render(inMap(<FitToPoints points={[vaduz, schaan, balzers]} />));
    expect(fitBounds).toHaveBeenCalledTimes(1);
    const bounds = fitBounds.mock.calls[0]![0] as L.LatLngBounds;
    expect([bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast()]).toEqual([47.066, 9.5, 47.165, 9.52]);
    expect(fitBounds.mock.calls[0]![1]).toMatchObject({ padding: [32, 32], maxZoom: 15 });
  });

  it("shows a single point at a street zoom", () => {
    const setView = vi.spyOn(L.Map.prototype, "setView");
    render(inMap(<FitToPoints points={[vaduz]} singleZoom={13} />));
    expect(setView).toHaveBeenLastCalledWith([47.14, 9.52], 13);
  });

  it("fits again when the set of stops changes, not when it is re-rendered or re-ordered", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const { rerender } = render(inMap(<FitToPoints points={[vaduz, schaan]} />));
    rerender(inMap(<FitToPoints points={[vaduz, schaan]} />));
    rerender(inMap(<FitToPoints points={[schaan, vaduz]} />));
    expect(fitBounds).toHaveBeenCalledTimes(1);
    rerender(inMap(<FitToPoints points={[schaan, vaduz, balzers]} />));
    expect(fitBounds).toHaveBeenCalledTimes(2);
  });

  it("does not fit again when only a moving point (a driver's position) changes", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const stops = [vaduz, schaan];
    const { rerender } = render(inMap(<FitToPoints points={[...stops, [47.1, 9.5]]} fitKey={placesKey(stops)} />));
    rerender(inMap(<FitToPoints points={[...stops, [47.12, 9.51]]} fitKey={placesKey(stops)} />));
    expect(fitBounds).toHaveBeenCalledTimes(1);
  });

  it("fits again when its container is laid out after it mounted, until the user moves the map", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const { container } = render(inMap(<FitToPoints points={[vaduz, schaan]} />));
    const observer = ManualResizeObserver.all.at(-1)!;
    size.resize(1200, 600);
    observer.trigger();
    expect(fitBounds).toHaveBeenCalledTimes(2);
    fireEvent.pointerDown(container.querySelector(".leaflet-container")!);
    size.resize(1000, 600);
    observer.trigger();
    expect(fitBounds).toHaveBeenCalledTimes(2);
  });

  it("fits a map hidden when it mounted once it is shown", () => {
    size.resize(0, 0);
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const { container } = render(inMap(<FitToPoints points={[vaduz, schaan]} />));
    expect(fitBounds).not.toHaveBeenCalled();
    fireEvent.pointerDown(container.querySelector(".leaflet-container")!);
    size.resize(390, 400);
    ManualResizeObserver.all.at(-1)!.trigger();
    expect(fitBounds).toHaveBeenCalledTimes(1);
  });
});
