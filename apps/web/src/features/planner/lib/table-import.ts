import { unzipSync, strFromU8 } from "fflate";
import Papa from "papaparse";

/** Which spreadsheet column holds what; indexes into a row. */
export type ColumnMapping = {
  kind: "address" | "coordinates";
  address?: number;
  lat?: number;
  lng?: number;
  label?: number;
  note?: number;
  service?: number;
};

export type TableLayout = { hasHeader: boolean; mapping: ColumnMapping };

/** One destination read from a file, before geocoding. `line` is the 1-based row in the file. */
export type ImportedRow = {
  line: number;
  address?: string;
  lat?: number;
  lng?: number;
  label?: string;
  note?: string;
  serviceMinutes?: number;
  /** Why the row cannot be used as it is (shown in the preview to fix or drop). */
  problem?: string;
};

export const importMessages = {
  noColumns: "No address column or latitude/longitude columns were found",
  emptyAddress: "The address is empty",
  badCoordinates: "Latitude must be between -90 and 90 and longitude between -180 and 180",
  unreadable: "This file could not be read. Use a .csv or .xlsx file.",
} as const;

/**
 * Splits CSV text (RFC 4180 quoting) into rows with Papa Parse; the delimiter (; , or tab) is the
 * one that splits the first rows into the most, equally long, rows, quoted fields not counting.
 */
export function parseCsv(text: string): string[][] {
  // One kind of line break, so a file mixing \r\n and \n is not read as one long row.
  const body = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  // Semicolon first: on a tie ("lat;lng" over "47,1;9,5") Papa keeps the earlier delimiter.
  const { data } = Papa.parse<string[]>(body, { newline: "\n", delimitersToGuess: [";", ",", "\t"], skipEmptyLines: "greedy" });
  return data.map((r) => r.map((cell) => cell.trim())).filter((r) => r.some((cell) => cell !== ""));
}

const HEADER_NAMES: Record<Exclude<keyof ColumnMapping, "kind">, string[]> = {
  address: ["address", "fulladdress", "streetaddress", "addr", "location", "place", "destination", "stop", "street"],
  lat: ["lat", "latitude", "y"],
  lng: ["lng", "lon", "long", "longitude", "x"],
  label: ["label", "name", "title", "customer", "company", "contact"],
  note: ["note", "notes", "comment", "comments", "instructions", "description"],
  service: ["service", "servicetime", "serviceminutes", "servicemin", "duration", "minutes", "stoptime"],
};

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");
const isNumber = (v: string | undefined) => v !== undefined && v.trim() !== "" && Number.isFinite(Number(v.replace(",", ".")));
const toNumber = (v: string) => Number(v.replace(",", "."));

/**
 * Finds the address column, or the latitude and longitude columns, from a header row
 * (case and punctuation ignored: "Latitude", "lat", "Street address"…). Without a recognisable
 * header, a first row of two numbers in range is read as lat,lng data, anything else as
 * addresses in the first column. Returns null when no usable column exists.
 */
export function detectColumns(rows: string[][]): TableLayout | null {
  const first = rows[0];
  if (!first) return null;
  const mapping: Partial<ColumnMapping> = {};
  const names = first.map(normalise);
  for (const [field, candidates] of Object.entries(HEADER_NAMES) as [Exclude<keyof ColumnMapping, "kind">, string[]][]) {
    // An exact name wins over a partial one ("address" over "address line 2" when both exist).
    let index = names.findIndex((n) => candidates.includes(n));
    if (index < 0 && field !== "lat" && field !== "lng") index = names.findIndex((n) => candidates.some((c) => c.length > 3 && n.includes(c)));
    if (index >= 0 && !Object.values(mapping).includes(index)) mapping[field] = index;
  }
  const hasCoordinates = mapping.lat !== undefined && mapping.lng !== undefined;
  if (hasCoordinates || mapping.address !== undefined) {
    return { hasHeader: true, mapping: { ...mapping, kind: mapping.address !== undefined && !hasCoordinates ? "address" : "coordinates" } };
  }
  // No header: "47.1,9.5" rows, or addresses in the first column.
  if (first.length >= 2 && isNumber(first[0]) && isNumber(first[1]) && Math.abs(toNumber(first[0]!)) <= 90 && Math.abs(toNumber(first[1]!)) <= 180) {
    return { hasHeader: false, mapping: { kind: "coordinates", lat: 0, lng: 1, ...(first.length > 2 ? { label: 2 } : {}) } };
  }
  if (first.some((cell) => cell !== "")) return { hasHeader: false, mapping: { kind: "address", address: 0 } };
  return null;
}

/** Turns table rows into destinations using a detected layout; rows with a problem are kept and flagged. */
export function rowsToImport(rows: string[][], layout: TableLayout): ImportedRow[] {
  const { mapping } = layout;
  const out: ImportedRow[] = [];
  rows.forEach((cells, i) => {
    if (layout.hasHeader && i === 0) return;
    const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? "").trim());
    const row: ImportedRow = { line: i + 1 };
    const label = cell(mapping.label);
    const note = cell(mapping.note);
    const service = cell(mapping.service);
    if (label) row.label = label;
    if (note) row.note = note;
    if (isNumber(service) && toNumber(service) >= 0) row.serviceMinutes = Math.round(toNumber(service));
    const address = cell(mapping.address);
    if (address) row.address = address;
    const lat = cell(mapping.lat);
    const lng = cell(mapping.lng);
    if (mapping.kind === "coordinates" && (lat !== "" || lng !== "")) {
      const la = toNumber(lat);
      const ln = toNumber(lng);
      if (isNumber(lat) && isNumber(lng) && Math.abs(la) <= 90 && Math.abs(ln) <= 180) {
        row.lat = la;
        row.lng = ln;
      } else if (!address) row.problem = importMessages.badCoordinates;
    }
    if (row.lat === undefined && !row.address && !row.problem) row.problem = mapping.kind === "coordinates" ? importMessages.badCoordinates : importMessages.emptyAddress;
    out.push(row);
  });
  return out;
}

/** "B" → 1, "AA" → 26. */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? "A";
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function parseXml(text: string): Document {
  return new DOMParser().parseFromString(text, "application/xml");
}

/** Text of an element's descendants named `t` (rich text runs included). */
function textOf(el: Element): string {
  return Array.from(el.getElementsByTagName("t"))
    .map((t) => t.textContent ?? "")
    .join("");
}

/**
 * Reads the first worksheet of an .xlsx file into rows of cell text (shared strings, inline
 * strings, numbers and booleans; formulas by their cached value). Throws on a file that is not
 * an .xlsx workbook.
 */
export function readXlsxRows(data: Uint8Array): string[][] {
  const files = unzipSync(data);
  const read = (name: string) => (files[name] ? strFromU8(files[name]) : null);
  const workbook = read("xl/workbook.xml");
  if (!workbook) throw new Error(importMessages.unreadable);
  let sheetPath = "xl/worksheets/sheet1.xml";
  const firstSheet = parseXml(workbook).getElementsByTagName("sheet")[0];
  const relId = firstSheet?.getAttribute("r:id") ?? firstSheet?.getAttributeNS("http://schemas.openxmlformats.org/officeDocument/2006/relationships", "id");
  const rels = read("xl/_rels/workbook.xml.rels");
  if (relId && rels) {
    const rel = Array.from(parseXml(rels).getElementsByTagName("Relationship")).find((r) => r.getAttribute("Id") === relId);
    const target = rel?.getAttribute("Target");
    if (target) sheetPath = target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
  }
  const sheet = read(sheetPath);
  if (!sheet) throw new Error(importMessages.unreadable);
  const sharedXml = read("xl/sharedStrings.xml");
  const shared = sharedXml ? Array.from(parseXml(sharedXml).getElementsByTagName("si")).map(textOf) : [];

  const rows: string[][] = [];
  for (const rowEl of Array.from(parseXml(sheet).getElementsByTagName("row"))) {
    const row: string[] = [];
    let next = 0;
    for (const c of Array.from(rowEl.getElementsByTagName("c"))) {
      const ref = c.getAttribute("r");
      const index = ref ? columnIndex(ref) : next;
      next = index + 1;
      const type = c.getAttribute("t");
      const v = c.getElementsByTagName("v")[0]?.textContent ?? "";
      let value: string;
      if (type === "s") value = shared[Number(v)] ?? "";
      else if (type === "inlineStr") value = textOf(c);
      else if (type === "b") value = v === "1" ? "TRUE" : "FALSE";
      else value = v;
      while (row.length < index) row.push("");
      row[index] = value.trim();
    }
    if (row.some((cell) => cell !== "")) rows.push(row);
  }
  return rows;
}

/** Reads a .csv / .tsv / .txt or .xlsx file into rows. */
export async function readTableFile(file: File): Promise<string[][]> {
  const name = file.name.toLowerCase();
  if (name.endsWith(".xlsx")) return readXlsxRows(new Uint8Array(await file.arrayBuffer()));
  if (name.endsWith(".xls")) throw new Error(importMessages.unreadable);
  return parseCsv(await file.text());
}
