import { Link } from "react-router";
import type { AnalyticsSummary } from "@routepilot/contracts";
import { ChartCard, PeriodPicker, SeriesChart, usePeriod, type ChartColumn } from "@/components/charts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { distanceUnitLabels } from "@/lib/format-distance";
import { useAnalyticsSummary } from "../api/get-analytics";
import { duration, hourLabel, monthLabel, weekdayNames } from "../components/format";
import { StatTile } from "../components/stat-tile";

type Month = AnalyticsSummary["byMonth"][number];
type Weekday = AnalyticsSummary["byWeekday"][number] & { day: string };
type Hour = AnalyticsSummary["byHour"][number] & { time: string };
type Place = AnalyticsSummary["topPlaces"][number];
type UsageMonth = AnalyticsSummary["usage"]["byMonth"][number] & { limit: number };

/** The months' table, written by `format`: distances in the user's unit, a saving keeping its sign (the CSV keeps metres, as its headings say). */
function monthColumns(format: Formatter): ChartColumn<Month>[] {
  const distance = (v: unknown) => format.distance(Number(v), { signed: true });
  return [
    { key: "month", label: "Month", format: (v) => monthLabel(String(v), format) },
    { key: "routes", label: "Routes" },
    { key: "stops", label: "Stops" },
    { key: "distanceMeters", label: "Distance (m)", format: distance },
    { key: "durationSeconds", label: "Driving time (s)", format: (v) => duration(Number(v), format) },
    { key: "savedDistanceMeters", label: "Distance saved (m)", format: distance },
    { key: "savedDurationSeconds", label: "Time saved (s)", format: (v) => duration(Number(v), format) },
  ];
}
const weekdayColumns: ChartColumn<Weekday>[] = [
  { key: "day", label: "Weekday" },
  { key: "routes", label: "Routes" },
  { key: "stops", label: "Stops" },
];
const hourColumns: ChartColumn<Hour>[] = [
  { key: "time", label: "Hour" },
  { key: "routes", label: "Routes" },
  { key: "stops", label: "Stops" },
];
const placeColumns: ChartColumn<Place>[] = [
  { key: "label", label: "Place" },
  { key: "address", label: "Address", format: (v) => (v ? String(v) : "—") },
  { key: "visits", label: "Visits" },
];
function usageColumns(format: Formatter): ChartColumn<UsageMonth>[] {
  return [
    { key: "month", label: "Month", format: (v) => monthLabel(String(v), format) },
    { key: "routesUsed", label: "Routes used" },
    { key: "limit", label: "Monthly limit" },
    { key: "overageRoutes", label: "Routes over the limit" },
    { key: "overagePence", label: "Overage (pence)", format: (v) => format.money(Number(v)) },
  ];
}

/** /analytics: what the signed-in user's routes were, and what optimising saved them, over a period. */
export function AnalyticsPage() {
  const periodState = usePeriod();
  const { period } = periodState;
  const summary = useAnalyticsSummary(period);
  const data = summary.data;

  return (
    <PageContainer size="wide">
      <PageHeader title="Analytics" description="Your routes, stops and distance over time, and what optimising saved you against the order you typed." />
      <PeriodPicker state={periodState} className="mb-6" />
      {summary.isError ? (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>{errorMessage(summary.error)}</AlertDescription>
        </Alert>
      ) : null}
      {!data ? (
        period ? (
          <div className="grid gap-4 sm:grid-cols-3" aria-busy="true" aria-label="Loading analytics">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : null
      ) : (
        <SummaryView data={data} period={period ?? data} />
      )}
    </PageContainer>
  );
}

function SummaryView({ data, period }: { data: AnalyticsSummary; period: { from: string; to: string } }) {
  const format = useFormat();
  const weekdays: Weekday[] = data.byWeekday.map((d) => ({ ...d, day: weekdayNames[d.weekday - 1]! }));
  const hours: Hour[] = data.byHour.map((h) => ({ ...h, time: hourLabel(h.hour, format) }));
  const usage: UsageMonth[] = data.usage.byMonth.map((m) => ({ ...m, limit: data.usage.monthlyLimit }));
  const { symbol, plural } = distanceUnitLabels[format.unit];
  // A saving can be negative (the optimised order longer than the typed one): it keeps its sign.
  const distance = (meters: number) => format.distance(meters, { signed: true });
  const months = monthColumns(format);
  const month = (m: string) => monthLabel(m, format);
  const count = (n: number) => format.number(n);
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {data.from} to {data.to}, days and hours in your time zone ({data.timezone}).
      </p>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <StatTile label="Routes" value={count(data.routes)} />
        <StatTile label="Stops" value={count(data.stops)} hint="Destinations; start and end not counted" />
        <StatTile label="Distance" value={distance(data.distanceMeters)} />
        <StatTile label="Driving time" value={duration(data.durationSeconds, format)} />
        <StatTile label="Distance saved" value={distance(data.savedDistanceMeters)} hint="Against the order you typed" />
        <StatTile label="Time saved" value={duration(data.savedDurationSeconds, format)} hint="Against the order you typed" />
      </dl>
      {data.routes === 0 ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 p-6">
            <p>No routes in this period yet. Plan one and its figures show up here.</p>
            <Button asChild>
              <Link to="/">Plan a route</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title="Routes and stops per month" period={period} rows={data.byMonth} columns={months}>
          <SeriesChart kind="bar" data={data.byMonth} xKey="month" formatX={month} format={count} series={[{ key: "routes", label: "Routes" }, { key: "stops", label: "Stops" }]} />
        </ChartCard>
        <ChartCard title="Distance saved per month" description={`${plural} saved against the order you typed`} period={period} rows={data.byMonth} columns={months}>
          <SeriesChart
            kind="bar"
            data={data.byMonth.map((m) => ({ month: m.month, driven: format.distanceValue(m.distanceMeters), saved: format.distanceValue(m.savedDistanceMeters) }))}
            xKey="month"
            formatX={month}
            format={(v) => format.number(v, 1)}
            series={[
              { key: "driven", label: `Driven (${symbol})` },
              { key: "saved", label: `Saved (${symbol})` },
            ]}
          />
        </ChartCard>
        <ChartCard title="Routes per weekday" period={period} rows={weekdays} columns={weekdayColumns}>
          <SeriesChart kind="bar" data={weekdays} xKey="day" formatX={(d) => d.slice(0, 3)} format={count} series={[{ key: "routes", label: "Routes" }]} />
        </ChartCard>
        <ChartCard title="Routes per hour" description="The hour you planned them" period={period} rows={hours} columns={hourColumns}>
          <SeriesChart kind="bar" data={hours} xKey="time" format={count} series={[{ key: "routes", label: "Routes" }]} />
        </ChartCard>
        <ChartCard title="Plan usage per month" description={`Routes counted against your ${count(data.usage.monthlyLimit)}-route monthly limit`} period={period} rows={usage} columns={usageColumns(format)}>
          <SeriesChart
            kind="line"
            data={usage}
            xKey="month"
            formatX={month}
            format={count}
            series={[
              { key: "routesUsed", label: "Routes used" },
              { key: "limit", label: "Monthly limit" },
            ]}
          />
        </ChartCard>
        <Card>
          <CardContent className="grid gap-3 p-6">
            <h3 className="text-base font-semibold">Plan usage</h3>
            <p>
              Current usage period: {count(data.usage.routesUsed)} of {count(data.usage.monthlyLimit)} routes used.
            </p>
            <p>
              Overage in the selected period: <strong>{format.money(data.usage.overagePence)}</strong>
            </p>
            <Link to="/subscription" className="text-sm text-primary underline underline-offset-4">
              Manage your plan
            </Link>
          </CardContent>
        </Card>
      </div>
      <TopPlaces places={data.topPlaces} period={period} />
    </div>
  );
}

function TopPlaces({ places, period }: { places: Place[]; period: { from: string; to: string } }) {
  const format = useFormat();
  return (
    <ChartCard title="Most visited places" description="Your destinations, by the number of stops there" period={period} rows={places} columns={placeColumns}>
      <SeriesChart kind="bar" data={places} xKey="label" format={(v) => format.number(v)} series={[{ key: "visits", label: "Visits" }]} />
    </ChartCard>
  );
}
