import { tierDisplayNames, tiers as allTiers, type SystemAnalytics, type Tier } from "@routepilot/contracts";
import { ChartCard, PeriodPicker, SeriesChart, usePeriod, type ChartColumn } from "@/components/charts";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { useSystemAnalytics } from "@/features/admin/api/system";

type Day = SystemAnalytics["byDay"][number];
type Month = SystemAnalytics["overageByMonth"][number];
type TierRow = { tier: Tier; name: string; users: number };
/** A day of the tier mix flattened for the stacked chart: accounts per tier at the end of the day. */
type TierDay = { day: string } & Record<Tier, number>;

/** The CSV keeps pounds as a plain number ("12.00") for spreadsheets; the table shows them formatted. */
const pounds = (value: unknown) => (Number(value) / 100).toFixed(2);

const dayColumn: ChartColumn<Day> = { key: "day", label: "Day (UTC)" };
const monthColumns = (format: Formatter): ChartColumn<Month>[] => [
  { key: "month", label: "Month", format: (v) => format.day(String(v), "monthYear") },
  { key: "charges", label: "Charges" },
  { key: "overageRoutes", label: "Overage routes" },
  { key: "amountPence", label: "Charged", format: (v) => format.money(Number(v)), csv: pounds },
  { key: "paidPence", label: "Paid", format: (v) => format.money(Number(v)), csv: pounds },
];
const tierColumns: ChartColumn<TierRow>[] = [
  { key: "name", label: "Plan" },
  { key: "users", label: "Accounts" },
];
const tierDayColumns: ChartColumn<TierDay>[] = [{ key: "day", label: "Day (UTC)" }, ...allTiers.map((tier) => ({ key: tier, label: tierDisplayNames[tier] }))];
const tierSeries = allTiers.map((tier) => ({ key: tier, label: tierDisplayNames[tier] }));

function tierDays(data: SystemAnalytics): TierDay[] {
  return data.tierMixByDay.map(({ day, tiers }) => {
    const row = { day, free: 0, premium: 0, enterprise: 0, fleet_pro: 0 };
    for (const t of tiers) row[t.tier] = t.users;
    return row;
  });
}

function Totals({ data }: { data: SystemAnalytics }) {
  const format = useFormat();
  const items: [string, string][] = [
    ["Sign-ups", format.number(data.totals.signUps)],
    ["Active users", format.number(data.totals.activeUsers)],
    ["Routes planned", format.number(data.totals.routes)],
    ["Overage charged", format.money(data.totals.overagePence)],
    ["Accounts now", format.number(data.totals.users)],
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
  const format = useFormat();
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
      {perDay("signUps", "Sign-ups per day", "Sign-ups", "bar", "New accounts, by UTC day.")}
      {perDay("activeUsers", "Active users per day", "Active users", "line", "Accounts that signed in, kept a session alive or planned a route that day.")}
      {perDay("routes", "Routes per day", "Routes", "bar", "Routes planned by every account, by UTC day.")}
      <ChartCard title="Tier mix" description="Accounts per plan now." rows={tiers} columns={tierColumns}>
        <SeriesChart kind="bar" data={tiers} xKey="name" series={[{ key: "users", label: "Accounts" }]} />
      </ChartCard>
      <ChartCard
        title="Tier mix over time"
        description="Accounts on each plan at the end of each UTC day, from the recorded plan changes."
        period={period}
        rows={mixByDay}
        columns={tierDayColumns}
        className="lg:col-span-2"
      >
        <SeriesChart kind="bar" stacked data={mixByDay} xKey="day" series={tierSeries} formatX={dayLabel} />
      </ChartCard>
      <ChartCard
        title="Overage revenue per month"
        description="Overage charges recorded each month: charged (pending, paid or failed) and paid."
        period={period}
        rows={data.overageByMonth}
        columns={monthColumns(format)}
        className="lg:col-span-2"
      >
        <SeriesChart
          kind="bar"
          data={data.overageByMonth}
          xKey="month"
          series={[
            { key: "amountPence", label: "Charged" },
            { key: "paidPence", label: "Paid" },
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
  const state = usePeriod("last-3-months");
  const analytics = useSystemAnalytics(state.period);
  return (
    <section aria-labelledby="system-growth" className="flex min-w-0 flex-col gap-4">
      <div>
        <h2 id="system-growth" className="text-lg font-semibold">
          Growth
        </h2>
        <p className="text-sm text-muted-foreground">Every account on this install; days and months in UTC.</p>
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
        <p className="text-sm text-muted-foreground">Loading figures…</p>
      ) : null}
    </section>
  );
}
