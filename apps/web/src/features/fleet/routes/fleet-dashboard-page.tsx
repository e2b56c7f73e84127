import type { ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { TeamListItem } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { DayPicker } from "@/components/day-picker";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useOperatingDay } from "@/lib/operating-day";
import { cn } from "@/lib/utils";
import { useDrivers } from "@/features/fleet/api/drivers";
import { useDayPlans } from "@/features/fleet/api/plans";
import { useFleetSettings } from "@/features/fleet/api/fleet-settings";
import { useVehicles } from "@/features/fleet/api/vehicles";
import { DriversView } from "@/features/fleet/components/drivers-view";
import { FleetSettingsForm } from "@/features/fleet/components/fleet-settings-form";
import { FleetTeamGate } from "@/features/fleet/components/fleet-team-gate";
import { VehiclesView } from "@/features/fleet/components/vehicles-view";

const sections = [
  { to: "/fleet", label: "dashboard.overview" },
  { to: "/fleet/vehicles", label: "vehicles.title" },
  { to: "/fleet/drivers", label: "drivers.title" },
  { to: "/fleet/route-optimization", label: "dashboard.planDay" },
] as const;

function Count({ title, value, to, action }: { title: string; value: number | undefined; to: string; action: string }) {
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-3xl font-bold">{value === undefined ? <Spinner /> : format.number(value)}</p>
        <Link className="text-sm text-primary underline-offset-4 hover:underline" to={to}>
          {action}
        </Link>
      </CardContent>
    </Card>
  );
}

const statusNames = { queued: "dashboard.status.queued", solving: "dashboard.status.solving", done: "dashboard.status.done", failed: "dashboard.status.failed" } as const;

/** A fleet page on a day, with a plan open (its team kept when the address names one). */
function dayLink(path: string, query: string, date: string, planId?: string): string {
  const params = new URLSearchParams(query);
  if (planId) params.set("plan", planId);
  params.set("date", date);
  return `${path}?${params.toString()}`;
}

/** A day's plans with their status (dispatched or not) and size, each opening in the planner. */
function DayPlans({ teamId, query, date, id }: { teamId: string; query: string; date: string; id: string }) {
  const plans = useDayPlans(teamId, date);
  const format = useFormat();
  const { t } = useTranslation("fleet");
  const count = (n: number) => format.number(n);
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {t("dashboard.plansFor", { day: format.day(date, "weekday") })}
      </h2>
      {plans.isPending ? <Spinner /> : null}
      {plans.data && plans.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t("dashboard.noPlan")}{" "}
          <Link className="text-primary underline-offset-4 hover:underline" to={dayLink("/fleet/route-optimization", query, date)}>
            {t("dashboard.planTheDay")}
          </Link>
        </p>
      ) : null}
      {plans.isError ? <p className="text-sm text-destructive">{errorMessage(plans.error)}</p> : null}
      {plans.data && plans.data.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {plans.data.map((p) => (
            <li key={p.id} className="rounded-md border p-2">
              <Link className="font-semibold text-primary underline-offset-4 hover:underline" to={dayLink("/fleet/route-optimization", query, date, p.id)}>
                {p.name ?? t("dashboard.planOf", { count: p.orderCount, orders: count(p.orderCount) })}
              </Link>{" "}
              — {p.dispatchedAt ? t("dashboard.status.dispatched") : t(statusNames[p.status])}
              {p.totals ? t("dashboard.totals", { count: p.totals.vehiclesUsed, assigned: count(p.totals.assigned), orders: count(p.totals.orders), vehicles: count(p.totals.vehiclesUsed) }) : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The operating day's plans (the same day as the planner and Live, in the address), with a picker and links to plan it or watch it live. */
function TodaysPlans({ teamId, query }: { teamId: string; query: string }) {
  const [date, setDate] = useOperatingDay("today");
  const { t } = useTranslation("fleet");
  return (
    <div className="grid gap-3">
      <DayPicker value={date} onChange={setDate} label={t("dashboard.dayShown")} />
      <DayPlans teamId={teamId} query={query} date={date} id="day-plans" />
      <p className="flex flex-wrap gap-4 text-sm">
        <Link className="text-primary underline-offset-4 hover:underline" to={dayLink("/fleet/route-optimization", query, date)}>
          {t("dashboard.planThisDay")}
        </Link>
        <Link className="text-primary underline-offset-4 hover:underline" to={dayLink("/fleet/live", query, date)}>
          {t("dashboard.watchLive")}
        </Link>
      </p>
    </div>
  );
}

function Overview({ team, query }: { team: TeamListItem; query: string }) {
  const vehicles = useVehicles(team.id);
  const drivers = useDrivers(team.id);
  const settings = useFleetSettings(team.id);
  const { t } = useTranslation("fleet");
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Count title={t("vehicles.title")} value={vehicles.data?.length} to={`/fleet/vehicles${query}`} action={t("dashboard.manageVehicles")} />
        <Count title={t("drivers.title")} value={drivers.data?.length} to={`/fleet/drivers${query}`} action={t("dashboard.manageDrivers")} />
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="text-base">
              {t("dashboard.planDay")}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            <p>{t("dashboard.planDayText")}</p>
            <Link className="text-primary underline-offset-4 hover:underline" to={`/fleet/route-optimization${query}`}>
              {t("dashboard.planRoutes")}
            </Link>
          </CardContent>
        </Card>
      </div>
      <TodaysPlans teamId={team.id} query={query} />
      <section aria-labelledby="fleet-settings-title" className="grid gap-2">
        <h2 id="fleet-settings-title" className="text-lg font-semibold">
          {t("dashboard.settings")}
        </h2>
        {settings.data ? <FleetSettingsForm key={team.id} teamId={team.id} settings={settings.data} /> : <Spinner />}
      </section>
    </div>
  );
}

function Section({ team, pathname, query, live, settingsExtra }: { team: TeamListItem; pathname: string; query: string; live: ((team: TeamListItem) => ReactNode) | undefined; settingsExtra?: ((team: TeamListItem) => ReactNode) | undefined }) {
  const settings = useFleetSettings(team.id);
  const vehicles = useVehicles(team.id);
  const dimensions = settings.data?.capacityDimensions ?? [];
  if (pathname === "/fleet/vehicles") return settings.data ? <VehiclesView teamId={team.id} dimensions={dimensions} /> : <Spinner />;
  if (pathname === "/fleet/drivers") return <DriversView teamId={team.id} vehicles={vehicles.data ?? []} />;
  if (pathname === "/fleet/live" && live) return live(team);
  return (
    <>
      <Overview team={team} query={query} />
      {settingsExtra ? <div className="mt-6">{settingsExtra(team)}</div> : null}
    </>
  );
}

/**
 * /fleet, /fleet/vehicles and /fleet/drivers: one fleet page (SPEC §2) with a section per path;
 * `live` (composed in app/routes) adds the "Live" tab at /fleet/live; `settingsExtra` adds cards under the overview's settings.
 */
export function FleetDashboardPage({ live, settingsExtra }: { live?: (team: TeamListItem) => ReactNode; settingsExtra?: (team: TeamListItem) => ReactNode } = {}) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation("fleet");
  return (
    <PageContainer size="wide">
      <FleetTeamGate>
        {(team, picker): ReactNode => {
          const query = new URLSearchParams(search).get("team") ? `?team=${encodeURIComponent(team.id)}` : "";
          return (
            <>
              <PageHeader title={t("dashboard.title")} description={t("dashboard.description")} actions={picker} className="pb-4" />
              <nav aria-label={t("dashboard.nav")} className="mb-6 flex flex-wrap gap-1 border-b">
                {(live ? [...sections.slice(0, 1), { to: "/fleet/live", label: "dashboard.live" } as const, ...sections.slice(1)] : sections).map((s) => (
                  <NavLink
                    key={s.to}
                    to={`${s.to}${query}`}
                    end
                    className={({ isActive }) => cn("rounded-t-md px-3 py-2 text-sm", isActive ? "border-b-2 border-primary font-semibold" : "text-muted-foreground hover:text-foreground")}
                  >
                    {t(s.label)}
                  </NavLink>
                ))}
              </nav>
              <Section team={team} pathname={pathname} query={query} live={live} settingsExtra={settingsExtra} />
            </>
          );
        }}
      </FleetTeamGate>
    </PageContainer>
  );
}
