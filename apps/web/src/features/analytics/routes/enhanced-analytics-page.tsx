import { Link } from "react-router";
import { LineChart } from "lucide-react";
import type { TFunction } from "i18next";
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
import { useTranslation } from "@/lib/i18n";
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

type T = TFunction<"analytics">;

/** A vehicle profile in the reader's words (catalogue keys of `analytics`). */
const PROFILE_KEY = { car: "profile.car", van: "profile.van", truck: "profile.truck", bicycle: "profile.bicycle", foot: "profile.foot" } as const satisfies Record<Co2["profile"], string>;
/** Texts that name the distance unit ("g CO₂ per mile"): one key per unit. */
const GRAMS_PER_UNIT_KEY = { km: "columns.gramsPerKm", miles: "columns.gramsPerMile" } as const;
const CO2_DESCRIPTION_KEY = { km: "enhanced.co2DescriptionKm", miles: "enhanced.co2DescriptionMiles" } as const;

const cellColumns = (t: T): ChartColumn<Cell>[] => [
  { key: "lat", label: t("columns.latitude") },
  { key: "lng", label: t("columns.longitude") },
  { key: "stops", label: t("columns.stops") },
];
/** Written by `format`: distances in the user's unit (the CSV keeps metres, as the headings say); the emission factor per their unit, in the table and the CSV. */
function co2Columns(format: Formatter, t: T): ChartColumn<Co2>[] {
  const perUnit = (v: unknown) => Math.round(perDistanceUnit(Number(v), format.unit));
  return [
    { key: "profile", label: t("columns.vehicle"), format: (v) => t(PROFILE_KEY[v as Co2["profile"]]) },
    { key: "routes", label: t("columns.routes") },
    { key: "distanceMeters", label: t("columns.distanceMeters"), format: (v) => format.distance(Number(v), { signed: true }) },
    { key: "gramsPerKm", label: t(GRAMS_PER_UNIT_KEY[format.unit]), format: (v) => format.number(perUnit(v)), csv: perUnit },
    { key: "co2Kg", label: t("columns.co2Kg") },
    { key: "savedCo2Kg", label: t("columns.savedCo2Kg") },
  ];
}
function variantColumns(format: Formatter, t: T): ChartColumn<Variant>[] {
  const distance = (v: unknown) => format.distance(Number(v), { signed: true });
  return [
    { key: "name", label: t("columns.route") },
    { key: "typedDistanceMeters", label: t("columns.typedDistance"), format: distance },
    { key: "optimisedDistanceMeters", label: t("columns.optimisedDistance"), format: distance },
    { key: "typedDurationSeconds", label: t("columns.typedDuration"), format: (v) => (v === null ? "—" : duration(Number(v), format)) },
    { key: "optimisedDurationSeconds", label: t("columns.optimisedDuration"), format: (v) => duration(Number(v), format) },
  ];
}

const offer = ["offer.trends", "offer.heatmap", "offer.efficiency", "offer.co2", "offer.variants"] as const;

/** /enhanced-analytics: Premium, Enterprise and Fleet Pro (SPEC §6, badge "Pro"); others see the offer and an upgrade link. */
export function EnhancedAnalyticsPage() {
  const { t } = useTranslation("analytics");
  const me = useMe();
  const allowed = me.data?.access.enhancedAnalytics ?? false;
  const periodState = usePeriod();
  const enhanced = useAnalyticsEnhanced(periodState.period, allowed);
  if (me.isPending) return <PageContainer aria-busy="true" />;
  if (!allowed) {
    return (
      <PageContainer size="narrow">
        <PageHeader title={t("enhanced.title")} eyebrow={<Badge>Pro</Badge>} description={t("offer.description")} />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <LineChart aria-hidden="true" className="size-5" /> {t("offer.title")}
            </CardTitle>
            <CardDescription>{t("offer.upgradeHint")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul className="list-disc space-y-1 pl-5">
              {offer.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to="/pricing">{t("offer.upgrade")}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/analytics">{t("offer.openAnalytics")}</Link>
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
      <PageHeader title={t("enhanced.title")} eyebrow={<Badge>Pro</Badge>} description={t("enhanced.description")} />
      <PeriodPicker state={periodState} className="mb-6" />
      {enhanced.isError ? (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>{errorMessage(enhanced.error)}</AlertDescription>
        </Alert>
      ) : null}
      {data ? (
        <EnhancedView data={data} />
      ) : periodState.period ? (
        <Skeleton className="h-64" aria-label={t("enhanced.loading")} />
      ) : null}
    </PageContainer>
  );
}

/** "+12.5% (previous period 8)": the change against the previous period, its figure written by `figure`. */
function trendHint(trend: Trend, figure: (n: number) => string, format: Formatter, t: T): string {
  const change = trend.changePercent === null ? t("trends.noEarlier") : `${trend.changePercent > 0 ? "+" : ""}${format.percent(trend.changePercent, 3)}`;
  return t("trends.hint", { change, previous: figure(trend.previous) });
}

function EnhancedView({ data }: { data: AnalyticsEnhanced }) {
  const { t: tr } = useTranslation("analytics");
  const period = { from: data.from, to: data.to };
  const format = useFormat();
  const count = (n: number) => format.number(n);
  const time = (seconds: number) => duration(seconds, format);
  const t = data.trends;
  const e = data.efficiency;
  const { symbol } = distanceUnitLabels[format.unit];
  const hint = (trend: Trend, figure: (n: number) => string) => trendHint(trend, figure, format, tr);
  // A saving can be negative (the optimised order longer than the typed one): it keeps its sign.
  const distance = (meters: number) => format.distance(meters, { signed: true });
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {tr("enhanced.period", { from: data.from, to: data.to, previousFrom: data.previous.from, previousTo: data.previous.to, timezone: data.timezone })}
      </p>
      <section aria-labelledby="trends-title" className="grid gap-3">
        <h2 id="trends-title" className="text-xl font-semibold">
          {tr("trends.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <StatTile label={tr("tiles.routes")} value={count(t.routes.current)} hint={hint(t.routes, count)} />
          <StatTile label={tr("tiles.stops")} value={count(t.stops.current)} hint={hint(t.stops, count)} />
          <StatTile label={tr("tiles.distance")} value={distance(t.distanceMeters.current)} hint={hint(t.distanceMeters, distance)} />
          <StatTile label={tr("tiles.drivingTime")} value={time(t.durationSeconds.current)} hint={hint(t.durationSeconds, time)} />
          <StatTile label={tr("tiles.distanceSaved")} value={distance(t.savedDistanceMeters.current)} hint={hint(t.savedDistanceMeters, distance)} />
          <StatTile label={tr("tiles.timeSaved")} value={time(t.savedDurationSeconds.current)} hint={hint(t.savedDurationSeconds, time)} />
        </dl>
      </section>
      <section aria-labelledby="efficiency-title" className="grid gap-3">
        <h2 id="efficiency-title" className="text-xl font-semibold">
          {tr("efficiency.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <StatTile label={tr("efficiency.distancePerStop")} value={e.distancePerStopMeters === null ? "—" : distance(e.distancePerStopMeters)} />
          <StatTile label={tr("efficiency.waiting")} value={time(e.waitingSeconds)} />
          <StatTile
            label={tr("efficiency.atStops")}
            value={time(e.serviceSeconds)}
            hint={e.serviceShare === null ? undefined : tr("efficiency.share", { percent: format.percent(e.serviceShare * 100, 0) })}
          />
        </dl>
      </section>
      <section aria-labelledby="heatmap-title" className="grid gap-3">
        <h2 id="heatmap-title" className="text-xl font-semibold">
          {tr("heatmap.title")}
        </h2>
        {data.heatmap.cells.length > 0 ? <StopHeatmap cells={data.heatmap.cells} /> : null}
        <ChartCard
          title={tr("heatmap.perArea")}
          description={tr(data.heatmap.truncated ? "heatmap.cellsTruncated" : "heatmap.cells", {
            degrees: format.number(data.heatmap.cellDegrees, 6),
            size: format.distance(data.heatmap.cellDegrees * METERS_PER_DEGREE_LATITUDE),
          })}
          period={period}
          rows={data.heatmap.cells}
          columns={cellColumns(tr)}
          emptyText={tr("heatmap.empty")}
        >
          <SeriesChart
            kind="bar"
            data={data.heatmap.cells.slice(0, 20).map((c) => ({ ...c, area: `${c.lat}, ${c.lng}` }))}
            xKey="area"
            format={count}
            series={[{ key: "stops", label: tr("columns.stops") }]}
          />
        </ChartCard>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title={tr("enhanced.co2Title")}
          description={tr(CO2_DESCRIPTION_KEY[format.unit])}
          period={period}
          rows={data.co2}
          columns={co2Columns(format, tr)}
        >
          <SeriesChart
            kind="bar"
            data={data.co2.map((c) => ({ ...c, name: tr(PROFILE_KEY[c.profile]) }))}
            xKey="name"
            series={[
              { key: "co2Kg", label: tr("columns.co2Kg") },
              { key: "savedCo2Kg", label: tr("enhanced.savedKg") },
            ]}
            format={(v) => format.number(v, 1)}
          />
        </ChartCard>
        <ChartCard
          title={tr("enhanced.variantsTitle")}
          description={tr("enhanced.variantsDescription")}
          period={period}
          rows={data.variants}
          columns={variantColumns(format, tr)}
          emptyText={tr("enhanced.variantsEmpty")}
        >
          <SeriesChart
            kind="bar"
            data={data.variants.map((v) => ({ name: v.name, typed: format.distanceValue(v.typedDistanceMeters), optimised: format.distanceValue(v.optimisedDistanceMeters) }))}
            xKey="name"
            series={[
              { key: "typed", label: tr("enhanced.typedUnit", { unit: symbol }) },
              { key: "optimised", label: tr("enhanced.optimisedUnit", { unit: symbol }) },
            ]}
            format={(v) => format.number(v, 1)}
          />
        </ChartCard>
      </div>
    </div>
  );
}
