import type { TFunction } from "i18next";
import { tierDisplayNames, tiers as allTiers, type SystemAnalytics, type Tier } from "@routepilot/contracts";
import { ChartCard, PeriodPicker, SeriesChart, usePeriod, type ChartColumn } from "@/components/charts";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useSystemAnalytics } from "@/features/admin/api/system";

type Day = SystemAnalytics["byDay"][number];
type Month = SystemAnalytics["overageByMonth"][number];
type TierRow = { tier: Tier; name: string; users: number };
/** A day of the tier mix flattened for the stacked chart: accounts per tier at the end of the day. */
type TierDay = { day: string } & Record<Tier, number>;

/** The CSV keeps pounds as a plain number ("12.00") for spreadsheets; the table shows them formatted. */
const pounds = (value: unknown) => (Number(value) / 100).toFixed(2);

const monthColumns = (format: Formatter, t: TFunction<"admin">): ChartColumn<Month>[] => [
  { key: "month", label: t("growth.month"), format: (v) => format.day(String(v), "monthYear") },
  { key: "charges", label: t("growth.charges") },
  { key: "overageRoutes", label: t("growth.overageRoutes") },
  { key: "amountPence", label: t("growth.charged"), format: (v) => format.money(Number(v)), csv: pounds },
  { key: "paidPence", label: t("growth.paid"), format: (v) => format.money(Number(v)), csv: pounds },
];
const tierColumns = (t: TFunction<"admin">): ChartColumn<TierRow>[] => [
  { key: "name", label: t("growth.plan") },
  { key: "users", label: t("growth.accounts") },
];
const tierDayColumns = (t: TFunction<"admin">): ChartColumn<TierDay>[] => [{ key: "day", label: t("growth.dayUtc") }, ...allTiers.map((tier) => ({ key: tier, label: tierDisplayNames[tier] }))];
const tierSeries = allTiers.map((tier) => ({ key: tier, label: tierDisplayNames[tier] }));

function tierDays(data: SystemAnalytics): TierDay[] {
  return data.tierMixByDay.map(({ day, tiers }) => {
    const row = { day, free: 0, premium: 0, enterprise: 0, fleet_pro: 0 };
    for (const t of tiers) row[t.tier] = t.users;
    return row;
  });
}

function Totals({ data }: { data: SystemAnalytics }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const items: [string, string][] = [
    [t("growth.signUps"), format.number(data.totals.signUps)],
    [t("growth.activeUsers"), format.number(data.totals.activeUsers)],
    [t("growth.routesPlanned"), format.number(data.totals.routes)],
    [t("growth.overageCharged"), format.money(data.totals.overagePence)],
    [t("growth.accountsNow"), format.number(data.totals.users)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Charts({ data }: { data: SystemAnalytics }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const dayColumn: ChartColumn<Day> = { key: "day", label: t("growth.dayUtc") };
  /** "2025-01-05" → "5 Jan"; "2025-01" → "Jan 2025": calendar days and months (UTC), not instants. */
  const dayLabel = (day: string) => format.day(day, "dayMonth");
  const monthLabel = (month: string) => format.day(month, "monthYear");
  const period = { from: data.from, to: data.to };
  const perDay = (key: "signUps" | "activeUsers" | "routes", title: string, label: string, kind: "bar" | "line", description: string) => (
    <ChartCard title={title} description={description} period={period} rows={data.byDay} columns={[dayColumn, { key, label }]}>
      <SeriesChart kind={kind} data={data.byDay} xKey="day" series={[{ key, label }]} formatX={dayLabel} />
    </ChartCard>
  );
  const tiers: TierRow[] = data.tierMix.map((t) => ({ ...t, name: tierDisplayNames[t.tier] }));
  const mixByDay = tierDays(data);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {perDay("signUps", t("growth.signUpsPerDay"), t("growth.signUps"), "bar", t("growth.signUpsDescription"))}
      {perDay("activeUsers", t("growth.activeUsersPerDay"), t("growth.activeUsers"), "line", t("growth.activeUsersDescription"))}
      {perDay("routes", t("growth.routesPerDay"), t("growth.routes"), "bar", t("growth.routesDescription"))}
      <ChartCard title={t("growth.tierMix")} description={t("growth.tierMixDescription")} rows={tiers} columns={tierColumns(t)}>
        <SeriesChart kind="bar" data={tiers} xKey="name" series={[{ key: "users", label: t("growth.accounts") }]} />
      </ChartCard>
      <ChartCard
        title={t("growth.tierMixOverTime")}
        description={t("growth.tierMixOverTimeDescription")}
        period={period}
        rows={mixByDay}
        columns={tierDayColumns(t)}
        className="lg:col-span-2"
      >
        <SeriesChart kind="bar" stacked data={mixByDay} xKey="day" series={tierSeries} formatX={dayLabel} />
      </ChartCard>
      <ChartCard
        title={t("growth.overagePerMonth")}
        description={t("growth.overagePerMonthDescription")}
        period={period}
        rows={data.overageByMonth}
        columns={monthColumns(format, t)}
        className="lg:col-span-2"
      >
        <SeriesChart
          kind="bar"
          data={data.overageByMonth}
          xKey="month"
          series={[
            { key: "amountPence", label: t("growth.charged") },
            { key: "paidPence", label: t("growth.paid") },
          ]}
          format={(v) => format.money(v)}
          formatX={monthLabel}
        />
      </ChartCard>
    </div>
  );
}

/** The install's sign-ups, active users, routes, tier mix and overage revenue over a chosen period. */
export function SystemGrowth() {
  const { t } = useTranslation("admin");
  const state = usePeriod("last-3-months");
  const analytics = useSystemAnalytics(state.period);
  return (
    <section aria-labelledby="system-growth" className="flex min-w-0 flex-col gap-4">
      <div>
        <h2 id="system-growth" className="text-lg font-semibold">
          {t("growth.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("growth.description")}</p>
      </div>
      <PeriodPicker state={state} />
      {analytics.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(analytics.error)}
        </p>
      ) : null}
      {analytics.data ? (
        <>
          <Totals data={analytics.data} />
          <Charts data={analytics.data} />
        </>
      ) : analytics.isPending && state.period ? (
        <p className="text-sm text-muted-foreground">{t("growth.loading")}</p>
      ) : null}
    </section>
  );
}
