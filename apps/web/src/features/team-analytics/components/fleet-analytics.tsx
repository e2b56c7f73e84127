import { failureReasonLabels, failureReasons, type TeamAnalytics } from "@routepilot/contracts";
import { ChartCard, SeriesChart, type ChartColumn } from "@/components/charts";
import { useFormat, type Formatter } from "@/lib/format";
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
function driverColumns(format: Formatter): ChartColumn<DriverRow>[] {
  const duration = (v: unknown) => hoursMinutes(Number(v), format);
  const distance = (v: unknown) => format.distance(Number(v));
  return [
    { key: "name", label: "Driver" },
    { key: "routes", label: "Routes" },
    { key: "stops", label: "Stops" },
    { key: "finished", label: "Finished stops" },
    { key: "onTimePercent", label: "On time (%)", format: (v) => percentCell(v, format) },
    { key: "late", label: "Late" },
    { key: "withoutWindow", label: "Without window" },
    { key: "plannedDurationSeconds", label: "Planned duration", format: duration, csv: (v) => Math.round(Number(v)) },
    { key: "actualDurationSeconds", label: "Actual duration", format: duration, csv: (v) => Math.round(Number(v)) },
    { key: "plannedDistanceMeters", label: "Planned distance", format: distance, csv: (v) => Math.round(Number(v)) },
    { key: "actualDistanceMeters", label: "Actual distance", format: distance, csv: (v) => Math.round(Number(v)) },
    { key: "stopsPerHour", label: "Stops per hour", format: (v) => oneDecimal(v as number | null, format) },
    { key: "failed", label: "Failed" },
  ];
}

type ReasonRow = { reason: string; failed: number };
const reasonColumns: ChartColumn<ReasonRow>[] = [
  { key: "reason", label: "Reason" },
  { key: "failed", label: "Failed stops" },
];

type VehicleRow = { name: string; routes: number; capacityPercent: number | null; shiftPercent: number | null; load: string };
function vehicleColumns(format: Formatter): ChartColumn<VehicleRow>[] {
  return [
    { key: "name", label: "Vehicle" },
    { key: "routes", label: "Routes" },
    { key: "capacityPercent", label: "Capacity used (%)", format: (v) => percentCell(v, format) },
    { key: "shiftPercent", label: "Shift used (%)", format: (v) => percentCell(v, format) },
    { key: "load", label: "Delivered / capacity" },
  ];
}

type DayRow = { date: string; dispatchedRoutes: number; done: number; failed: number; memberRoutes: number };
const dayColumns: ChartColumn<DayRow>[] = [
  { key: "date", label: "Day" },
  { key: "dispatchedRoutes", label: "Dispatched routes" },
  { key: "done", label: "Stops done" },
  { key: "failed", label: "Stops failed" },
  { key: "memberRoutes", label: "Members' routes" },
];

/** Per driver: on-time rate against windows (chart), planned vs actual, stops per hour and failures (table). */
export function DriverPerformance({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
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
          On time by driver
        </h2>
        {data.drivers.length === 0 ? (
          <p className="text-sm text-muted-foreground">The team has no drivers yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {data.drivers.map((d) => (
              <li key={d.driverUserId} className="rounded-lg border p-3">
                <p className="font-medium">{d.name}</p>
                <p className="text-2xl font-semibold tabular-nums">{percent(d.onTimeRate, format)}</p>
                <p className="text-sm text-muted-foreground">
                  {d.onTimeRate === null ? "No finished stop with a time window" : `on time: ${format.number(d.onTime)} of ${format.number(d.onTime + d.early + d.late)} stops with a window`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ChartCard
        title="Drivers: on-time rate"
        description="Finished stops whose arrival the driver app recorded inside the time window; stops without a window are counted apart. Planned vs actual covers completed routes, first arrival to last stop; distance covers the legs the app measured."
        period={data}
        rows={rows}
        columns={driverColumns(format)}
        emptyText="No drivers in this team."
      >
        <SeriesChart kind="bar" data={rows} xKey="name" series={[{ key: "onTimePercent", label: "On time (%)" }]} format={(v) => format.percent(v)} />
      </ChartCard>
    </div>
  );
}

/** Failed deliveries by the reason the driver gave. */
export function FailedByReason({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const rows: ReasonRow[] = failureReasons.filter((r) => (data.failedByReason[r] ?? 0) > 0).map((r) => ({ reason: failureReasonLabels[r], failed: data.failedByReason[r] ?? 0 }));
  return (
    <ChartCard title="Failed deliveries by reason" period={data} rows={rows} columns={reasonColumns} emptyText="No failed deliveries in this period.">
      <SeriesChart kind="bar" data={rows} xKey="reason" series={[{ key: "failed", label: "Failed stops" }]} format={(v) => format.number(v)} />
    </ChartCard>
  );
}

/** Vehicles: share of capacity delivered and of the shift driven. */
export function VehicleUtilisation({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const rows: VehicleRow[] = data.vehicles.map((v) => ({
    name: v.name,
    routes: v.routes,
    capacityPercent: asPercent(v.capacityUtilisation),
    shiftPercent: asPercent(v.shiftUtilisation),
    load: v.load.map((l) => `${format.number(l.delivered, 3)} / ${format.number(l.capacity, 3)} ${l.dimension}`).join(", "),
  }));
  return (
    <ChartCard
      title="Vehicle utilisation"
      description="Capacity: demand of the deliveries done over the vehicle's capacity on each route (the fullest dimension). Shift: time from first arrival to last stop of completed routes over the shift length."
      period={data}
      rows={rows}
      columns={vehicleColumns(format)}
      emptyText="No vehicles in this team."
    >
      <SeriesChart
        kind="bar"
        data={rows}
        xKey="name"
        series={[
          { key: "capacityPercent", label: "Capacity used (%)" },
          { key: "shiftPercent", label: "Shift used (%)" },
        ]}
        format={(v) => format.percent(v)}
      />
    </ChartCard>
  );
}

/** Per day of the team's time zone: dispatched routes, stops done and failed, members' routes. */
export function TeamByDay({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const rows: DayRow[] = data.byDay.map((d) => ({ date: d.date, dispatchedRoutes: d.dispatchedRoutes, done: d.done, failed: d.failed, memberRoutes: d.memberRoutes }));
  return (
    <ChartCard title="Per day" description={`Days in the team's time zone (${data.timezone}).`} period={data} rows={rows} columns={dayColumns}>
      <SeriesChart
        kind="line"
        data={rows}
        xKey="date"
        series={[
          { key: "dispatchedRoutes", label: "Dispatched routes" },
          { key: "done", label: "Stops done" },
          { key: "failed", label: "Stops failed" },
          { key: "memberRoutes", label: "Members' routes" },
        ]}
        format={(v) => format.number(v)}
      />
    </ChartCard>
  );
}
