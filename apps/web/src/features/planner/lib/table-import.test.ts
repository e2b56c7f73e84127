import { describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import { detectColumns, importMessages, parseCsv, readXlsxRows, rowsToImport } from "@/features/planner/lib/table-import";

describe("parseCsv", () => {
  it("reads quoted fields with commas, quotes and line breaks", () => {
    expect(parseCsv('Name,Address\r\n"Bakery ""Süss""","Städtle 38, Vaduz"\n"Two\nlines",Schaan\n')).toEqual([
      ["Name", "Address"],
      ['Bakery "Süss"', "Städtle 38, Vaduz"],
      ["Two\nlines", "Schaan"],
    ]);
  });

  it("guesses semicolon and tab delimiters and skips blank rows", () => {
    expect(parseCsv("lat;lng\n47,1;9,5\n\n")).toEqual([
      ["lat", "lng"],
      ["47,1", "9,5"],
    ]);
    expect(parseCsv("a\tb\n1\t2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("does not count delimiters inside quoted fields when guessing", () => {
    // Semicolon-delimited, with commas in quoted fields (more commas than semicolons on each line).
    expect(parseCsv('"Name, first";"Address, street, town"\n"Bakery, Süss";"Städtle 38, 9490 Vaduz"\n')).toEqual([
      ["Name, first", "Address, street, town"],
      ["Bakery, Süss", "Städtle 38, 9490 Vaduz"],
    ]);
    // And the other way round: comma-delimited, with semicolons in quoted fields.
    expect(parseCsv('"Name; first","Address; street; town"\r\n"Bakery; Süss","Städtle 38; 9490 Vaduz"\r\n')).toEqual([
      ["Name; first", "Address; street; town"],
      ["Bakery; Süss", "Städtle 38; 9490 Vaduz"],
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

function xlsx(sheet: string, shared: string[]): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipSync({
    "xl/workbook.xml": strToU8(`<?xml version="1.0"?><workbook ${ns} ${rel}><sheets><sheet name="Stops" sheetId="1" r:id="rId7"/></sheets></workbook>`),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="worksheet" Target="worksheets/stops.xml"/></Relationships>`,
    ),
    "xl/sharedStrings.xml": strToU8(`<?xml version="1.0"?><sst ${ns}>${shared.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`),
    "xl/worksheets/stops.xml": strToU8(`<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheet}</sheetData></worksheet>`),
  });
}

describe("readXlsxRows", () => {
  it("reads shared strings, inline strings and numbers from the first sheet, keeping gaps", () => {
    const data = xlsx(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>` +
        `<row r="2"><c r="A2" t="inlineStr"><is><t>Vaduz</t></is></c><c r="C2"><v>47.14151</v></c></row>`,
      ["Name", "Latitude"],
    );
    expect(readXlsxRows(data)).toEqual([
      ["Name", "", "Latitude"],
      ["Vaduz", "", "47.14151"],
    ]);
  });

  it("throws on a zip that is not a workbook", () => {
    expect(() => readXlsxRows(zipSync({ "a.txt": strToU8("x") }))).toThrow(importMessages.unreadable);
  });
});
