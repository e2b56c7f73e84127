/** A table column shared by the chart's table view and its CSV download. */
export type ChartColumn<T> = {
  key: keyof T & string;
  label: string;
  /** How the table shows the value (defaults to String(value), numbers with thousands separators). */
  format?: (value: T[keyof T & string], row: T) => string;
  /** What the CSV holds (defaults to the raw value, so spreadsheets get numbers, not formatted text). */
  csv?: (value: T[keyof T & string], row: T) => string | number;
};

/** RFC 4180 field: quoted when it holds a comma, a double quote, CR or LF; inner quotes doubled. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV: a header row of labels, one record per row, CRLF line breaks. */
export function toCsv<T>(columns: ChartColumn<T>[], rows: T[]): string {
  const header = columns.map((c) => csvField(c.label)).join(",");
  const records = rows.map((row) => columns.map((c) => csvField(c.csv ? c.csv(row[c.key], row) : row[c.key])).join(","));
  return [header, ...records].join("\r\n") + "\r\n";
}

/** "Stops per month" + 2025-01-01…2025-03-31 → "stops-per-month_2025-01-01_2025-03-31.csv". */
export function csvFileName(title: string, period?: { from: string; to: string }): string {
  const slug =
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "chart";
  return `${slug}${period ? `_${period.from}_${period.to}` : ""}.csv`;
}
