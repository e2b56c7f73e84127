export { ChartCard, SeriesChart, type ChartCardProps, type Series, type SeriesChartProps } from "./chart-card";
export { chartColor, chartColors, chartTheme } from "./chart-theme";
export { csvField, csvFileName, toCsv, type ChartColumn } from "./csv";
export { localToday, periodErrors, periodPresets, presetPeriod, usePeriod, type Period, type PeriodPreset, type PeriodState } from "./period";
export { PeriodPicker } from "./period-picker";
