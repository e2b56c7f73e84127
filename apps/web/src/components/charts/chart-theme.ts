/**
 * Chart colours come from the theme's CSS variables (apps/web/src/index.css), so the same chart
 * is readable in light and dark mode without knowing which one is on.
 */
export const chartColors = ["var(--primary)", "var(--success)", "var(--destructive)", "var(--muted-foreground)", "var(--ring)"] as const;

/** The n-th series colour (wraps around). */
export function chartColor(index: number): string {
  return chartColors[index % chartColors.length]!;
}

/** Axis, grid and tooltip props for Recharts in theme colours. */
export const chartTheme = {
  axis: { stroke: "var(--muted-foreground)", tick: { fill: "var(--muted-foreground)", fontSize: 12 }, tickLine: false },
  grid: { stroke: "var(--border)", strokeDasharray: "3 3" },
  tooltip: {
    contentStyle: { background: "var(--popover)", color: "var(--popover-foreground)", border: "1px solid var(--border)", borderRadius: 8 },
    labelStyle: { color: "var(--popover-foreground)" },
    itemStyle: { color: "var(--popover-foreground)" },
    cursor: { fill: "var(--muted)", opacity: 0.5 },
  },
  legend: { wrapperStyle: { color: "var(--foreground)", fontSize: 12 } },
} as const;
