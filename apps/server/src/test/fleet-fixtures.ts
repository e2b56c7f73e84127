import { orderSchema, vehicleInputSchema, type OrderInput, type VehicleInput } from "@routepilot/contracts";
import { HaversineProvider, type Profile } from "@routepilot/geo";
import { Rng } from "@routepilot/solver";
import type { PlanOrder, PlanVehicle, TravelMatrix } from "../modules/fleet/problem";

/** Test data for fleet planning: validated vehicles and orders around a depot in London. */
export const DEPOT = { lat: 51.5074, lng: -0.1278 };

export function vehicle(id: string, input: Partial<VehicleInput> = {}): PlanVehicle {
  return { id, ...vehicleInputSchema.parse({ name: id, shift: { start: "08:00", end: "17:00" }, start: DEPOT, end: DEPOT, capacity: [10], ...input }) };
}

export function order(id: string, input: Partial<OrderInput> = {}): PlanOrder {
  return { ...orderSchema.parse({ label: `Order ${id}`, lat: DEPOT.lat + 0.01, lng: DEPOT.lng + 0.01, demand: [1], ...input }), id };
}

/** `n` orders scattered within ~8 km of the depot, seeded; windows of 3 hours across the day on every other order. */
export function scatteredOrders(n: number, seed = 7): PlanOrder[] {
  const rng = new Rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const startHour = 8 + (i % 3) * 3;
    return order(`o${i}`, {
      lat: DEPOT.lat + (rng.next() - 0.5) * 0.14,
      lng: DEPOT.lng + (rng.next() - 0.5) * 0.22,
      serviceMinutes: 4,
      demand: [1 + (i % 3)],
      ...(i % 2 === 0 ? { timeWindows: [{ start: `${String(startHour).padStart(2, "0")}:00`, end: `${String(startHour + 3).padStart(2, "0")}:00` }] } : {}),
    });
  });
}

export async function haversineMatrix(points: readonly { lat: number; lng: number }[], profile: Profile = "van"): Promise<TravelMatrix> {
  const m = await new HaversineProvider().matrix(points, profile);
  return { durations: m.durations, distances: m.distances };
}
