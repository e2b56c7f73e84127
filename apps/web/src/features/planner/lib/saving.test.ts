import { describe, expect, it } from "vitest";
import { createFormatter } from "@routepilot/contracts";
import { savingPercent, savingSummary } from "@/features/planner/lib/saving";

const km = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });
const miles = createFormatter({ language: "en", timeZone: "UTC", unit: "miles" });

describe("savingPercent", () => {
  it("is the share of the typed distance saved, one decimal", () => {
    expect(savingPercent(72762.37, 50598.44)).toBe(30.5);
    expect(savingPercent(1000, 1000)).toBe(0);
    expect(savingPercent(null, 10)).toBeNull();
    expect(savingPercent(0, 0)).toBeNull();
  });
});

describe("savingSummary", () => {
  it("words the saving in the user's unit", () => {
    const route = { distanceMeters: 50598.44, originalDistanceMeters: 72762.37, savingMeters: 22163.93, savingPercent: 30.5 };
    expect(savingSummary(route, km)?.text).toBe("Saves 22.2 km (30.5%) versus your order");
    expect(savingSummary(route, miles)?.text).toBe("Saves 13.8 mi (30.5%) versus your order");
  });

  it("words it in the reader's language", () => {
    const route = { distanceMeters: 50598.44, originalDistanceMeters: 72762.37, savingMeters: 22163.93, savingPercent: 30.5 };
    expect(savingSummary(route, createFormatter({ language: "de", timeZone: "UTC", unit: "km" })).text).toBe("Saves 22,2 km (30,5\u00a0%) versus your order");
  });

  it("computes missing figures and handles no saving or no comparison", () => {
    expect(savingSummary({ distanceMeters: 900, originalDistanceMeters: 1000, savingMeters: null, savingPercent: null }, km)).toEqual({
      text: "Saves 100 m (10%) versus your order",
      meters: 100,
      percent: 10,
    });
    expect(savingSummary({ distanceMeters: 1000, originalDistanceMeters: 1000, savingMeters: 0, savingPercent: 0 }, km)?.text).toBe("Your order was already the shortest");
    expect(savingSummary({ distanceMeters: 1000, originalDistanceMeters: null, savingMeters: null, savingPercent: null }, km).text).toBe(
      "No saving can be computed: your order has a leg no route connects",
    );
  });

  it("with dropped stops, says the comparison is over the same planned stops", () => {
    const route = { distanceMeters: 900, originalDistanceMeters: 1000, savingMeters: 100, savingPercent: 10, stops: [{}, {}], unassigned: [{}] };
    expect(savingSummary(route, km).text).toBe("Saves 100 m (10%) versus your order of the same 2 stops");
    expect(savingSummary({ ...route, distanceMeters: 1000, savingMeters: 0, savingPercent: 0, stops: [{}] }, km).text).toBe("Your order of the same 1 stop was already the shortest");
  });
});
