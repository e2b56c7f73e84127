import { tableFileMessages } from "@/lib/table-file";

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
  unreadable: tableFileMessages.unreadable,
} as const;

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
