import { useEffect, useRef, useState } from "react";
import type { LiveRoute } from "@routepilot/contracts";
import { ErrorCard } from "@/components/errors/error-card";
import { DayPicker } from "@/components/day-picker";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { useRealtimeStatus } from "@/lib/realtime";
import { useFormat, type Formatter } from "@/lib/format";
import { localDate, useOperatingDay } from "@/lib/operating-day";
import { routeColour } from "@/lib/route-colours";
import { useLiveRoutes, useLiveUpdates, useNextLiveDay, usePositions } from "@/features/live-ops/api/live-ops";
import { LiveMap } from "@/features/live-ops/components/live-map";
import { RouteCard } from "@/features/live-ops/components/route-card";
import { StopsTable } from "@/features/live-ops/components/stops-table";
import { UrgentOrderForm } from "@/features/live-ops/components/urgent-order-form";
import { isLate } from "@/features/live-ops/lib/live";

const NO_ROUTE_COLOUR = "#6b7280";
const connection = { off: "connection.off", connecting: "connection.connecting", open: "connection.open", reconnecting: "connection.reconnecting" } as const;

const lateSentence = (r: LiveRoute, format: Formatter, t: TFunction<"live-ops">) =>
  t("late.sentence", { count: r.delayMinutes ?? 0, route: r.driver ? `${r.name} (${r.driver.name})` : r.name, minutes: format.number(r.delayMinutes ?? 0) });

/** Announces (aria-live) each route that becomes more than 15 minutes late, once per time it becomes late. */
function useLateAnnouncement(routes: LiveRoute[] | undefined): string {
  const format = useFormat();
  const { t } = useTranslation("live-ops");
  const announced = useRef(new Set<string>());
  const [text, setText] = useState("");
  useEffect(() => {
    if (!routes) return;
    const late = routes.filter(isLate);
    const fresh = late.filter((r) => !announced.current.has(r.id));
    announced.current = new Set(late.map((r) => r.id));
    if (fresh.length > 0) setText(`${t("late.title")}${fresh.map((r) => lateSentence(r, format, t)).join(" ")}`);
  }, [routes, format, t]);
  return text;
}

/** A day with no dispatched route: says so and offers the next day that has one, from the shown day or today, whichever is later. */
function NoRoutes({ teamId, date, onShow }: { teamId: string; date: string; onShow: (day: string) => void }) {
  const format = useFormat();
  const { t } = useTranslation("live-ops");
  const today = localDate();
  const from = date > today ? date : today;
  const next = useNextLiveDay(teamId, from, true);
  const nextDay = next.data && next.data !== date ? next.data : null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-muted-foreground">{t("noRoutes.none", { day: format.day(date, "weekday") })}</p>
      {nextDay ? (
        <Button type="button" size="sm" variant="outline" onClick={() => onShow(nextDay)}>
          {t("noRoutes.next", { day: format.day(nextDay, "weekday") })}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The manager's live operations view of one team: the chosen day's dispatched routes on a map
 * with the drivers' positions, a card per route with the re-plan actions, an urgent order form and
 * a table of every stop. Updated through the `live:{teamId}` realtime topic, never by polling.
 */
export function LiveOpsView({ teamId }: { teamId: string }) {
  const format = useFormat();
  const { t } = useTranslation("live-ops");
  const [date, setDate] = useOperatingDay("today");
  const routes = useLiveRoutes(teamId, date);
  const positions = usePositions(teamId);
  const status = useRealtimeStatus();
  useLiveUpdates(teamId);
  const announcement = useLateAnnouncement(routes.data);

  const list = routes.data ?? [];
  const colourOf = (routeId: string | null) => {
    const i = list.findIndex((r) => r.id === routeId);
    return i < 0 ? NO_ROUTE_COLOUR : routeColour(i);
  };
  const routeIds = new Set(list.map((r) => r.id));
  // Today's positions; on another day only those of the shown routes.
  const shown = (positions.data ?? []).filter((p) => date === localDate() || (p.routeId !== null && routeIds.has(p.routeId)));
  const late = list.filter(isLate);

  return (
    <section aria-labelledby="live-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="live-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="live-connection">
            <span aria-hidden="true" className={status === "open" ? "text-green-600 dark:text-green-400" : "text-amber-600 dark:text-amber-400"}>
              ●{" "}
            </span>
            {t(connection[status])}
          </p>
        </div>
        <DayPicker value={date} onChange={setDate} label={t("dayShown")} />
      </div>

      <div role="alert" aria-live="assertive" className="sr-only" data-testid="late-announcement">
        {announcement}
      </div>
      {late.length > 0 ? (
        <div className="rounded-md border-2 border-destructive bg-destructive/10 p-3 text-sm" aria-hidden="true">
          <strong className="text-destructive">{t("late.title")}</strong>
          {late.map((r) => lateSentence(r, format, t)).join(" ")}
        </div>
      ) : null}

      {routes.isPending ? <Spinner /> : null}
      {routes.isError ? <ErrorCard message={errorMessage(routes.error)} onRetry={() => void routes.refetch()} /> : null}
      {positions.isError ? <p className="text-sm text-destructive">{t("positionsError", { message: errorMessage(positions.error) })}</p> : null}

      {routes.data ? (
        <>
          <LiveMap routes={list} positions={shown} colourOf={colourOf} />
          {list.length === 0 ? <NoRoutes teamId={teamId} date={date} onShow={setDate} /> : null}
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <ul className="grid content-start gap-4 xl:grid-cols-2" aria-label={t("routes")}>
              {list.map((route) => (
                <RouteCard
                  key={route.id}
                  teamId={teamId}
                  route={route}
                  colour={colourOf(route.id)}
                  position={route.driver ? shown.find((p) => p.driverUserId === route.driver!.userId) : undefined}
                  targets={list.filter((r) => r.id !== route.id && r.status !== "completed")}
                />
              ))}
            </ul>
            {list.some((r) => r.status !== "completed") ? <UrgentOrderForm teamId={teamId} date={date} routes={list} /> : null}
          </div>
          {list.length > 0 ? <StopsTable routes={list} /> : null}
        </>
      ) : null}
    </section>
  );
}
