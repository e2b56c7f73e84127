// @vitest-environment node
// (Node's File can be read, as a browser's can; jsdom's cannot.)
import { describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/browser";
import { parseCsv, readTableFile } from "@/lib/table-file";
import { checkOrder, guessMapping, planFieldName, needsGeocoding, normaliseTime, parsePastedOrders, plannableOrders, rowsToOrders } from "@/features/fleet/lib/order-import";

describe("order import", () => {
  const csv = [
    "Name;Latitude;Longitude;From;Until;kg;Skills;Priority;E-mail;Service",
    "Bakery;47.141;9.521;9:00;12:00;4;fridge|tail-lift;10;a@example.com;7",
    "Shop;47.15;9.53;;;2;;;;",
    "Bad;47.15;9.53;14:00;11:00;x;;;;",
  ].join("\n");

  it("reads an .xlsx whose windows are Excel times of day and whose demand is a number", async () => {
    const blob = await writeXlsxFile([
      ["Name", "Latitude", "Longitude", "From", "Until", "kg"],
      ["Bakery", 47.141, 9.521, { value: 9 / 24, format: "h:mm" }, { value: 12.5 / 24, format: "hh:mm" }, 4],
    ]).toBlob();
    const rows = await readTableFile(new File([blob], "orders.xlsx"));
    const drafts = rowsToOrders(rows, guessMapping(rows[0]!, ["kg"])!, { skipHeader: true, dimensions: 1 });
    expect(drafts[0]!.order).toMatchObject({ label: "Bakery", lat: 47.141, lng: 9.521, timeWindows: [{ start: "09:00", end: "12:30" }], demand: [4] });
    expect(drafts[0]!.problems).toEqual([]);
  });

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

  it("reads pickup→delivery pairs: obvious pickup headers are mapped, the pickup's place, service and window kept", () => {
    const rows = parseCsv(
      [
        "Name,Address,Pickup address,Pickup lat,Pickup lng,Pickup service,Pickup window start,Pickup window end,From,Until",
        "Flowers,Städtle 1 Vaduz,,47.165,9.509,6,08:00,09:00,10:00,12:00",
        "Parcel,Städtle 2 Vaduz,Landstrasse 5 Schaan,,,,,,,",
        "Broken,Städtle 3 Vaduz,,,,4,,,,",
      ].join("\n"),
    );
    const mapping = guessMapping(rows[0]!)!;
    expect(mapping).toMatchObject({ label: 0, address: 1, pickupAddress: 2, pickupLat: 3, pickupLng: 4, pickupService: 5, pickupWindowStart: 6, pickupWindowEnd: 7, window1Start: 8, window1End: 9 });
    const drafts = rowsToOrders(rows, mapping, { skipHeader: true });
    expect(drafts[0]!.order.pickup).toEqual({ label: "Pick up for Flowers", lat: 47.165, lng: 9.509, serviceMinutes: 6, timeWindows: [{ start: "08:00", end: "09:00" }] });
    expect(drafts[1]!.order.pickup).toEqual({ label: "Landstrasse 5 Schaan", address: "Landstrasse 5 Schaan", serviceMinutes: 0, timeWindows: [] });
    expect(needsGeocoding(drafts[1]!)).toBe(true);
    expect(drafts[2]!.problems).toEqual(["The pickup needs an address or both latitude and longitude"]);
    // Once both places have coordinates, the pair is planned with the contract's rules.
    const ready = { ...drafts[0]!, order: { ...drafts[0]!.order, lat: 47.14, lng: 9.52 } };
    expect(checkOrder(ready.order)).toEqual([]);
    expect(checkOrder({ ...ready.order, pickup: { ...ready.order.pickup!, timeWindows: [{ start: "10:00", end: "09:00" }] } })).toEqual(["Pickup: The window ends before it starts"]);
    expect(plannableOrders([{ ...ready, problems: [] }])[0]!.pickup).toMatchObject({ lat: 47.165 });
    expect(checkOrder({ ...drafts[1]!.order, lat: 47.14, lng: 9.52 })).toEqual(['No place was found for the pickup "Landstrasse 5 Schaan"']);
  });

  it("reads pasted addresses and coordinates", () => {
    const drafts = parsePastedOrders("Städtle 1, Vaduz\n47.14, 9.52, Post office\n");
    expect(drafts[0]!.order).toMatchObject({ address: "Städtle 1, Vaduz" });
    expect(drafts[1]!.order).toMatchObject({ lat: 47.14, lng: 9.52, label: "Post office" });
  });

  it("names the server's order fields in words, with the order and its row", () => {
    const sent = rowsToOrders(parseCsv("name,lat,lng\nBakery,47.1,9.5\nMill,47.2,9.5"), { label: 0, lat: 1, lng: 2 }, { skipHeader: true });
    expect(planFieldName("orders.1.pickup.timeWindows.0.end", sent)).toBe("Mill (Row 3), pickup time window end");
    expect(planFieldName("orders.0", sent)).toBe("Bakery (Row 2)");
    expect(planFieldName("orders.7.skills", sent)).toBe("Order 8, skills");
    expect(planFieldName("vehicleIds", sent)).toBe("Vehicles");
  });

  it("normalises times of day", () => {
    expect(normaliseTime("9:05")).toBe("09:05");
    expect(normaliseTime("0930")).toBe("09:30");
    expect(normaliseTime("25:00")).toBeNull();
  });
});
