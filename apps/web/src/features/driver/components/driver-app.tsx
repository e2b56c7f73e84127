import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LocateFixed, LocateOff } from "lucide-react";
import { toast } from "sonner";
import { driverMessages, driverTopic, fleetMessages, liveMessageTypes, type DriverRoute, type DriverStop, type PositionInput, type StopEventInput } from "@routepilot/contracts";
import { DayPicker } from "@/components/day-picker";
import { ErrorCard } from "@/components/errors/error-card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat } from "@/lib/format";
import { i18n, useTranslation } from "@/lib/i18n";
import { localDate, useOperatingDay } from "@/lib/operating-day";
import { translateMessage } from "@/lib/server-messages";
import { useRealtimeMessages } from "@/lib/realtime";
import { driverKeys, fetchNextDriverRoutes } from "@/features/driver/api/driver-api";
import { DriverMap } from "@/features/driver/components/driver-map";
import { StopCard, type StopAction } from "@/features/driver/components/stop-card";
import { SyncStatus } from "@/features/driver/components/sync-status";
import { useDriverRoutes, useOnline, useOutbox } from "@/features/driver/hooks/driver-sync";
import { usePositionSharing, type SharingState } from "@/features/driver/hooks/use-position-sharing";
import type { Outbox } from "@/features/driver/lib/outbox";
import { applyPending, isFinished, nextStop, pendingStopIds, reloadsBefore, routeDelayMs } from "@/features/driver/lib/route-view";

const PAUSE_KEY = "routepilot:driver:sharing-paused";
const newId = () => crypto.randomUUID();

/** Queues what the driver did at a stop: a proof first (the server needs it before "done" on a route that requires proof), then the event. */
async function queueStopAction(outbox: Outbox, route: DriverRoute, stop: DriverStop, number: number, action: StopAction, position: PositionInput | null) {
  const at = new Date().toISOString();
  // The queue keeps the label in the language of the moment the driver acted (it is shown while it waits).
  const labelKey = action.type === "arrived" ? "outbox.arrived" : action.type === "done" ? "outbox.delivered" : "outbox.failed";
  const label = i18n.t(labelKey, { ns: "driver", number, label: stop.label });
  const base = { date: route.date, routeId: route.id, stopId: stop.id, label, action: newId(), createdAt: at };
  const where = position ? { lat: position.lat, lng: position.lng } : {};
  // An event's client id is its queue id too: the server's idempotency and the queue's agree.
  const event = (fields: Omit<StopEventInput, "clientEventId" | "at">) => {
    const id = newId();
    return outbox.enqueue({ ...base, id, kind: "event", event: { clientEventId: id, at, ...where, ...fields } });
  };
  if (action.type === "done") {
    const { photos, signature, recipientName, note } = action.delivery;
    if (photos.length > 0 || signature || recipientName) {
      await outbox.enqueue({ ...base, id: newId(), kind: "proof", photos, signature, recipientName });
    }
    await event({ type: "done", ...(note ? { note } : {}) });
  } else if (action.type === "failed") {
    await event({ type: "failed", reason: action.reason, ...(action.note ? { note: action.note } : {}) });
  } else {
    await event({ type: "arrived" });
  }
}

function SharingIndicator({ state, onToggle }: { state: SharingState; onToggle: () => void }) {
  const { t } = useTranslation("driver");
  if (state.status === "off") return null;
  const text =
    state.status === "sharing" || state.status === "waiting"
      ? t("sharing.on")
      : state.status === "paused"
        ? t("sharing.paused")
        : state.status === "denied"
          ? t("sharing.denied")
          : t("sharing.unavailable");
  const active = state.status === "sharing" || state.status === "waiting";
  return (
    <div className="flex items-center justify-between gap-2 rounded-md border bg-muted/50 px-3 py-2" data-testid="location-sharing">
      <p className="flex items-center gap-2 text-sm">
        {active ? <LocateFixed aria-hidden className="size-4 text-green-600 dark:text-green-400" /> : <LocateOff aria-hidden className="size-4 text-muted-foreground" />}
        {text}
      </p>
      {state.status === "denied" || state.status === "unavailable" ? null : (
        <Button variant="outline" size="sm" onClick={onToggle} aria-pressed={!active}>
          {active ? t("sharing.pause") : t("sharing.resume")}
        </Button>
      )}
    </div>
  );
}

function RouteView({ route, waiting, position, onAction }: { route: DriverRoute; waiting: Set<string>; position: PositionInput | null; onAction: (stop: DriverStop, number: number, action: StopAction) => void }) {
  const [now] = useState(() => Date.now());
  const format = useFormat();
  const { t } = useTranslation("driver");
  const delay = routeDelayMs(route, now);
  const next = nextStop(route);
  const done = route.stops.filter(isFinished).length;
  return (
    <section aria-labelledby={`route-${route.id}`} className="grid gap-3">
      <div>
        <h2 id={`route-${route.id}`} className="text-lg font-semibold">
          {route.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {[route.vehicle ? `${route.vehicle.name}${route.vehicle.plate ? ` (${route.vehicle.plate})` : ""}` : null, route.team.name, t("route.progress", { count: route.stops.length, done: format.number(done), total: format.number(route.stops.length) })].filter(Boolean).join(" · ")}
        </p>
        {route.proofRequired ? <p className="text-sm text-muted-foreground">{t("route.proofNeeded")}</p> : null}
        {delay >= 60_000 && route.status === "in_progress" ? <p className="text-sm font-medium text-amber-700 dark:text-amber-400">{t("route.behind", { minutes: format.number(Math.round(delay / 60_000)) })}</p> : null}
      </div>
      <DriverMap route={route} nextStopId={next?.id ?? null} position={position} />
      <ol aria-label={t("route.stopsOf", { name: route.name })} className="grid gap-3">
        {route.stops.map((stop, i) => [
          ...reloadsBefore(route, i).map((r) => (
            <li key={`reload-${r.afterSequence}`} className="rounded-md border border-dashed p-3 text-sm" data-reload="">
              <p className="font-medium">{translateMessage(fleetMessages.reloadLabel)}</p>
              <p className="text-muted-foreground">
                {format.time(Date.parse(r.plannedArrival) + (isFinished(stop) ? 0 : delay))}–{format.time(Date.parse(r.plannedDeparture) + (isFinished(stop) ? 0 : delay))} · {route.start.label}
              </p>
            </li>
          )),
          <StopCard key={stop.id} stop={stop} number={i + 1} isNext={stop.id === next?.id} delayMs={delay} waiting={waiting.has(stop.id)} proofRequired={route.proofRequired} onAction={(action) => onAction(stop, i + 1, action)} />,
        ])}
      </ol>
      {route.status === "completed" ? <p className="text-center text-sm font-medium">{t("route.finished")}</p> : null}
    </section>
  );
}

/**
 * A day with no route of the driver's: says so, and offers the next day that has one ("Your next
 * route: Monday 30 November", one tap to open it), looked up from the shown day or today, whichever
 * is later.
 */
function NoRoute({ date, today, onOpen }: { date: string; today: string; onOpen: (day: string) => void }) {
  const from = date > today ? date : today;
  const format = useFormat();
  const { t } = useTranslation("driver");
  const next = useQuery({ queryKey: driverKeys.next(from), queryFn: ({ signal }) => fetchNextDriverRoutes(from, signal), retry: false });
  const nextDay = next.data?.date && next.data.date !== date ? next.data.date : null;
  return (
    <div className="grid gap-3 rounded-md border p-6 text-center">
      <p className="text-muted-foreground">{date === today ? t("noRoute.today") : t("noRoute.onDay", { day: format.day(date, "weekday") })}</p>
      {nextDay ? (
        <div className="grid justify-items-center gap-2" role="region" aria-label={t("noRoute.next")}>
          <p className="font-medium">{t("noRoute.nextOn", { day: format.day(nextDay, "weekday") })}</p>
          <Button type="button" onClick={() => onOpen(nextDay)}>
            {t("noRoute.open")}
          </Button>
        </div>
      ) : next.data ? (
        <p className="text-sm text-muted-foreground">{t("noRoute.none")}</p>
      ) : null}
    </div>
  );
}

/**
 * The driver app (issue 12): the day's route with its map and stops, actions that work with no
 * network (queued in IndexedDB and sent in order), position sharing while the route runs, and
 * live updates when the manager changes the route.
 */
export function DriverApp() {
  const today = localDate();
  const [date, setDate] = useOperatingDay("today");
  const query = useDriverRoutes(date);
  const { outbox, pending, rejected, syncing } = useOutbox();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { t } = useTranslation("driver");
  const [paused, setPaused] = useState(() => typeof localStorage !== "undefined" && localStorage.getItem(PAUSE_KEY) === "1");

  useRealtimeMessages(driverTopic, (message) => {
    if (message.type !== liveMessageTypes.routeChanged) return;
    void queryClient.invalidateQueries({ queryKey: driverKeys.all });
    const data = (message.data ?? {}) as { routeId?: unknown; name?: unknown; routeName?: unknown };
    const known = query.data?.response.routes.find((r) => r.id === data.routeId)?.name;
    const name = typeof data.routeName === "string" ? data.routeName : typeof data.name === "string" ? data.name : (known ?? t("routeChanged.yourRoute"));
    toast(translateMessage(driverMessages.routeChangedTitle), { description: translateMessage(driverMessages.routeChanged(name)) });
  });

  const routes = (query.data?.response.routes ?? []).map((r) => applyPending(r, pending));
  // Positions are shared while a shown route runs, whatever its day (a route of Monday worked early).
  const running = routes.find((r) => r.status === "in_progress");
  const sharing = usePositionSharing({
    active: running !== undefined,
    paused,
    onBatch: (positions) => {
      if (!running) return;
      const at = new Date().toISOString();
      void outbox.enqueue({ id: newId(), action: newId(), kind: "positions", date: running.date, routeId: running.id, label: t("outbox.positions"), createdAt: at, positions });
    },
  });
  const position = sharing.status === "sharing" ? sharing.last : null;
  const waiting = pendingStopIds(pending);

  const onAction = (route: DriverRoute, stop: DriverStop, number: number, action: StopAction) => {
    queueStopAction(outbox, route, stop, number, action, position).catch(() => toast.error(t("saveFailed")));
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-3 py-4 sm:px-6 sm:py-8">
      <header className="grid gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{date === today ? t("title.today") : t("title.ofDay")}</h1>
        <DayPicker value={date} onChange={setDate} />
      </header>
      <SyncStatus online={online} pending={pending} rejected={rejected} syncing={syncing} onSync={() => void outbox.sync()} onRetry={(id) => void outbox.retry(id)} onDismiss={(id) => void outbox.dismiss(id)} />
      <SharingIndicator
        state={sharing}
        onToggle={() =>
          setPaused((p) => {
            localStorage.setItem(PAUSE_KEY, p ? "0" : "1");
            return !p;
          })
        }
      />
      {query.data?.savedCopy ? <p className="text-sm text-muted-foreground">{t("route.savedCopy")}</p> : null}
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={t("route.loading")}>
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorCard message={t("route.loadError")} onRetry={() => void query.refetch()} />
      ) : routes.length === 0 ? (
        <NoRoute date={date} today={today} onOpen={setDate} />
      ) : (
        routes.map((route) => <RouteView key={route.id} route={route} waiting={waiting} position={position} onAction={(stop, number, action) => onAction(route, stop, number, action)} />)
      )}
    </div>
  );
}
