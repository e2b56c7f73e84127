import type { DragEvent } from "react";
import type { Plan } from "@routepilot/contracts";
import { formatDuration } from "@/lib/format-duration";
import { routeColour } from "@/lib/route-colours";
import { PlanMap } from "@/features/fleet/components/plan-map";

type PlanRoute = Plan["routes"][number];

/** What a manager may do to a finished plan that is not dispatched: move stops and lock them. */
export type PlanEditing = {
  /** Order ids locked to their vehicle. */
  locked: ReadonlySet<string>;
  onMove: (orderId: string, toVehicleId: string, position: number) => void;
  onToggleLock: (orderId: string, vehicleId: string, position: number) => void;
  /** Vehicles a stop may be moved to (the plan's vehicles, used or not). */
  vehicles: { id: string; name: string }[];
  /** Order ids a manual edit has put in breach of a constraint. */
  violating: ReadonlySet<string>;
  busy: boolean;
};

const DRAG_TYPE = "application/x-routepilot-order";

/** "HH:MM" of an ISO time on the plan's date, as the server wrote it (the team's time of day). */
export function clockOf(iso: string): string {
  return iso.slice(11, 16);
}

const seconds = (iso: string) => Date.parse(iso) / 1000;
const km = (meters: number) => `${(meters / 1000).toFixed(1)} km`;
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** The plan's totals in words: what the comparison and the result both show. */
export function planFigures(plan: Plan): { label: string; value: string }[] {
  const t = plan.totals;
  if (!t) return [];
  return [
    { label: "Orders planned", value: `${t.assigned} of ${t.orders}` },
    { label: "Unassigned", value: String(t.unassigned) },
    { label: "Vehicles used", value: String(t.vehiclesUsed) },
    { label: "Distance", value: km(t.distanceMeters) },
    { label: "Time", value: formatDuration(t.durationSeconds) },
    { label: "Waiting", value: formatDuration(t.waitingSeconds) },
    { label: "Lateness", value: formatDuration(t.latenessSeconds) },
    { label: "Cost", value: pounds(t.costPence) },
  ];
}

function Totals({ plan }: { plan: Plan }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Plan totals">
      {planFigures(plan).map((f) => (
        <div key={f.label} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{f.label}</dt>
          <dd className="font-semibold">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Segment = { kind: "waiting" | "service" | "break"; from: number; to: number; title: string };

function segmentsOf(route: PlanRoute): Segment[] {
  const out: Segment[] = [];
  route.stops.forEach((stop, i) => {
    const arrival = seconds(stop.arrival);
    const served = arrival + stop.waitingSeconds;
    if (stop.waitingSeconds > 0) out.push({ kind: "waiting", from: arrival, to: served, title: `Waiting before stop ${i + 1}: ${formatDuration(stop.waitingSeconds)}` });
    out.push({ kind: "service", from: served, to: seconds(stop.departure), title: `Stop ${i + 1} ${stop.label}: ${clockOf(stop.arrival)}–${clockOf(stop.departure)}` });
  });
  for (const b of route.breaks) out.push({ kind: "break", from: seconds(b.start), to: seconds(b.end), title: `Break ${clockOf(b.start)}–${clockOf(b.end)}` });
  return out;
}

const segmentClass: Record<Segment["kind"], string> = {
  waiting: "bg-amber-300 dark:bg-amber-600",
  service: "",
  break: "bg-slate-500",
};

/**
 * A vehicle's day as a bar from its start to its end: driving is the coloured line, service the
 * solid blocks, waiting amber, breaks grey.
 */
function Timeline({ route, colour, dayStart, dayEnd }: { route: PlanRoute; colour: string; dayStart: number; dayEnd: number }) {
  const span = Math.max(dayEnd - dayStart, 1);
  const pct = (t: number) => `${(((t - dayStart) / span) * 100).toFixed(2)}%`;
  const first = route.start ? seconds(route.start) : route.stops[0] ? seconds(route.stops[0].arrival) : dayStart;
  const last = route.end ? seconds(route.end) : route.stops.at(-1) ? seconds(route.stops.at(-1)!.departure) : dayEnd;
  return (
    <div className="relative h-6 rounded bg-muted" role="img" aria-label={`Timeline ${route.start ? clockOf(route.start) : ""}–${route.end ? clockOf(route.end) : ""}: driving ${formatDuration(route.drivingSeconds)}, service ${formatDuration(route.serviceSeconds)}, waiting ${formatDuration(route.waitingSeconds)}, ${route.breaks.length} breaks`}>
      <div className="absolute top-1/2 h-1 -translate-y-1/2 rounded" style={{ left: pct(first), width: `calc(${pct(last)} - ${pct(first)})`, background: colour, opacity: 0.5 }} />
      {segmentsOf(route).map((s, i) => (
        <div
          key={i}
          title={s.title}
          data-segment={s.kind}
          className={`absolute top-0.5 bottom-0.5 min-w-[2px] rounded-sm ${segmentClass[s.kind]}`}
          style={{ left: pct(s.from), width: `calc(${pct(s.to)} - ${pct(s.from)})`, ...(s.kind === "service" ? { background: colour } : {}) }}
        />
      ))}
    </div>
  );
}

function RouteCard({ route, index, name, dayStart, dayEnd, editing }: { route: PlanRoute; index: number; name: string; dayStart: number; dayEnd: number; editing?: PlanEditing | undefined }) {
  const colour = routeColour(index);
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
    <li className="grid gap-2 rounded-md border p-3" aria-label={`Route of ${name}`} data-vehicle-id={route.vehicleId} {...dropAt(route.stops.length)}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-block size-3 rounded-full" style={{ background: colour }} data-route-colour={colour} aria-hidden="true" />
        <strong>{name}</strong>
        <span className="text-sm text-muted-foreground">
          {route.stops.length} stops · {km(route.distanceMeters)} · {formatDuration(route.durationSeconds)}
          {route.load.length > 0 ? ` · load ${route.load.join(" / ")}` : ""}
        </span>
      </div>
      <Timeline route={route} colour={colour} dayStart={dayStart} dayEnd={dayEnd} />
      <ol className="grid gap-0.5 text-sm">
        {route.stops.map((stop, i) => {
          const violating = editing?.violating.has(stop.orderId) ?? false;
          const locked = editing?.locked.has(stop.orderId) ?? false;
          return (
            <li
              key={`${stop.orderId}-${stop.kind}`}
              className={`flex flex-wrap items-center gap-2 rounded px-1 ${violating ? "bg-destructive/10 text-destructive" : ""} ${editing ? "cursor-grab" : ""}`}
              draggable={editing ? true : undefined}
              data-order-id={stop.orderId}
              onDragStart={editing ? (e) => e.dataTransfer.setData(DRAG_TYPE, stop.orderId) : undefined}
              {...dropAt(i)}
            >
              <span>
                {i + 1}. {clockOf(stop.arrival)} {stop.kind === "pickup" ? "Pick up: " : ""}
                {stop.label}
                {stop.waitingSeconds > 0 ? <span className="text-muted-foreground"> (waits {formatDuration(stop.waitingSeconds)})</span> : null}
                {violating ? <strong> — breaks a constraint</strong> : null}
              </span>
              {editing ? (
                <span className="ml-auto flex items-center gap-2 text-xs">
                  <label className="flex items-center gap-1">
                    <input type="checkbox" aria-label={`Lock ${stop.label}`} checked={locked} disabled={editing.busy} onChange={() => editing.onToggleLock(stop.orderId, route.vehicleId, i)} />
                    <span aria-hidden="true">Lock</span>
                  </label>
                  <select
                    aria-label={`Move ${stop.label} to`}
                    className="h-7 rounded border border-input bg-background px-1"
                    value=""
                    disabled={editing.busy}
                    onChange={(e) => e.target.value && editing.onMove(stop.orderId, e.target.value, 10_000)}
                  >
                    <option value="">Move to…</option>
                    {editing.vehicles
                      .filter((v) => v.id !== route.vehicleId)
                      .map((v) => (
                        <option key={v.id} value={v.id}>
                          {v.name}
                        </option>
                      ))}
                  </select>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </li>
  );
}

/** A finished plan: totals, the map, a timeline per vehicle, and every unassigned order with why. */
export function PlanResult({ plan, vehicleNames, editing }: { plan: Plan; vehicleNames: Record<string, string>; editing?: PlanEditing | undefined }) {
  // While editing, empty routes stay as drop targets; colours follow the order of the plan's routes.
  const used = plan.routes.filter((r) => r.stops.length > 0 || editing);
  const times = used.flatMap((r) => [r.start, r.end, r.stops[0]?.arrival, r.stops.at(-1)?.departure].filter((t): t is string => Boolean(t)).map(seconds));
  const dayStart = Math.min(...times);
  const dayEnd = Math.max(...times);
  return (
    <div className="grid gap-4">
      <Totals plan={plan} />
      <PlanMap plan={{ ...plan, routes: used }} vehicleNames={vehicleNames} />
      <ul className="grid gap-3" aria-label="Routes">
        {used.map((route, i) => (
          <RouteCard key={route.vehicleId} route={route} index={i} name={vehicleNames[route.vehicleId] ?? "Vehicle"} dayStart={dayStart} dayEnd={dayEnd} editing={editing} />
        ))}
      </ul>
      {plan.unassigned.length > 0 ? (
        <section aria-labelledby="unassigned-title" className="grid gap-2">
          <h3 id="unassigned-title" className="font-medium text-destructive">
            {plan.unassigned.length === 1 ? "1 order could not be planned" : `${plan.unassigned.length} orders could not be planned`}
          </h3>
          <ul className="grid gap-1 text-sm">
            {plan.unassigned.map((u) => (
              <li key={u.orderId} className="rounded-md border border-destructive/40 p-2">
                <strong>{u.label}</strong>: {u.explanation}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
