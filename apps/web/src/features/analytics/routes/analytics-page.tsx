import { Link } from "react-router";
import type { TFunction } from "i18next";
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
import { Trans, useTranslation } from "@/lib/i18n";
import { useAnalyticsSummary } from "../api/get-analytics";
import { duration, hourLabel, monthLabel, weekdayKeys } from "../components/format";
import { StatTile } from "../components/stat-tile";

type Month = AnalyticsSummary["byMonth"][number];
type Weekday = AnalyticsSummary["byWeekday"][number] & { day: string };
type Hour = AnalyticsSummary["byHour"][number] & { time: string };
type Place = AnalyticsSummary["topPlaces"][number];
type UsageMonth = AnalyticsSummary["usage"]["byMonth"][number] & { limit: number };

/** The months' table, written by `format`: distances in the user's unit, a saving keeping its sign (the CSV keeps metres, as its headings say). */
type T = TFunction<"analytics">;

/** The months' table, written by `format`: distances in the user's unit, a saving keeping its sign (the CSV keeps metres, as its headings say). */
function monthColumns(format: Formatter, t: T): ChartColumn<Month>[] {
  const distance = (v: unknown) => format.distance(Number(v), { signed: true });
  return [
    { key: "month", label: t("columns.month"), format: (v) => monthLabel(String(v), format) },
    { key: "routes", label: t("columns.routes") },
    { key: "stops", label: t("columns.stops") },
    { key: "distanceMeters", label: t("columns.distanceMeters"), format: distance },
    { key: "durationSeconds", label: t("columns.durationSeconds"), format: (v) => duration(Number(v), format) },
    { key: "savedDistanceMeters", label: t("columns.savedDistanceMeters"), format: distance },
    { key: "savedDurationSeconds", label: t("columns.savedDurationSeconds"), format: (v) => duration(Number(v), format) },
  ];
}
const weekdayColumns = (t: T): ChartColumn<Weekday>[] => [
  { key: "day", label: t("columns.weekday") },
  { key: "routes", label: t("columns.routes") },
  { key: "stops", label: t("columns.stops") },
];
const hourColumns = (t: T): ChartColumn<Hour>[] => [
  { key: "time", label: t("columns.hour") },
  { key: "routes", label: t("columns.routes") },
  { key: "stops", label: t("columns.stops") },
];
const placeColumns = (t: T): ChartColumn<Place>[] => [
  { key: "label", label: t("columns.place") },
  { key: "address", label: t("columns.address"), format: (v) => (v ? String(v) : "—") },
  { key: "visits", label: t("columns.visits") },
];
function usageColumns(format: Formatter, t: T): ChartColumn<UsageMonth>[] {
  return [
    { key: "month", label: t("columns.month"), format: (v) => monthLabel(String(v), format) },
    { key: "routesUsed", label: t("columns.routesUsed") },
    { key: "limit", label: t("columns.monthlyLimit") },
    { key: "overageRoutes", label: t("columns.overageRoutes") },
    { key: "overagePence", label: t("columns.overagePence"), format: (v) => format.money(Number(v)) },
  ];
}

/** "Kilometres saved against the order you typed", "Miles …": the unit is part of the sentence. */
const SAVED_DESCRIPTION_KEY = { km: "summary.savedPerMonthDescriptionKm", miles: "summary.savedPerMonthDescriptionMiles" } as const;

/** /analytics: what the signed-in user's routes were, and what optimising saved them, over a period. */
export function AnalyticsPage() {
  const { t } = useTranslation("analytics");
  const periodState = usePeriod();
  const { period } = periodState;
  const summary = useAnalyticsSummary(period);
  const data = summary.data;

  return (
    <PageContainer size="wide">
      <PageHeader title={t("summary.title")} description={t("summary.description")} />
      <PeriodPicker state={periodState} className="mb-6" />
      {summary.isError ? (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>{errorMessage(summary.error)}</AlertDescription>
        </Alert>
      ) : null}
      {!data ? (
        period ? (
          <div className="grid gap-4 sm:grid-cols-3" aria-busy="true" aria-label={t("summary.loading")}>
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
  const { t } = useTranslation("analytics");
  const format = useFormat();
  const weekdays: Weekday[] = data.byWeekday.map((d) => ({ ...d, day: t(weekdayKeys[d.weekday - 1]!.long) }));
  /** The axis shows a weekday's short name ("Mon"), the table its full one. */
  const shortNames = new Map(weekdayKeys.map((k): [string, string] => [t(k.long), t(k.short)]));
  const shortWeekday = (day: string) => shortNames.get(day) ?? day;
  const hours: Hour[] = data.byHour.map((h) => ({ ...h, time: hourLabel(h.hour, format) }));
  const usage: UsageMonth[] = data.usage.byMonth.map((m) => ({ ...m, limit: data.usage.monthlyLimit }));
  const { symbol } = distanceUnitLabels[format.unit];
  // A saving can be negative (the optimised order longer than the typed one): it keeps its sign.
  const distance = (meters: number) => format.distance(meters, { signed: true });
  const months = monthColumns(format, t);
  const month = (m: string) => monthLabel(m, format);
  const count = (n: number) => format.number(n);
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {t("summary.period", { from: data.from, to: data.to, timezone: data.timezone })}
      </p>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <StatTile label={t("tiles.routes")} value={count(data.routes)} />
        <StatTile label={t("tiles.stops")} value={count(data.stops)} hint={t("tiles.stopsHint")} />
        <StatTile label={t("tiles.distance")} value={distance(data.distanceMeters)} />
        <StatTile label={t("tiles.drivingTime")} value={duration(data.durationSeconds, format)} />
        <StatTile label={t("tiles.distanceSaved")} value={distance(data.savedDistanceMeters)} hint={t("tiles.againstTyped")} />
        <StatTile label={t("tiles.timeSaved")} value={duration(data.savedDurationSeconds, format)} hint={t("tiles.againstTyped")} />
      </dl>
      {data.routes === 0 ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 p-6">
            <p>{t("summary.empty")}</p>
            <Button asChild>
              <Link to="/">{t("summary.planRoute")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title={t("summary.perMonth")} period={period} rows={data.byMonth} columns={months}>
          <SeriesChart
            kind="bar"
            data={data.byMonth}
            xKey="month"
            formatX={month}
            format={count}
            series={[
              { key: "routes", label: t("columns.routes") },
              { key: "stops", label: t("columns.stops") },
            ]}
          />
        </ChartCard>
        <ChartCard title={t("summary.savedPerMonth")} description={t(SAVED_DESCRIPTION_KEY[format.unit])} period={period} rows={data.byMonth} columns={months}>
          <SeriesChart
            kind="bar"
            data={data.byMonth.map((m) => ({ month: m.month, driven: format.distanceValue(m.distanceMeters), saved: format.distanceValue(m.savedDistanceMeters) }))}
            xKey="month"
            formatX={month}
            format={(v) => format.number(v, 1)}
            series={[
              { key: "driven", label: t("summary.driven", { unit: symbol }) },
              { key: "saved", label: t("summary.saved", { unit: symbol }) },
            ]}
          />
        </ChartCard>
        <ChartCard title={t("summary.perWeekday")} period={period} rows={weekdays} columns={weekdayColumns(t)}>
          <SeriesChart kind="bar" data={weekdays} xKey="day" formatX={shortWeekday} format={count} series={[{ key: "routes", label: t("columns.routes") }]} />
        </ChartCard>
        <ChartCard title={t("summary.perHour")} description={t("summary.perHourDescription")} period={period} rows={hours} columns={hourColumns(t)}>
          <SeriesChart kind="bar" data={hours} xKey="time" format={count} series={[{ key: "routes", label: t("columns.routes") }]} />
        </ChartCard>
        <ChartCard
          title={t("summary.usagePerMonth")}
          description={t("summary.usagePerMonthDescription", { limit: count(data.usage.monthlyLimit) })}
          period={period}
          rows={usage}
          columns={usageColumns(format, t)}
        >
          <SeriesChart
            kind="line"
            data={usage}
            xKey="month"
            formatX={month}
            format={count}
            series={[
              { key: "routesUsed", label: t("columns.routesUsed") },
              { key: "limit", label: t("columns.monthlyLimit") },
            ]}
          />
        </ChartCard>
        <Card>
          <CardContent className="grid gap-3 p-6">
            <h3 className="text-base font-semibold">{t("summary.usage")}</h3>
            <p>{t("summary.usageCurrent", { count: data.usage.monthlyLimit, used: count(data.usage.routesUsed), limit: count(data.usage.monthlyLimit) })}</p>
            <p>
              <Trans t={t} i18nKey="summary.usageOverage" values={{ amount: format.money(data.usage.overagePence) }} components={{ strong: <strong /> }} />
            </p>
            <Link to="/subscription" className="text-sm text-primary underline underline-offset-4">
              {t("summary.managePlan")}
            </Link>
          </CardContent>
        </Card>
      </div>
      <TopPlaces places={data.topPlaces} period={period} />
    </div>
  );
}

function TopPlaces({ places, period }: { places: Place[]; period: { from: string; to: string } }) {
  const { t } = useTranslation("analytics");
  const format = useFormat();
  return (
    <ChartCard title={t("summary.places")} description={t("summary.placesDescription")} period={period} rows={places} columns={placeColumns(t)}>
      <SeriesChart kind="bar" data={places} xKey="label" format={(v) => format.number(v)} series={[{ key: "visits", label: t("columns.visits") }]} />
    </ChartCard>
  );
}
