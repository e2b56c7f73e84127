import { sql } from "drizzle-orm";
import { addToDate, tiers, type SystemAnalytics, type Tier } from "@routepilot/contracts";
import type { DbOrTx } from "@routepilot/db";
import { rowsOf } from "../../lib/sql";

type Num = string | number;

/**
 * GET /api/admin/analytics: the install's growth over [from, to] (calendar days in UTC, both
 * included), answered by SQL aggregates. Active users are the distinct users who started or
 * refreshed a session, or planned a route, that day (or in the period for the total).
 */
export async function systemAnalytics(db: DbOrTx, range: { from: string; to: string }): Promise<SystemAnalytics> {
  const start = `${range.from}T00:00:00Z`;
  const end = `${addToDate(range.to, { days: 1 })}T00:00:00Z`;
  const inRange = (column: string) => sql`${sql.raw(column)} >= ${start}::timestamptz and ${sql.raw(column)} < ${end}::timestamptz`;
  const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);

  const activity = sql`
    select user_id, ${day("created_at")} as day from session where ${inRange("created_at")}
    union
    select user_id, ${day("updated_at")} as day from session where ${inRange("updated_at")}
    union
    select user_id, ${day("created_at")} as day from routes where ${inRange("created_at")}`;

  const days = await rowsOf<{ day: string; sign_ups: Num; active_users: Num; routes: Num }>(
    db,
    sql`with days as (select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d),
      sign_ups as (select ${day("created_at")} as day, count(*) as n from "user" where ${inRange("created_at")} group by 1),
      planned as (select ${day("created_at")} as day, count(*) as n from routes where ${inRange("created_at")} group by 1),
      active as (select day, count(distinct user_id) as n from (${activity}) as a group by day)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sign_ups.n, 0) as sign_ups, coalesce(active.n, 0) as active_users, coalesce(planned.n, 0) as routes
    from days
      left join sign_ups on sign_ups.day = days.day
      left join planned on planned.day = days.day
      left join active on active.day = days.day
    order by days.day`,
  );

  const [active] = await rowsOf<{ n: Num }>(db, sql`select count(distinct user_id) as n from (${activity}) as a`);
  const [users] = await rowsOf<{ n: Num }>(db, sql`select count(*) as n from "user"`);

  const tierRows = await rowsOf<{ tier: string; users: Num }>(
    db,
    sql`select coalesce(s.subscription_tier, 'free') as tier, count(*) as users from "user" u left join subscribers s on s.user_id = u.id group by 1`,
  );
  const perTier = new Map(tierRows.map((r) => [r.tier, Number(r.users)]));

  // Tier mix at the end of each day: every account is on "free" from its sign-up until its first
  // recorded tier change, then on each recorded tier until the next one (subscription_tier_changes,
  // written by the subscribers trigger). Each span adds 1 on the day it starts and takes 1 off on
  // the day it ends; a running sum per tier over the days gives the count, O(changes + days).
  const tierDays = await rowsOf<{ day: string; tier: string; users: Num }>(
    db,
    sql`with changes as (
        select user_id, tier, changed_at as since, lead(changed_at) over (partition by user_id order by changed_at, id) as until
        from subscription_tier_changes),
      spans as (
        select user_id, tier, since, until from changes
        union all
        select u.id, 'free', u.created_at, (select min(c.changed_at) from subscription_tier_changes c where c.user_id = u.id) from "user" u),
      deltas as (
        select tier, ${day("since")} as day, 1 as d from spans
        union all
        select tier, ${day("until")} as day, -1 as d from spans where until is not null),
      per_day as (
        select tier, greatest(day, ${range.from}::date) as day, sum(d) as d from deltas where day <= ${range.to}::date group by 1, 2),
      grid as (
        select d::date as day, t.tier from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
        cross join unnest(${sql.raw(`array[${tiers.map((t) => `'${t}'`).join(",")}]`)}::text[]) as t(tier))
    select to_char(grid.day, 'YYYY-MM-DD') as day, grid.tier, sum(coalesce(per_day.d, 0)) over (partition by grid.tier order by grid.day) as users
    from grid left join per_day on per_day.day = grid.day and per_day.tier = grid.tier
    order by 1`,
  );
  const tierMixByDay = new Map<string, Map<string, number>>();
  for (const row of tierDays) {
    const perDay = tierMixByDay.get(row.day) ?? new Map<string, number>();
    perDay.set(row.tier, Number(row.users));
    tierMixByDay.set(row.day, perDay);
  }

  const months = await rowsOf<{ month: string; charges: Num; overage_routes: Num; amount: Num; paid: Num }>(
    db,
    sql`with months as (select to_char(m, 'YYYY-MM') as month from generate_series(date_trunc('month', ${range.from}::date), date_trunc('month', ${range.to}::date), interval '1 month') as m),
      charges as (
        select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as charges, sum(overage_routes) as overage_routes,
          sum(amount_charged) as amount, coalesce(sum(amount_charged) filter (where payment_status = 'paid'), 0) as paid
        from overage_charges where ${inRange("created_at")} group by 1)
    select months.month, coalesce(charges.charges, 0) as charges, coalesce(charges.overage_routes, 0) as overage_routes,
      coalesce(charges.amount, 0) as amount, coalesce(charges.paid, 0) as paid
    from months left join charges on charges.month = months.month
    order by months.month`,
  );

  const byDay = days.map((d) => ({ day: d.day, signUps: Number(d.sign_ups), activeUsers: Number(d.active_users), routes: Number(d.routes) }));
  const overageByMonth = months.map((m) => ({
    month: m.month,
    charges: Number(m.charges),
    overageRoutes: Number(m.overage_routes),
    amountPence: Number(m.amount),
    paidPence: Number(m.paid),
  }));
  return {
    from: range.from,
    to: range.to,
    timezone: "UTC",
    totals: {
      signUps: byDay.reduce((sum, d) => sum + d.signUps, 0),
      activeUsers: Number(active?.n ?? 0),
      routes: byDay.reduce((sum, d) => sum + d.routes, 0),
      overagePence: overageByMonth.reduce((sum, m) => sum + m.amountPence, 0),
      users: Number(users?.n ?? 0),
    },
    byDay,
    tierMix: tiers.map((tier: Tier) => ({ tier, users: perTier.get(tier) ?? 0 })),
    tierMixByDay: byDay.map(({ day: d }) => ({ day: d, tiers: tiers.map((tier: Tier) => ({ tier, users: tierMixByDay.get(d)?.get(tier) ?? 0 })) })),
    overageByMonth,
  };
}
