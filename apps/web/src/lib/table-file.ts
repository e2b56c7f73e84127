import Papa from "papaparse";

/** What an import says when a file is not a table it can read (the planner's stops, a fleet's orders). */
export const tableFileMessages = {
  unreadable: "This file could not be read. Use a .csv or .xlsx file.",
} as const;

/**
 * Splits CSV text (RFC 4180 quoting) into rows of trimmed cells with Papa Parse; empty rows are
 * dropped. The delimiter (; , or tab) is the one that splits the first rows into the most, equally
 * long, rows, quoted fields not counting.
 */
export function parseCsv(text: string): string[][] {
  // One kind of line break, so a file mixing \r\n and \n is not read as one long row.
  const body = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  // Semicolon first: on a tie ("lat;lng" over "47,1;9,5") Papa keeps the earlier delimiter.
  const { data } = Papa.parse<string[]>(body, { newline: "\n", delimitersToGuess: [";", ",", "\t"], skipEmptyLines: "greedy" });
  return withoutEmptyRows(data.map((row) => row.map((cell) => String(cell).trim())));
}

/**
 * Reads the first sheet of an .xlsx workbook into rows of cell text with read-excel-file (numbers
 * as written, TRUE/FALSE, formulas by their saved value, empty cells as ""); empty rows are dropped.
 * Throws (read-excel-file's errors) on anything that is not an .xlsx workbook.
 */
export async function readXlsx(data: File | Blob | ArrayBuffer): Promise<string[][]> {
  // Loaded on first use: most people never import a spreadsheet.
  const { readSheet } = await import("read-excel-file/browser");
  const rows = await readSheet(data);
  return withoutEmptyRows(rows.map((row) => row.map(cellText)));
}

/** Reads a .csv / .tsv / .txt or .xlsx file into rows of cell text; throws `tableFileMessages.unreadable` when it cannot. */
export async function readTableFile(file: File): Promise<string[][]> {
  const name = file.name.toLowerCase();
  // Legacy binary Excel files are not read: they are to be saved again as .xlsx.
  if (name.endsWith(".xls")) throw new Error(tableFileMessages.unreadable);
  try {
    return name.endsWith(".xlsx") ? await readXlsx(file) : parseCsv(await file.text());
  } catch {
    throw new Error(tableFileMessages.unreadable);
  }
}

function withoutEmptyRows(rows: string[][]): string[][] {
  return rows.filter((row) => row.some((cell) => cell !== ""));
}

/** One spreadsheet cell as the text a CSV file would hold. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return dateText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value).trim();
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A date cell as ISO text: "2026-01-05" for a day, "09:30" for a time of day, "2026-01-05T09:30" for
 * both. read-excel-file turns the serial number into a UTC instant, rounded down to the millisecond
 * (so 09:30 may arrive as 09:29:59.999), and puts a time of day on day 0, 1899-12-30.
 */
function dateText(date: Date): string {
  const at = new Date(Math.round(date.getTime() / 1000) * 1000);
  const day = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const seconds = at.getUTCSeconds();
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ""}`;
  if (at.getTime() < Date.UTC(1899, 11, 31)) return time;
  return time === "00:00" ? day : `${day}T${time}`;
}
