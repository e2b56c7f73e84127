// @vitest-environment node
// Node's File has text() and arrayBuffer(), as a browser's does; jsdom's has neither.
import { describe, expect, it } from "vitest";
import writeXlsxFile, { type SheetData } from "write-excel-file/browser";
import { parseCsv, readTableFile, tableFileMessages } from "@/lib/table-file";

/** An .xlsx file written by write-excel-file, as a person would pick it. */
async function xlsxFile(sheets: { sheet: string; data: SheetData }[], name = "stops.xlsx"): Promise<File> {
  const blob = await writeXlsxFile(sheets).toBlob();
  return new File([blob], name, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

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

  it("drops a byte-order mark and trims cells", () => {
    expect(parseCsv("\uFEFFName , Address\n Bakery ,  Vaduz ")).toEqual([
      ["Name", "Address"],
      ["Bakery", "Vaduz"],
    ]);
  });
});

describe("readTableFile", () => {
  it("reads the first sheet of an .xlsx: text, numbers, booleans, gaps kept and empty rows dropped", async () => {
    const file = await xlsxFile([
      {
        sheet: "Stops",
        data: [
          ["Name", null, "Latitude", "Fragile"],
          [" Vaduz ", null, 47.14151, true],
          [null, null, null, null],
          ["Schaan", null, 47.165, false],
        ],
      },
      { sheet: "Notes", data: [["not read"]] },
    ]);
    expect(await readTableFile(file)).toEqual([
      ["Name", "", "Latitude", "Fragile"],
      ["Vaduz", "", "47.14151", "TRUE"],
      ["Schaan", "", "47.165", "FALSE"],
    ]);
  });

  it("writes dates as ISO days and times of day as HH:MM", async () => {
    const file = await xlsxFile([
      {
        sheet: "Orders",
        data: [
          ["Day", "From", "At"],
          [
            { value: new Date(Date.UTC(2026, 0, 5)), format: "dd.mm.yyyy" },
            // A time of day is a fraction of day 0: 09:30 is 0.3958…
            { value: 9.5 / 24, format: "hh:mm" },
            { value: new Date(Date.UTC(2026, 0, 5, 14, 15)), format: "dd.mm.yyyy hh:mm" },
          ],
        ],
      },
    ]);
    expect(await readTableFile(file)).toEqual([
      ["Day", "From", "At"],
      ["2026-01-05", "09:30", "2026-01-05T14:15"],
    ]);
  });

  it("reads .csv, .tsv and .txt files as CSV", async () => {
    expect(await readTableFile(new File(["lat;lng\n47,1;9,5\n"], "points.csv", { type: "text/csv" }))).toEqual([
      ["lat", "lng"],
      ["47,1", "9,5"],
    ]);
    expect(await readTableFile(new File(["a\tb\n1\t2"], "points.TSV"))).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("refuses legacy .xls files and .xlsx files that are not workbooks with one message", async () => {
    await expect(readTableFile(new File(["\xD0\xCF\x11\xE0"], "old.xls"))).rejects.toThrow(tableFileMessages.unreadable);
    await expect(readTableFile(new File(["Name,Address\nBakery,Vaduz"], "renamed.xlsx"))).rejects.toThrow(tableFileMessages.unreadable);
  });
});
