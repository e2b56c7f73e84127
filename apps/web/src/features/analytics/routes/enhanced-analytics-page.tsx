import { Link } from "react-router";
import { LineChart } from "lucide-react";
import type { AnalyticsEnhanced } from "@routepilot/contracts";
import { ChartCard, PeriodPicker, SeriesChart, usePeriod, type ChartColumn } from "@/components/charts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useFormat, type Formatter } from "@/lib/format";
import { distanceUnitLabels, perDistanceUnit } from "@/lib/format-distance";
import { useAnalyticsEnhanced } from "../api/get-analytics";
import { duration } from "../components/format";
import { StatTile } from "../components/stat-tile";
import { StopHeatmap } from "../components/stop-heatmap";

type Cell = AnalyticsEnhanced["heatmap"]["cells"][number];
type Co2 = AnalyticsEnhanced["co2"][number];
type Variant = AnalyticsEnhanced["variants"][number];
type Trend = AnalyticsEnhanced["trends"]["routes"];

/** A degree of latitude on the ground, for the heat map cells' size. */
const METERS_PER_DEGREE_LATITUDE = 111_320;

const profileNames: Record<Co2["profile"], string> = { car: "Car", van: "Van", truck: "Truck", bicycle: "Bicycle", foot: "On foot" };

const cellColumns: ChartColumn<Cell>[] = [
  { key: "lat", label: "Latitude" },
  { key: "lng", label: "Longitude" },
  { key: "stops", label: "Stops" },
];
/** Written by `format`: distances in the user's unit (the CSV keeps metres, as the headings say); the emission factor per their unit, in the table and the CSV. */
function co2Columns(format: Formatter): ChartColumn<Co2>[] {
  const perUnit = (v: unknown) => Math.round(perDistanceUnit(Number(v), format.unit));
  return [
    { key: "profile", label: "Vehicle", format: (v) => profileNames[v as Co2["profile"]] },
    { key: "routes", label: "Routes" },
    { key: "distanceMeters", label: "Distance (m)", format: (v) => format.distance(Number(v), { signed: true }) },
    { key: "gramsPerKm", label: `g CO₂ per ${distanceUnitLabels[format.unit].one}`, format: (v) => format.number(perUnit(v)), csv: perUnit },
    { key: "co2Kg", label: "CO₂ (kg)" },
    { key: "savedCo2Kg", label: "CO₂ saved (kg)" },
  ];
}
function variantColumns(format: Formatter): ChartColumn<Variant>[] {
  const distance = (v: unknown) => format.distance(Number(v), { signed: true });
  return [
    { key: "name", label: "Route" },
    { key: "typedDistanceMeters", label: "Typed order (m)", format: distance },
    { key: "optimisedDistanceMeters", label: "Optimised (m)", format: distance },
    { key: "typedDurationSeconds", label: "Typed order (s)", format: (v) => (v === null ? "—" : duration(Number(v), format)) },
    { key: "optimisedDurationSeconds", label: "Optimised (s)", format: (v) => duration(Number(v), format) },
  ];
}

const offer = [
  "Trends: every figure against the previous period of the same length",
  "A heat map of where your stops are",
  "Route efficiency: distance per stop, waiting time and the share of time spent at stops",
  "A CO₂ estimate per vehicle profile, and the CO₂ optimising saved",
  "Optimised against typed order, route by route",
];

/** /enhanced-analytics: Premium, Enterprise and Fleet Pro (SPEC §6, badge "Pro"); others see the offer and an upgrade link. */
export function EnhancedAnalyticsPage() {
  const me = useMe();
  const allowed = me.data?.access.enhancedAnalytics ?? false;
  const periodState = usePeriod();
  const enhanced = useAnalyticsEnhanced(periodState.period, allowed);
  if (me.isPending) return <PageContainer aria-busy="true" />;
  if (!allowed) {
    return (
      <PageContainer size="narrow">
        <PageHeader title="Enhanced Analytics" eyebrow={<Badge>Pro</Badge>} description="Deeper figures on your routes, part of the Premium, Enterprise and Fleet Pro plans." />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <LineChart aria-hidden="true" className="size-5" /> What Enhanced Analytics shows
            </CardTitle>
            <CardDescription>Your current plan includes the Analytics page; upgrade to see these too.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul className="list-disc space-y-1 pl-5">
              {offer.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to="/pricing">See plans and upgrade</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/analytics">Open Analytics</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </PageContainer>
    );
  }

  const data = enhanced.data;
  return (
    <PageContainer size="wide">
      <PageHeader title="Enhanced Analytics" eyebrow={<Badge>Pro</Badge>} description="Trends, where your stops are, how efficient your routes are and their CO₂ estimate." />
      <PeriodPicker state={periodState} className="mb-6" />
      {enhanced.isError ? (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>{errorMessage(enhanced.error)}</AlertDescription>
        </Alert>
      ) : null}
      {data ? (
        <EnhancedView data={data} />
      ) : periodState.period ? (
        <Skeleton className="h-64" aria-label="Loading enhanced analytics" />
      ) : null}
    </PageContainer>
  );
}

/** "+12.5% (previous period 8)": the change against the previous period, its figure written by `figure`. */
function trendHint(trend: Trend, figure: (n: number) => string, format: Formatter): string {
  const change = trend.changePercent === null ? "no earlier figure" : `${trend.changePercent > 0 ? "+" : ""}${format.percent(trend.changePercent, 3)}`;
  return `${change} (previous period ${figure(trend.previous)})`;
}

function EnhancedView({ data }: { data: AnalyticsEnhanced }) {
  const period = { from: data.from, to: data.to };
  const format = useFormat();
  const count = (n: number) => format.number(n);
  const time = (seconds: number) => duration(seconds, format);
  const t = data.trends;
  const e = data.efficiency;
  const { symbol, one } = distanceUnitLabels[format.unit];
  // A saving can be negative (the optimised order longer than the typed one): it keeps its sign.
  const distance = (meters: number) => format.distance(meters, { signed: true });
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {data.from} to {data.to}, compared with {data.previous.from} to {data.previous.to} ({data.timezone}).
      </p>
      <section aria-labelledby="trends-title" className="grid gap-3">
        <h2 id="trends-title" className="text-xl font-semibold">
          Trends
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <StatTile label="Routes" value={count(t.routes.current)} hint={trendHint(t.routes, count, format)} />
          <StatTile label="Stops" value={count(t.stops.current)} hint={trendHint(t.stops, count, format)} />
          <StatTile label="Distance" value={distance(t.distanceMeters.current)} hint={trendHint(t.distanceMeters, distance, format)} />
          <StatTile label="Driving time" value={time(t.durationSeconds.current)} hint={trendHint(t.durationSeconds, time, format)} />
          <StatTile label="Distance saved" value={distance(t.savedDistanceMeters.current)} hint={trendHint(t.savedDistanceMeters, distance, format)} />
          <StatTile label="Time saved" value={time(t.savedDurationSeconds.current)} hint={trendHint(t.savedDurationSeconds, time, format)} />
        </dl>
      </section>
      <section aria-labelledby="efficiency-title" className="grid gap-3">
        <h2 id="efficiency-title" className="text-xl font-semibold">
          Route efficiency
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <StatTile label="Distance per stop" value={e.distancePerStopMeters === null ? "—" : distance(e.distancePerStopMeters)} />
          <StatTile label="Waiting for time windows" value={time(e.waitingSeconds)} />
          <StatTile label="Time at stops" value={time(e.serviceSeconds)} hint={e.serviceShare === null ? undefined : `${format.percent(e.serviceShare * 100, 0)} of driving and stop time`} />
        </dl>
      </section>
      <section aria-labelledby="heatmap-title" className="grid gap-3">
        <h2 id="heatmap-title" className="text-xl font-semibold">
          Where your stops are
        </h2>
        {data.heatmap.cells.length > 0 ? <StopHeatmap cells={data.heatmap.cells} /> : null}
        <ChartCard
          title="Stops per area"
          description={`Stops counted in cells of ${format.number(data.heatmap.cellDegrees, 6)}° (about ${format.distance(data.heatmap.cellDegrees * METERS_PER_DEGREE_LATITUDE)})${data.heatmap.truncated ? "; the busiest areas only" : ""}`}
          period={period}
          rows={data.heatmap.cells}
          columns={cellColumns}
          emptyText="No stops in this period."
        >
          <SeriesChart kind="bar" data={data.heatmap.cells.slice(0, 20).map((c) => ({ ...c, area: `${c.lat}, ${c.lng}` }))} xKey="area" format={count} series={[{ key: "stops", label: "Stops" }]} />
        </ChartCard>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="CO₂ estimate per vehicle"
          description={`Tailpipe CO₂e per ${one} from the UK government's 2023 conversion factors`}
          period={period}
          rows={data.co2}
          columns={co2Columns(format)}
        >
          <SeriesChart
            kind="bar"
            data={data.co2.map((c) => ({ ...c, name: profileNames[c.profile] }))}
            xKey="name"
            series={[
              { key: "co2Kg", label: "CO₂ (kg)" },
              { key: "savedCo2Kg", label: "Saved (kg)" },
            ]}
            format={(v) => format.number(v, 1)}
          />
        </ChartCard>
        <ChartCard title="Optimised against typed order" description="The routes where optimising saved most" period={period} rows={data.variants} columns={variantColumns(format)} emptyText="No route in this period has a known typed order.">
          <SeriesChart
            kind="bar"
            data={data.variants.map((v) => ({ name: v.name, typed: format.distanceValue(v.typedDistanceMeters), optimised: format.distanceValue(v.optimisedDistanceMeters) }))}
            xKey="name"
            series={[
              { key: "typed", label: `Typed order (${symbol})` },
              { key: "optimised", label: `Optimised (${symbol})` },
            ]}
            format={(v) => format.number(v, 1)}
          />
        </ChartCard>
      </div>
    </div>
  );
}
