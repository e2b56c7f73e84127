import { failureReasons, type FailureReason, type TeamAnalytics } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { ChartCard, SeriesChart, type ChartColumn } from "@/components/charts";
import { useFormat, type Formatter } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { asPercent, hoursMinutes, oneDecimal, percent } from "./format";

type DriverRow = {
  name: string;
  routes: number;
  stops: number;
  finished: number;
  onTimePercent: number | null;
  late: number;
  withoutWindow: number;
  plannedDurationSeconds: number;
  actualDurationSeconds: number;
  plannedDistanceMeters: number;
  actualDistanceMeters: number;
  stopsPerHour: number | null;
  failed: number;
};

/** A percentage figure (0–100, one decimal) of a table cell, "–" when there is none. */
const percentCell = (v: unknown, format: Formatter) => (v === null || v === undefined ? "–" : format.percent(Number(v), 1));

/** The drivers' table, written by `format`: distances in the user's unit (the CSV keeps metres and seconds). */
function driverColumns(format: Formatter, t: TFunction<"team-analytics">): ChartColumn<DriverRow>[] {
  const duration = (v: unknown) => hoursMinutes(Number(v), format);
  const distance = (v: unknown) => format.distance(Number(v));
  return [
    { key: "name", label: t("drivers.driver") },
    { key: "routes", label: t("routes") },
    { key: "stops", label: t("drivers.stops") },
    { key: "finished", label: t("drivers.finished") },
    { key: "onTimePercent", label: t("drivers.onTimePercent"), format: (v) => percentCell(v, format) },
    { key: "late", label: t("drivers.late") },
    { key: "withoutWindow", label: t("drivers.withoutWindow") },
    { key: "plannedDurationSeconds", label: t("drivers.plannedDuration"), format: duration, csv: (v) => Math.round(Number(v)) },
    { key: "actualDurationSeconds", label: t("drivers.actualDuration"), format: duration, csv: (v) => Math.round(Number(v)) },
    { key: "plannedDistanceMeters", label: t("drivers.plannedDistance"), format: distance, csv: (v) => Math.round(Number(v)) },
    { key: "actualDistanceMeters", label: t("drivers.actualDistance"), format: distance, csv: (v) => Math.round(Number(v)) },
    { key: "stopsPerHour", label: t("drivers.stopsPerHour"), format: (v) => oneDecimal(v as number | null, format) },
    { key: "failed", label: t("drivers.failed") },
  ];
}

type ReasonRow = { reason: string; failed: number };
const reasonColumns = (t: TFunction<"team-analytics">): ChartColumn<ReasonRow>[] => [
  { key: "reason", label: t("failed.reason") },
  { key: "failed", label: t("failed.stops") },
];

/** Why a delivery failed (the contract's reasons), as catalogue keys. */
const REASON_KEY = {
  not_home: "failureReason.not_home",
  wrong_address: "failureReason.wrong_address",
  refused: "failureReason.refused",
  damaged: "failureReason.damaged",
  other: "failureReason.other",
} as const satisfies Record<FailureReason, string>;

type VehicleRow = { name: string; routes: number; capacityPercent: number | null; shiftPercent: number | null; load: string };
function vehicleColumns(format: Formatter, t: TFunction<"team-analytics">): ChartColumn<VehicleRow>[] {
  return [
    { key: "name", label: t("vehicles.vehicle") },
    { key: "routes", label: t("routes") },
    { key: "capacityPercent", label: t("vehicles.capacity"), format: (v) => percentCell(v, format) },
    { key: "shiftPercent", label: t("vehicles.shift"), format: (v) => percentCell(v, format) },
    { key: "load", label: t("vehicles.load") },
  ];
}

type DayRow = { date: string; dispatchedRoutes: number; done: number; failed: number; memberRoutes: number };
const dayColumns = (t: TFunction<"team-analytics">): ChartColumn<DayRow>[] => [
  { key: "date", label: t("days.day") },
  { key: "dispatchedRoutes", label: t("days.dispatched") },
  { key: "done", label: t("days.done") },
  { key: "failed", label: t("days.failed") },
  { key: "memberRoutes", label: t("days.memberRoutes") },
];

/** Per driver: on-time rate against windows (chart), planned vs actual, stops per hour and failures (table). */
export function DriverPerformance({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const { t } = useTranslation("team-analytics");
  const rows: DriverRow[] = data.drivers.map((d) => ({
    name: d.name,
    routes: d.routes,
    stops: d.stops,
    finished: d.done + d.failedStops,
    onTimePercent: asPercent(d.onTimeRate),
    late: d.late,
    withoutWindow: d.withoutWindow,
    plannedDurationSeconds: d.plannedDurationSeconds,
    actualDurationSeconds: d.actualDurationSeconds,
    plannedDistanceMeters: d.plannedDistanceMeters,
    actualDistanceMeters: d.actualDistanceMeters,
    stopsPerHour: d.stopsPerHour,
    failed: d.failedStops,
  }));
  return (
    <div className="grid gap-4">
      <section aria-labelledby="on-time-heading" className="grid gap-2">
        <h2 id="on-time-heading" className="text-lg font-semibold">
          {t("drivers.onTimeTitle")}
        </h2>
        {data.drivers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("drivers.noDrivers")}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {data.drivers.map((d) => (
              <li key={d.driverUserId} className="rounded-lg border p-3">
                <p className="font-medium">{d.name}</p>
                <p className="text-2xl font-semibold tabular-nums">{percent(d.onTimeRate, format)}</p>
                <p className="text-sm text-muted-foreground">
                  {d.onTimeRate === null ? t("drivers.noWindow") : t("drivers.onTimeOf", { count: d.onTime + d.early + d.late, onTime: format.number(d.onTime), total: format.number(d.onTime + d.early + d.late) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ChartCard
        title={t("drivers.title")}
        description={t("drivers.description")}
        period={data}
        rows={rows}
        columns={driverColumns(format, t)}
        emptyText={t("drivers.empty")}
      >
        <SeriesChart kind="bar" data={rows} xKey="name" series={[{ key: "onTimePercent", label: t("drivers.onTimePercent") }]} format={(v) => format.percent(v)} />
      </ChartCard>
    </div>
  );
}

/** Failed deliveries by the reason the driver gave. */
export function FailedByReason({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const { t } = useTranslation("team-analytics");
  const rows: ReasonRow[] = failureReasons.filter((r) => (data.failedByReason[r] ?? 0) > 0).map((r) => ({ reason: t(REASON_KEY[r]), failed: data.failedByReason[r] ?? 0 }));
  return (
    <ChartCard title={t("failed.title")} period={data} rows={rows} columns={reasonColumns(t)} emptyText={t("failed.empty")}>
      <SeriesChart kind="bar" data={rows} xKey="reason" series={[{ key: "failed", label: t("failed.stops") }]} format={(v) => format.number(v)} />
    </ChartCard>
  );
}

/** Vehicles: share of capacity delivered and of the shift driven. */
export function VehicleUtilisation({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const { t } = useTranslation("team-analytics");
  const rows: VehicleRow[] = data.vehicles.map((v) => ({
    name: v.name,
    routes: v.routes,
    capacityPercent: asPercent(v.capacityUtilisation),
    shiftPercent: asPercent(v.shiftUtilisation),
    load: v.load.map((l) => `${format.number(l.delivered, 3)} / ${format.number(l.capacity, 3)} ${l.dimension}`).join(", "),
  }));
  return (
    <ChartCard
      title={t("vehicles.title")}
      description={t("vehicles.description")}
      period={data}
      rows={rows}
      columns={vehicleColumns(format, t)}
      emptyText={t("vehicles.empty")}
    >
      <SeriesChart
        kind="bar"
        data={rows}
        xKey="name"
        series={[
          { key: "capacityPercent", label: t("vehicles.capacity") },
          { key: "shiftPercent", label: t("vehicles.shift") },
        ]}
        format={(v) => format.percent(v)}
      />
    </ChartCard>
  );
}

/** Per day of the team's time zone: dispatched routes, stops done and failed, members' routes. */
export function TeamByDay({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const { t } = useTranslation("team-analytics");
  const rows: DayRow[] = data.byDay.map((d) => ({ date: d.date, dispatchedRoutes: d.dispatchedRoutes, done: d.done, failed: d.failed, memberRoutes: d.memberRoutes }));
  return (
    <ChartCard title={t("days.title")} description={t("days.description", { timezone: data.timezone })} period={data} rows={rows} columns={dayColumns(t)}>
      <SeriesChart
        kind="line"
        data={rows}
        xKey="date"
        series={[
          { key: "dispatchedRoutes", label: t("days.dispatched") },
          { key: "done", label: t("days.done") },
          { key: "failed", label: t("days.failed") },
          { key: "memberRoutes", label: t("days.memberRoutes") },
        ]}
        format={(v) => format.number(v)}
      />
    </ChartCard>
  );
}
