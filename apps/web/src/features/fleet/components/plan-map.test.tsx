import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import L from "leaflet";
import type { BasemapRoads, Plan } from "@routepilot/contracts";
import { PlanMap } from "@/features/fleet/components/plan-map";
import { failTiles, stubElementSize } from "@/test/leaflet";

const roads = vi.hoisted(() => ({ fetch: vi.fn() }));
vi.mock("@/lib/map/basemap", async (importOriginal) => ({ ...(await importOriginal<object>()), fetchBasemapRoads: roads.fetch }));

type Stop = Plan["routes"][number]["stops"][number];
const stop = (orderId: string, lat: number, lng: number): Stop => ({
  orderId,
  kind: "delivery",
  label: `Order ${orderId}`,
  lat,
  lng,
  arrival: "2026-11-24T09:00:00.000Z",
  departure: "2026-11-24T09:05:00.000Z",
  waitingSeconds: 0,
  demand: [1],
  load: [1],
});
const plan = (stops: Stop[]): Plan => ({
  id: "p1",
  teamId: "t1",
  date: "2026-11-24",
  objective: "min_time",
  status: "done",
  progress: 1,
  routes: [
    {
      vehicleId: "v1",
      driverId: null,
      stops,
      breaks: [],
      reloads: [],
      start: "2026-11-24T08:00:00.000Z",
      end: "2026-11-24T12:00:00.000Z",
      distanceMeters: 12_300,
      durationSeconds: 4 * 3600,
      drivingSeconds: 3600,
      serviceSeconds: 600,
      waitingSeconds: 0,
      load: [stops.length],
      costPence: 1500,
    },
  ],
  unassigned: [],
  totals: { orders: stops.length, assigned: stops.length, unassigned: 0, vehiclesUsed: 1, distanceMeters: 12_300, durationSeconds: 14_400, waitingSeconds: 0, latenessSeconds: 0, costPence: 1500, durationSpreadSeconds: 0 },
  error: null,
  createdAt: "2026-11-23T05:00:00.000Z",
});
const depot = { lat: 47.14, lng: 9.52, address: "Depot, Vaduz" };
const depots = { v1: { start: depot, end: depot } };

describe("PlanMap", () => {
  let restoreSize: () => void;
  beforeEach(() => {
    restoreSize = stubElementSize(1200, 384);
    roads.fetch.mockReset();
  });
  afterEach(() => {
    restoreSize();
    vi.restoreAllMocks();
  });

  it("fits its stops and depots, and fits again when the stops change but not when the plan is only re-rendered", () => {
    const fitBounds = vi.spyOn(L.Map.prototype, "fitBounds");
    const first = plan([stop("o1", 47.16, 9.51), stop("o2", 47.2, 9.53)]);
    const { rerender } = render(<PlanMap plan={first} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    expect(fitBounds).toHaveBeenCalledTimes(1);
    const box = fitBounds.mock.calls[0]![0] as L.LatLngBounds;
    expect([box.getSouth(), box.getWest(), box.getNorth(), box.getEast()]).toEqual([47.14, 9.51, 47.2, 9.53]);

    rerender(<PlanMap plan={{ ...first }} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    expect(fitBounds).toHaveBeenCalledTimes(1);

    rerender(<PlanMap plan={plan([stop("o1", 47.16, 9.51), stop("o2", 47.2, 9.53), stop("o3", 47.06, 9.5)])} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    expect(fitBounds).toHaveBeenCalledTimes(2);
  });

  it("says the base map is unavailable when its tiles fail, and draws the server's offline roads", async () => {
    const available: BasemapRoads = {
      type: "FeatureCollection",
      available: true,
      truncated: false,
      attribution: "© OpenStreetMap contributors",
      features: [{ type: "Feature", properties: { roadClass: "primary" }, geometry: { type: "MultiLineString", coordinates: [[[9.5, 47.1], [9.52, 47.2]]] } }],
    };
    roads.fetch.mockResolvedValue(available);
    const { container } = render(<PlanMap plan={plan([stop("o1", 47.16, 9.51), stop("o2", 47.2, 9.53)])} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    expect(screen.queryByTestId("basemap-notice")).toBeNull();
    expect(failTiles(container)).toBeGreaterThan(0);

    const notice = await screen.findByRole("status");
    expect(notice).toHaveTextContent("Base map unavailable");
    expect(screen.getByTestId("plan-map")).toHaveAttribute("data-tiles", "failed");
    await waitFor(() => expect(notice).toHaveTextContent("Roads are drawn from the server's offline map data."));
    expect(roads.fetch).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/basemap\/roads\?bbox=/), expect.anything());
    expect(container.querySelector("path.rp-road-primary")).not.toBeNull();
    // Right of the zoom buttons, so it never covers them on a phone.
    expect(notice).toHaveClass("left-14");
  });

  it("says so too when the server has no offline roads", async () => {
    roads.fetch.mockResolvedValue({ type: "FeatureCollection", available: false, truncated: false, attribution: "", features: [] });
    const { container } = render(<PlanMap plan={plan([stop("o1", 47.16, 9.51)])} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    failTiles(container);
    expect(await screen.findByRole("status")).toHaveTextContent("Base map unavailable — the map tiles could not be loaded. The routes and their stops are still shown.");
  });
});
