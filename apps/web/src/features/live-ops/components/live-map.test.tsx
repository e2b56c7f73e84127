import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render } from "@testing-library/react";
import L from "leaflet";
import type { DriverPosition, LiveRoute } from "@routepilot/contracts";
import { LiveMap } from "@/features/live-ops/components/live-map";
import { stubElementSize } from "@/test/leaflet";

type LiveStop = LiveRoute["stops"][number];
const stop = (id: string, lat: number, lng: number, status: LiveStop["status"] = "pending"): LiveStop => ({
  id,
  sequence: 0,
  label: `Stop ${id}`,
  lat,
  lng,
  status,
  plannedArrival: "2026-11-23T09:00:00.000Z",
  arrivedAt: null,
  completedAt: null,
  failureReason: null,
  proof: [],
  trackingUrl: null,
});
const route = (stops: LiveStop[]): LiveRoute => ({
  id: "r1",
  name: "Van 1",
  planId: "p1",
  driver: { userId: "d1", name: "Dana" },
  vehicle: { id: "v1", name: "Van 1" },
  status: "in_progress",
  done: 0,
  total: stops.length,
  delayMinutes: 0,
  distanceMeters: 12_300,
  actualDistanceMeters: null,
  startedAt: "2026-11-23T08:00:00.000Z",
  completedAt: null,
  geometry: null,
  reloads: [],
  stops,
});
const dana = (lat: number, lng: number): DriverPosition => ({ driverUserId: "d1", driverName: "Dana", routeId: "r1", lat, lng, accuracy: 5, heading: null, speed: null, at: "2026-11-23T09:00:00.000Z", trail: [] });
const colourOf = () => "#2563eb";

describe("LiveMap", () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = stubElementSize(1000, 448);
  });
  afterEach(() => {
    restoreSize();
    vi.restoreAllMocks();
  });

  it("fits the day's stops once, keeps the view on a driver's new position or a stop's new status, and fits again when a stop is added", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const stops = [stop("s1", 47.14, 9.52), stop("s2", 47.2, 9.53)];
    const { container, rerender } = render(<LiveMap routes={[route(stops)]} positions={[dana(47.15, 9.52)]} colourOf={colourOf} />);
    expect(fitBounds).toHaveBeenCalledTimes(1);

    // The driver moves and finishes a stop: the marker follows, the view stays where the manager put it.
    rerender(<LiveMap routes={[route([stop("s1", 47.14, 9.52, "done"), stops[1]!])]} positions={[dana(47.17, 9.525)]} colourOf={colourOf} />);
    expect(container.querySelector('[data-marker="driver"]')).toHaveAttribute("data-position", "47.17000,9.52500");
    expect(fitBounds).toHaveBeenCalledTimes(1);

    // An urgent order joins the route: the map fits the new set of stops.
    rerender(<LiveMap routes={[route([...stops, stop("s9", 47.05, 9.48)])]} positions={[dana(47.17, 9.525)]} colourOf={colourOf} />);
    expect(fitBounds).toHaveBeenCalledTimes(2);
    const box = fitBounds.mock.calls[1]![0] as L.LatLngBounds;
    expect([box.getSouth(), box.getWest(), box.getNorth(), box.getEast()]).toEqual([47.05, 9.48, 47.2, 9.53]);
  });

  it("with no stops yet, fits the drivers when one appears, not when they move", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const setView = vi.spyOn(L.Map.prototype, "setView");
    const eli: DriverPosition = { ...dana(47.2, 9.55), driverUserId: "d2", driverName: "Eli", routeId: null };
    const { rerender } = render(<LiveMap routes={[]} positions={[dana(47.15, 9.52)]} colourOf={colourOf} />);
    const views = setView.mock.calls.length;
    rerender(<LiveMap routes={[]} positions={[dana(47.16, 9.52)]} colourOf={colourOf} />);
    expect(setView).toHaveBeenCalledTimes(views);
    rerender(<LiveMap routes={[]} positions={[dana(47.16, 9.52), eli]} colourOf={colourOf} />);
    expect(fitBounds).toHaveBeenCalledTimes(1);
  });
});
