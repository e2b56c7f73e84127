import { useState, type DragEvent } from "react";
import { createFormatter, type Plan } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { Button } from "@/components/ui/button";
import { useFormat, type Formatter } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { routeColour } from "@/lib/route-colours";
import { MoveStopDialog, type MoveTarget } from "@/features/fleet/components/move-stop-dialog";
import { PlanMap, type Depots } from "@/features/fleet/components/plan-map";
import { pickupLabelFor } from "@/features/fleet/lib/order-import";

type PlanRoute = Plan["routes"][number];
type PlanStop = PlanRoute["stops"][number];

/** What a manager may do to a finished plan that is not dispatched: move stops and lock them. */
export type PlanEditing = {
  /** Order ids locked to their vehicle. */
  locked: ReadonlySet<string>;
  onMove: (orderId: string, toVehicleId: string, position: number) => void;
  /** Takes an order off every route (back to unassigned). */
  onUnassign?: ((orderId: string) => void) | undefined;
  onToggleLock: (orderId: string, vehicleId: string, position: number) => void;
  /** Vehicles a stop may be moved to (the plan's vehicles, used or not). */
  vehicles: { id: string; name: string }[];
  /** Order ids a manual edit has put in breach of a constraint. */
  violating: ReadonlySet<string>;
  busy: boolean;
};

const DRAG_TYPE = "application/x-routepilot-order";

/** `format`'s language writing wall times: the plan's times are the team's time of day already, so no time zone moves them. */
const wallClock = (format: Formatter) => createFormatter({ language: format.locale, timeZone: "UTC", unit: format.unit });

/** The time of day of an ISO time on the plan's date as the server wrote it (the team's time of day), as `format`'s language writes it ("09:15"). */
export function clockOf(iso: string, format: Formatter): string {
  return wallClock(format).time(`${iso.slice(0, 19)}Z`);
}

/** A whole hour of the team's day (0–23) as `format`'s language writes it ("09:00"). */
function hourOf(hour: number, format: Formatter): string {
  return wallClock(format).time(Date.UTC(2000, 0, 1, hour));
}

const seconds = (iso: string) => Date.parse(iso) / 1000;

/**
 * What a stop is called in the lists, the timeline and the map: a pickup is "Pick up for
 * <order>" (with its own place's name when it has one), a delivery its order's name.
 */
export function stopTitles(plan: Pick<Plan, "routes" | "unassigned">, t: TFunction<"fleet">): (stop: PlanStop) => string {
  const orderLabels = new Map<string, string>();
  for (const u of plan.unassigned) orderLabels.set(u.orderId, u.label);
  for (const route of plan.routes) for (const s of route.stops) if (s.kind === "delivery") orderLabels.set(s.orderId, s.label);
  return (stop) => {
    if (stop.kind !== "pickup") return stop.label;
    const order = orderLabels.get(stop.orderId);
    if (!order) return t("result.pickUp", { label: stop.label });
    return stop.label === pickupLabelFor(order) ? t("result.pickUpFor", { order }) : t("result.pickUpForAt", { order, label: stop.label });
  };
}

/** The plan's totals in words, written by `format` (useFormat()): what the comparison and the result both show. */
export function planFigures(plan: Plan, format: Formatter, t: TFunction<"fleet">): { label: string; value: string }[] {
  const totals = plan.totals;
  if (!totals) return [];
  return [
    { label: t("result.ordersPlanned"), value: t("result.xOfY", { x: format.number(totals.assigned), y: format.number(totals.orders) }) },
    { label: t("result.unassigned"), value: format.number(totals.unassigned) },
    { label: t("result.vehiclesUsed"), value: format.number(totals.vehiclesUsed) },
    { label: t("result.distance"), value: format.distance(totals.distanceMeters) },
    { label: t("result.time"), value: format.duration(totals.durationSeconds) },
    { label: t("result.waiting"), value: format.duration(totals.waitingSeconds) },
    { label: t("result.lateness"), value: format.duration(totals.latenessSeconds) },
    { label: t("result.cost"), value: format.money(totals.costPence) },
  ];
}

function Totals({ plan }: { plan: Plan }) {
  const format = useFormat();
  const { t } = useTranslation("fleet");
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("result.totals")}>
      {planFigures(plan, format, t).map((f) => (
        <div key={f.label} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{f.label}</dt>
          <dd className="font-semibold">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Segment = { kind: "waiting" | "service" | "break" | "reload"; from: number; to: number; title: string; pickup?: boolean };

function segmentsOf(route: PlanRoute, title: (stop: PlanStop) => string, format: Formatter, t: TFunction<"fleet">): Segment[] {
  const clock = (iso: string) => clockOf(iso, format);
  const out: Segment[] = [];
  route.stops.forEach((stop, i) => {
    const arrival = seconds(stop.arrival);
    const served = arrival + stop.waitingSeconds;
    if (stop.waitingSeconds > 0) out.push({ kind: "waiting", from: arrival, to: served, title: t("result.waitingBefore", { number: i + 1, duration: format.duration(stop.waitingSeconds) }) });
    out.push({ kind: "service", from: served, to: seconds(stop.departure), title: t("result.stopSegment", { number: i + 1, title: title(stop), from: clock(stop.arrival), to: clock(stop.departure) }), pickup: stop.kind === "pickup" });
  });
  for (const b of route.breaks) out.push({ kind: "break", from: seconds(b.start), to: seconds(b.end), title: t("result.breakSegment", { from: clock(b.start), to: clock(b.end) }) });
  for (const r of route.reloads) out.push({ kind: "reload", from: seconds(r.arrival) + r.waitingSeconds, to: seconds(r.departure), title: t("result.reloadSegment", { from: clock(r.arrival), to: clock(r.departure) }) });
  return out;
}

/** "2 trips" when the vehicle reloads at its depot (issue 26); nothing for one trip. */
const tripsOf = (route: PlanRoute, format: Formatter, t: TFunction<"fleet">) => (route.reloads.length > 0 ? t("result.trips", { count: route.reloads.length + 1, trips: format.number(route.reloads.length + 1) }) : "");

const pickups = (route: PlanRoute) => route.stops.filter((s) => s.kind === "pickup").length;

const segmentClass: Record<Segment["kind"], string> = {
  waiting: "bg-amber-300 dark:bg-amber-600",
  service: "",
  break: "bg-slate-500",
  reload: "bg-sky-700 dark:bg-sky-400",
};

/**
 * A vehicle's day as a bar from its start to its end: driving is the coloured line, service the
 * solid blocks (a pickup's outlined), waiting amber, breaks grey, reloads at the depot blue.
 */
function Timeline({ route, colour, dayStart, dayEnd, title }: { route: PlanRoute; colour: string; dayStart: number; dayEnd: number; title: (stop: PlanStop) => string }) {
  const format = useFormat();
  const { t } = useTranslation("fleet");
  const count = (n: number) => format.number(n);
  const span = Math.max(dayEnd - dayStart, 1);
  const pct = (t: number) => `${(((t - dayStart) / span) * 100).toFixed(2)}%`;
  const first = route.start ? seconds(route.start) : route.stops[0] ? seconds(route.stops[0].arrival) : dayStart;
  const last = route.end ? seconds(route.end) : route.stops.at(-1) ? seconds(route.stops.at(-1)!.departure) : dayEnd;
  return (
    <div className="relative h-6 rounded bg-muted" role="img" aria-label={[
        t("result.timeline", {
          count: route.breaks.length,
          from: route.start ? clockOf(route.start, format) : "",
          to: route.end ? clockOf(route.end, format) : "",
          driving: format.duration(route.drivingSeconds),
          service: format.duration(route.serviceSeconds),
          waiting: format.duration(route.waitingSeconds),
          breaks: count(route.breaks.length),
        }),
        pickups(route) > 0 ? t("result.timelinePickups", { count: pickups(route), pickups: count(pickups(route)) }) : "",
        route.reloads.length > 0 ? t("result.timelineReloads", { count: route.reloads.length, reloads: count(route.reloads.length) }) : "",
      ].join("")}>
      <div className="absolute top-1/2 h-1 -translate-y-1/2 rounded" style={{ left: pct(first), width: `calc(${pct(last)} - ${pct(first)})`, background: colour, opacity: 0.5 }} />
      {segmentsOf(route, title, format, t).map((s, i) => (
        <div
          key={i}
          title={s.title}
          data-segment={s.kind}
          data-pickup={s.pickup ? "" : undefined}
          className={`absolute top-0.5 bottom-0.5 min-w-[2px] rounded-sm ${segmentClass[s.kind]}`}
          style={{
            left: pct(s.from),
            width: `calc(${pct(s.to)} - ${pct(s.from)})`,
            // A pickup is an outlined block, a delivery a solid one.
            ...(s.kind === "service" ? (s.pickup ? { border: `2px solid ${colour}`, background: "transparent" } : { background: colour }) : {}),
          }}
        />
      ))}
    </div>
  );
}

/**
 * The hours above the timelines (the team's time of day, as the plan's times are written),
 * placed like the timelines' blocks; `reference` is the ISO time of `dayStart`.
 */
function HourScale({ reference, dayStart, dayEnd }: { reference: string; dayStart: number; dayEnd: number }) {
  const format = useFormat();
  const span = Math.max(dayEnd - dayStart, 1);
  const [h, m] = reference.slice(11, 16).split(":").map(Number);
  const startMinute = h! * 60 + m! + (dayStart - seconds(reference)) / 60;
  const hours: number[] = [];
  for (let hour = Math.ceil(startMinute / 60); hour * 60 <= startMinute + span / 60; hour++) hours.push(hour);
  const step = hours.length > 12 ? 2 : 1;
  return (
    <div className="relative mx-3 h-4 text-xs text-muted-foreground" aria-hidden="true" data-testid="hour-scale">
      {hours
        .filter((hour) => hour % step === 0)
        .map((hour) => (
          <span key={hour} className="absolute -translate-x-1/2" style={{ left: `${((((hour * 60 - startMinute) * 60) / span) * 100).toFixed(2)}%` }}>
            {hourOf(hour % 24, format)}
          </span>
        ))}
    </div>
  );
}

type RouteCardProps = {
  route: PlanRoute;
  index: number;
  name: string;
  dayStart: number;
  dayEnd: number;
  editing?: PlanEditing | undefined;
  title: (stop: PlanStop) => string;
  onStartMove: (target: MoveTarget) => void;
};

function RouteCard({ route, index, name, dayStart, dayEnd, editing, title, onStartMove }: RouteCardProps) {
  const colour = routeColour(index);
  const format = useFormat();
  const { t } = useTranslation("fleet");
  const dropAt = (position: number) => ({
    onDragOver: (e: DragEvent) => {
      if (editing && e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const orderId = e.dataTransfer.getData(DRAG_TYPE);
      if (!editing || !orderId) return;
      e.preventDefault();
      e.stopPropagation();
      editing.onMove(orderId, route.vehicleId, position);
    },
  });
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={t("result.routeOf", { name })} data-vehicle-id={route.vehicleId} {...dropAt(route.stops.length)}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-block size-3 rounded-full" style={{ background: colour }} data-route-colour={colour} aria-hidden="true" />
        <strong>{name}</strong>
        <span className="text-sm text-muted-foreground">
          {t("result.stops", { count: route.stops.length, stops: format.number(route.stops.length) })}
          {tripsOf(route, format, t) ? t("result.inTrips", { trips: tripsOf(route, format, t) }) : ""} · {format.distance(route.distanceMeters)} · {format.duration(route.durationSeconds)}
          {route.load.length > 0 ? t("result.load", { load: route.load.map((n) => format.number(n, 3)).join(" / ") }) : ""}
        </span>
      </div>
      <Timeline route={route} colour={colour} dayStart={dayStart} dayEnd={dayEnd} title={title} />
      <ol className="grid gap-0.5 text-sm">
        {route.stops.map((stop, i) => {
          const violating = editing?.violating.has(stop.orderId) ?? false;
          const locked = editing?.locked.has(stop.orderId) ?? false;
          // Back at the depot before this stop (issue 26): a row of its own, not an order (no number, not draggable).
          const reloads = route.reloads.filter((r) => r.afterStops === i);
          return [
            ...reloads.map((r, k) => (
              <li key={`reload-${i}-${k}`} className="flex flex-wrap items-center gap-2 rounded px-1 text-muted-foreground" data-reload="" {...dropAt(i)}>
                <span>
                  {clockOf(r.arrival, format)}–{clockOf(r.departure, format)} <strong className="font-medium text-foreground">{t("result.reload")}</strong>
                  {r.load.length > 0 ? t("result.loads", { load: r.load.map((n) => format.number(n, 3)).join(" / ") }) : ""}
                </span>
              </li>
            )),
            <li
              key={`${stop.orderId}-${stop.kind}`}
              className={`flex flex-wrap items-center gap-2 rounded px-1 ${violating ? "bg-destructive/10 text-destructive" : ""} ${editing ? "cursor-grab" : ""}`}
              draggable={editing ? true : undefined}
              data-order-id={stop.orderId}
              data-stop-kind={stop.kind}
              onDragStart={editing ? (e) => e.dataTransfer.setData(DRAG_TYPE, stop.orderId) : undefined}
              {...dropAt(i)}
            >
              <span>
                {i + 1}. {clockOf(stop.arrival, format)}{" "}
                {stop.kind === "pickup" ? (
                  <abbr title={t("result.pickup")} className="mr-1 inline-flex size-5 items-center justify-center rounded-sm border text-xs font-bold no-underline" style={{ borderColor: colour }} data-pickup-badge="">
                    P
                  </abbr>
                ) : null}
                {title(stop)}
                {stop.waitingSeconds > 0 ? <span className="text-muted-foreground">{t("result.waits", { duration: format.duration(stop.waitingSeconds) })}</span> : null}
                {violating ? <strong>{t("result.breaksConstraint")}</strong> : null}
              </span>
              {editing ? (
                <span className="ml-auto flex items-center gap-2 text-xs">
                  <label className="flex items-center gap-1">
                    <input type="checkbox" aria-label={t("result.lockNamed", { title: title(stop) })} checked={locked} disabled={editing.busy} onChange={() => editing.onToggleLock(stop.orderId, route.vehicleId, i)} />
                    <span aria-hidden="true">{t("result.lock")}</span>
                  </label>
                  <Button type="button" size="sm" variant="outline" className="h-7 px-2 text-xs" aria-label={t("move.title", { title: title(stop) })} disabled={editing.busy} onClick={() => onStartMove({ orderId: stop.orderId, title: title(stop), vehicleId: route.vehicleId })}>
                    {t("result.moveTo")}
                  </Button>
                </span>
              ) : null}
            </li>,
          ];
        })}
      </ol>
    </li>
  );
}

type PlanResultProps = {
  plan: Plan;
  vehicleNames: Record<string, string>;
  /** Each vehicle's start and end depot, for the map. */
  depots?: Depots | undefined;
  editing?: PlanEditing | undefined;
};

/** A finished plan: totals, the map, a timeline per vehicle, and every unassigned order with why. */
export function PlanResult({ plan, vehicleNames, depots = {}, editing }: PlanResultProps) {
  const format = useFormat();
  const { t } = useTranslation("fleet");
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const title = stopTitles(plan, t);
  // While editing, empty routes stay as drop targets; colours follow the order of the plan's routes.
  const used = plan.routes.filter((r) => r.stops.length > 0 || editing);
  const instants = used.flatMap((r) => [r.start, r.end, r.stops[0]?.arrival, r.stops.at(-1)?.departure].filter((t): t is string => Boolean(t)));
  const times = instants.map(seconds);
  const dayStart = Math.min(...times);
  const dayEnd = Math.max(...times);
  const first = instants[times.indexOf(dayStart)];
  return (
    <div className="grid gap-4">
      <Totals plan={plan} />
      <PlanMap plan={{ ...plan, routes: used }} vehicleNames={vehicleNames} depots={depots} stopTitle={title} />
      {first ? <HourScale reference={first} dayStart={dayStart} dayEnd={dayEnd} /> : null}
      <ul className="grid gap-3" aria-label={t("result.routes")}>
        {used.map((route, i) => (
          <RouteCard key={route.vehicleId} route={route} index={i} name={vehicleNames[route.vehicleId] ?? t("workspace.vehicle")} dayStart={dayStart} dayEnd={dayEnd} editing={editing} title={title} onStartMove={setMoving} />
        ))}
      </ul>
      {editing ? (
        <MoveStopDialog target={moving} routes={plan.routes} vehicles={editing.vehicles} stopTitle={title} onMove={editing.onMove} onUnassign={editing.onUnassign} onClose={() => setMoving(null)} />
      ) : null}
      {plan.unassigned.length > 0 ? (
        <section aria-labelledby="unassigned-title" className="grid gap-2">
          <h3 id="unassigned-title" className="font-medium text-destructive">
            {t("result.unplanned", { count: plan.unassigned.length, orders: format.number(plan.unassigned.length) })}
          </h3>
          <ul className="grid gap-1 text-sm">
            {plan.unassigned.map((u) => (
              <li key={u.orderId} className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/40 p-2" data-order-id={u.orderId}>
                <span>
                  <strong>{u.label}</strong>: {u.explanation}
                </span>
                {editing ? (
                  <Button type="button" size="sm" variant="outline" className="ml-auto h-7 px-2 text-xs" aria-label={t("result.putOnRouteNamed", { label: u.label })} disabled={editing.busy} onClick={() => setMoving({ orderId: u.orderId, title: u.label, vehicleId: null })}>
                    {t("result.putOnRoute")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
