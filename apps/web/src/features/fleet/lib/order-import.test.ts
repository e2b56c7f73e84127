import { describe, expect, it } from "vitest";
import { guessMapping, normaliseTime, parseCsv, parsePastedOrders, plannableOrders, rowsToOrders } from "@/features/fleet/lib/order-import";

describe("order import", () => {
  const csv = [
    "Name;Latitude;Longitude;From;Until;kg;Skills;Priority;E-mail;Service",
    "Bakery;47.141;9.521;9:00;12:00;4;fridge|tail-lift;10;a@example.com;7",
    "Shop;47.15;9.53;;;2;;;;",
    "Bad;47.15;9.53;14:00;11:00;x;;;;",
  ].join("\n");

  it("guesses the columns from the header, naming demand by the team's dimension", () => {
    const rows = parseCsv(csv);
    expect(guessMapping(rows[0]!, ["kg"])).toMatchObject({ label: 0, lat: 1, lng: 2, window1Start: 3, window1End: 4, demand1: 5, skills: 6, priority: 7, email: 8, serviceMinutes: 9 });
    expect(guessMapping(["foo", "bar"])).toBeNull();
  });

  it("turns rows into orders, flags bad cells and windows in plain words", () => {
    const rows = parseCsv(csv);
    const drafts = rowsToOrders(rows, guessMapping(rows[0]!, ["kg"])!, { skipHeader: true, dimensions: 1 });
    expect(drafts).toHaveLength(3);
    expect(drafts[0]!.order).toMatchObject({
      label: "Bakery",
      lat: 47.141,
      lng: 9.521,
      timeWindows: [{ start: "09:00", end: "12:00" }],
      demand: [4],
      skills: ["fridge", "tail-lift"],
      priority: 10,
      serviceMinutes: 7,
      contact: { email: "a@example.com" },
    });
    expect(drafts[0]!.problems).toEqual([]);
    expect(drafts[1]!.problems).toEqual([]);
    expect(drafts[2]!.problems).toContain('Demand 1 "x" is not a number');
    expect(drafts[2]!.problems).toContain("The window ends before it starts");
    expect(plannableOrders(drafts).map((o) => o.label)).toEqual(["Bakery", "Shop"]);
  });

  it("reads pasted addresses and coordinates", () => {
    const drafts = parsePastedOrders("Städtle 1, Vaduz\n47.14, 9.52, Post office\n");
    expect(drafts[0]!.order).toMatchObject({ address: "Städtle 1, Vaduz" });
    expect(drafts[1]!.order).toMatchObject({ lat: 47.14, lng: 9.52, label: "Post office" });
  });

  it("normalises times of day", () => {
    expect(normaliseTime("9:05")).toBe("09:05");
    expect(normaliseTime("0930")).toBe("09:30");
    expect(normaliseTime("25:00")).toBeNull();
  });
});
