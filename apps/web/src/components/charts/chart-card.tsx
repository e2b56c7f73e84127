import { useId, useState, type ReactElement, type ReactNode } from "react";
import { Download, Table2, BarChart3 } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat, type Formatter } from "@/lib/format";
import { cn } from "@/lib/utils";
import { chartColor, chartTheme } from "./chart-theme";
import { downloadText } from "@/lib/download";
import { csvFileName, toCsv, type ChartColumn } from "./csv";
import { useTranslation } from "@/lib/i18n";

export type ChartCardProps<T> = {
  title: string;
  description?: ReactNode;
  /** The period shown; it names the CSV file. */
  period?: { from: string; to: string } | undefined;
  /** The data, once: the chart, the table and the CSV all show these rows. */
  rows: T[];
  columns: ChartColumn<T>[];
  /** A Recharts chart element (BarChart, LineChart…); it is wrapped in a ResponsiveContainer. */
  children: ReactElement;
  /** Chart height in pixels (the width follows the card, down to 375 px screens). */
  height?: number;
  /** Shown instead of the chart when there are no rows. */
  emptyText?: string;
  className?: string;
};

/** A cell of the table view: the column's own format, else numbers in the reader's language (up to three decimals). */
function display<T>(column: ChartColumn<T>, row: T, format: Formatter): string {
  const value = row[column.key];
  if (column.format) return column.format(value, row);
  if (typeof value === "number") return format.number(value, 3);
  return value === null || value === undefined ? "" : String(value);
}

/**
 * A chart in a card with a "Show as table" toggle (an accessible <table> of the same rows, for
 * screen readers and for reading exact numbers) and a "Download CSV" button (RFC 4180).
 */
export function ChartCard<T>({ title, description, period, rows, columns, children, height = 260, emptyText, className }: ChartCardProps<T>) {
  const { t } = useTranslation("ui");
  const [asTable, setAsTable] = useState(false);
  const format = useFormat();
  const titleId = useId();
  const empty = rows.length === 0;
  return (
    <Card className={cn("min-w-0", className)} aria-labelledby={titleId} role="region">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={titleId} as="h3" className="text-base">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)} disabled={empty}>
            {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
            {asTable ? t("chart.showChart") : t("chart.showTable")}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={empty} onClick={() => downloadText(csvFileName(title, period), toCsv(columns, rows), "text/csv;charset=utf-8")}>
            <Download aria-hidden="true" />
            {t("chart.downloadCsv")}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{emptyText ?? t("chart.empty")}</p>
        ) : asTable ? (
          // Focusable and named so keyboard users can scroll it (axe: scrollable-region-focusable).
          <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`${title} (table)`}>
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b">
                  {columns.map((c, i) => (
                    <th key={c.key} scope="col" className={cn("px-2 py-1.5 font-medium", i === 0 ? "text-left" : "text-right")}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={r} className="border-b last:border-0">
                    {columns.map((c, i) =>
                      i === 0 ? (
                        <th key={c.key} scope="row" className="px-2 py-1.5 text-left font-normal">
                          {display(c, row, format)}
                        </th>
                      ) : (
                        <td key={c.key} className="px-2 py-1.5 text-right tabular-nums">
                          {display(c, row, format)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          // The SVG is decorative for assistive technology: the table view carries the same numbers.
          <div role="img" aria-label={`${title} chart; use "Show as table" for the numbers`} style={{ height }} className="w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%" minWidth={0}>
              {children}
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export type Series<T> = { key: keyof T & string; label: string; color?: string };

export type SeriesChartProps<T> = {
  kind: "bar" | "line";
  data: T[];
  /** The category axis (month, weekday…). */
  xKey: keyof T & string;
  series: Series<T>[];
  /** Axis and tooltip number format. */
  format?: (value: number) => string;
  /** Bars side by side (false) or stacked (true). */
  stacked?: boolean;
  /** Category label format (e.g. "2025-01" → "Jan 25"). */
  formatX?: (value: string) => string;
};

/** A bar or line chart of one or more series in theme colours; pass it as ChartCard's child. */
export function SeriesChart<T>({ kind, data, xKey, series, format, stacked = false, formatX }: SeriesChartProps<T>) {
  // Recharts types keys against its own row type; the props above already tie them to T.
  const rows = data as unknown as Array<Record<string, unknown>>;
  const common = (
    <>
      <CartesianGrid vertical={false} {...chartTheme.grid} />
      <XAxis dataKey={xKey as string} {...chartTheme.axis} tickFormatter={formatX} minTickGap={8} />
      <YAxis {...chartTheme.axis} width={48} tickFormatter={format} allowDecimals={false} />
      <Tooltip {...chartTheme.tooltip} formatter={format ? (v) => format(Number(v)) : undefined} labelFormatter={formatX ? (l) => formatX(String(l)) : undefined} />
      {series.length > 1 ? <Legend {...chartTheme.legend} /> : null}
    </>
  );
  if (kind === "line") {
    return (
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {common}
        {series.map((s, i) => (
          <Line key={s.key} type="monotone" dataKey={s.key as string} name={s.label} stroke={s.color ?? chartColor(i)} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    );
  }
  return (
    <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      {common}
      {series.map((s, i) => (
        <Bar key={s.key} dataKey={s.key as string} name={s.label} fill={s.color ?? chartColor(i)} radius={[3, 3, 0, 0]} stackId={stacked ? "stack" : undefined} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}
