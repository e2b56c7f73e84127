import { describe, expect, it } from "vitest";
import { minutesOfDay } from "./clock";
import { createPlanSchema, fleetMessages, vehicleInputSchema } from "./fleet";

const order = { label: "Bäckerei Eschen", lat: 47.21, lng: 9.52 };
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("fleet contracts", () => {
  it("reads times of day as minutes", () => {
    expect(minutesOfDay("00:00")).toBe(0);
    expect(minutesOfDay("17:30")).toBe(1050);
  });

  it("a plan takes defaults for what an order leaves out", () => {
    const plan = createPlanSchema.parse({ date: "2026-11-24", vehicleIds: ["v1"], orders: [order] });
    expect(plan.objective).toBe("min_time");
    expect(plan.orders[0]).toMatchObject({ serviceMinutes: 5, timeWindows: [], demand: [], skills: [], priority: 0 });
  });

  it("names the order and field of bad input", () => {
    const result = createPlanSchema.safeParse({
      date: "24/11/2026",
      vehicleIds: [],
      orders: [order, { ...order, timeWindows: [{ start: "12:00", end: "09:00" }], demand: [1, 2, 3, 4] }, { ...order, lat: 91 }],
    });
    expect(messages(result)).toMatchObject({
      date: fleetMessages.date,
      vehicleIds: fleetMessages.noVehicles,
      "orders.1.timeWindows.0.end": fleetMessages.windowOrder,
      "orders.1.demand": fleetMessages.tooManyDimensions,
      "orders.2.lat": fleetMessages.latitude,
    });
  });

  it("refuses more than 10,000 orders", () => {
    const result = createPlanSchema.safeParse({ date: "2026-11-24", vehicleIds: ["v1"], orders: Array.from({ length: 10_001 }, () => order) });
    expect(messages(result).orders).toBe(fleetMessages.tooManyOrders);
  });

  it("a vehicle's shift ends after it starts; open routes have no depot", () => {
    const ok = vehicleInputSchema.parse({ name: "Van 1", capacity: [10], skills: ["fridge"], shift: { start: "08:00", end: "17:00" }, start: { lat: 47.2, lng: 9.5 }, end: null });
    expect(ok).toMatchObject({ profile: "van", end: null, breaks: [], fixedCostPence: 0 });
    const bad = vehicleInputSchema.safeParse({ name: "", shift: { start: "17:00", end: "08:00" }, start: null, end: null, colour: "red" });
    expect(messages(bad)).toMatchObject({ name: fleetMessages.vehicleName, "shift.end": fleetMessages.shiftOrder });
    expect(bad.error?.issues.some((i) => i.code === "unrecognized_keys")).toBe(true);
  });
});
