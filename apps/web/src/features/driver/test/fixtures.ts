import type { DriverRoute, DriverStop } from "@routepilot/contracts";

/** A pending stop of the driver's route (tests). */
export function driverStop(id: string, plannedArrival: string, plannedDeparture: string, patch: Partial<DriverStop> = {}): DriverStop {
  return {
    id,
    sequence: 0,
    orderId: null,
    kind: null,
    label: id,
    address: null,
    lat: 47,
    lng: 9,
    note: null,
    serviceMinutes: 5,
    plannedArrival,
    plannedDeparture,
    timeWindow: null,
    status: "pending",
    arrivedAt: null,
    completedAt: null,
    failureReason: null,
    recipientName: null,
    contact: null,
    proof: [],
    ...patch,
  };
}

/** A dispatched route not started yet (tests). */
export function driverRoute(date: string, stops: DriverStop[], patch: Partial<DriverRoute> = {}): DriverRoute {
  return {
    id: "r1",
    name: "Van 1 route",
    date,
    team: { id: "t1", name: "Valley Vans" },
    vehicle: { id: "v1", name: "Van 1", plate: "FL 123" },
    status: "planned",
    proofRequired: false,
    start: { label: "Depot", address: null, lat: 47.14, lng: 9.52 },
    end: null,
    geometry: null,
    distanceMeters: 10_000,
    durationSeconds: 3600,
    updatedAt: `${date}T07:00:00.000Z`,
    reloads: [],
    stops,
    ...patch,
  };
}
