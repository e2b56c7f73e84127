// @vitest-environment node
// (Node's File can be read, as a browser's can; jsdom's cannot.)
import { describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/browser";
import { parseCsv, readTableFile } from "@/lib/table-file";
import { detectColumns, importMessages, rowsToImport } from "@/features/planner/lib/table-import";

describe("importing a file", () => {
  it("imports the first sheet of an .xlsx end to end, gaps and numbers as in the sheet", async () => {
    const blob = await writeXlsxFile([
      ["Name", null, "Latitude", "Longitude"],
      ["Vaduz", null, 47.14151, 9.52154],
      ["Nowhere", null, 95, 9.5],
    ]).toBlob();
    const rows = await readTableFile(new File([blob], "stops.xlsx"));
    expect(rowsToImport(rows, detectColumns(rows)!)).toEqual([
      { line: 2, label: "Vaduz", lat: 47.14151, lng: 9.52154 },
      { line: 3, label: "Nowhere", problem: importMessages.badCoordinates },
    ]);
  });

  it("imports a semicolon file with quoted commas end to end", () => {
    const rows = parseCsv('Customer;"Street, town";"Notes, if any"\n"Müller, Hans";"Städtle 38, Vaduz";"Ring twice, then wait"\n');
    expect(rowsToImport(rows, detectColumns(rows)!)).toEqual([{ line: 2, label: "Müller, Hans", address: "Städtle 38, Vaduz", note: "Ring twice, then wait" }]);
  });
});

describe("detectColumns", () => {
  it("finds an address column and the optional label, notes and service columns", () => {
    expect(detectColumns([["Customer", "Street address", "Notes", "Service (min)"]])).toEqual({
      hasHeader: true,
      mapping: { kind: "address", address: 1, label: 0, note: 2, service: 3 },
    });
  });

  it("prefers latitude/longitude columns when both exist", () => {
    expect(detectColumns([["Name", "Latitude", "Longitude"]])).toEqual({ hasHeader: true, mapping: { kind: "coordinates", lat: 1, lng: 2, label: 0 } });
    expect(detectColumns([["address", "lat", "lon"]])?.mapping).toMatchObject({ kind: "coordinates", address: 0, lat: 1, lng: 2 });
  });

  it("reads header-less files as coordinates or as addresses in the first column", () => {
    expect(detectColumns([["47.14", "9.52", "Vaduz"]])).toEqual({ hasHeader: false, mapping: { kind: "coordinates", lat: 0, lng: 1, label: 2 } });
    expect(detectColumns([["Vaduz, Liechtenstein"]])).toEqual({ hasHeader: false, mapping: { kind: "address", address: 0 } });
    expect(detectColumns([])).toBeNull();
  });
});

describe("rowsToImport", () => {
  it("flags rows that cannot be used, keeping their line numbers", () => {
    const rows = parseCsv("name,lat,lng,service\nA,47.1,9.5,5\nB,95,9.5,\nC,,,\nD,47.2,9.6,x");
    const layout = detectColumns(rows)!;
    expect(rowsToImport(rows, layout)).toEqual([
      { line: 2, label: "A", lat: 47.1, lng: 9.5, serviceMinutes: 5 },
      { line: 3, label: "B", problem: importMessages.badCoordinates },
      { line: 4, label: "C", problem: importMessages.badCoordinates },
      { line: 5, label: "D", lat: 47.2, lng: 9.6 },
    ]);
  });

  it("falls back to the address when coordinates are missing", () => {
    const rows = [
      ["address", "lat", "lng"],
      ["Schaan", "", ""],
      ["", "", ""],
    ];
    expect(rowsToImport(rows, detectColumns(rows)!)).toEqual([{ line: 2, address: "Schaan" }, { line: 3, problem: importMessages.badCoordinates }]);
  });

  it("flags empty addresses", () => {
    const rows = [["Address", "Name"], ["", "Nobody"], ["Eschen", ""]];
    expect(rowsToImport(rows, detectColumns(rows)!)).toEqual([
      { line: 2, label: "Nobody", problem: importMessages.emptyAddress },
      { line: 3, address: "Eschen" },
    ]);
  });
});
