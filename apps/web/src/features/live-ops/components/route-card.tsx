import { useState } from "react";
import { failureReasonLabels, fleetMessages, type DriverPosition, type LiveRoute } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormat, type Formatter } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useMoveStop, useResequence } from "@/features/live-ops/api/live-ops";
import { ActionError } from "@/features/live-ops/components/action-error";
import { clock, delayText, isLate, statusLabels } from "@/features/live-ops/lib/live";

type LiveStop = LiveRoute["stops"][number];

const routeStatusLabels: Record<LiveRoute["status"], string> = { planned: "Not started", in_progress: "On the road", completed: "Completed" };
const stopStatusClass: Record<LiveStop["status"], string> = {
  pending: "text-muted-foreground",
  arrived: "text-amber-700 dark:text-amber-400",
  done: "text-green-700 dark:text-green-400",
  failed: "text-destructive",
};

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}

function TrackingLink({ stop }: { stop: LiveStop }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  if (!stop.trackingUrl) return null;
  const url = absoluteUrl(stop.trackingUrl);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <a className="text-primary underline-offset-4 hover:underline" href={url} target="_blank" rel="noreferrer">
        Tracking page <span className="sr-only">of {stop.label}</span>
      </a>
      <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={`Copy the tracking link of ${stop.label}`}>
        Copy link
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {copied === "yes" ? "Copied" : copied === "no" ? `Copy failed: ${url}` : ""}
      </span>
    </span>
  );
}

function Proofs({ stop }: { stop: LiveStop }) {
  if (stop.proof.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Proof of delivery of ${stop.label}`}>
      {stop.proof.map((file, i) => (
        <li key={file.id}>
          <a href={file.url} target="_blank" rel="noreferrer" className="block rounded border bg-white p-0.5 hover:ring-2 hover:ring-primary">
            <img src={file.url} alt={`${file.kind === "photo" ? "Photo" : "Signature"} ${i + 1} of ${stop.label}`} className="h-14 w-14 object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function MoveStop({ teamId, route, stop, targets }: { teamId: string; route: LiveRoute; stop: LiveStop; targets: LiveRoute[] }) {
  const move = useMoveStop(teamId);
  const [to, setTo] = useState("");
  if (targets.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (to) move.mutate({ routeId: route.id, stopId: stop.id, toRouteId: to }, { onSuccess: () => setTo("") });
      }}
    >
      <label className="sr-only" htmlFor={`move-${stop.id}`}>
        Move {stop.label} to
      </label>
      <NativeSelect id={`move-${stop.id}`} className="h-9 min-w-0" value={to} onChange={(e) => setTo(e.target.value)}>
        <option value="">Move to another route…</option>
        {targets.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
            {t.driver ? ` (${t.driver.name})` : ""}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" disabled={!to || move.isPending} aria-label={`Move ${stop.label}`}>
        {move.isPending ? "Moving…" : "Move"}
      </Button>
      <ActionError error={move.error} className="w-full" />
    </form>
  );
}

/** "service 5 min planned · 7 min actual · leg 1.2 km planned · 0.9 km driven": what the server has of a stop's planned vs actual, written by `format`. */
function plannedVsActual(stop: LiveStop, format: Formatter): string {
  const parts: string[] = [];
  const minutes = (s: number) => `${format.number(Math.round(s / 60))} min`;
  if (stop.plannedServiceSeconds !== undefined) parts.push(`service ${minutes(stop.plannedServiceSeconds)} planned${stop.actualServiceSeconds != null ? ` · ${minutes(stop.actualServiceSeconds)} actual` : ""}`);
  if (stop.plannedLegDistanceMeters !== undefined) {
    parts.push(`leg ${format.distance(stop.plannedLegDistanceMeters)} planned${stop.actualLegDistanceMeters != null ? ` · ${format.distance(stop.actualLegDistanceMeters)} driven` : ""}`);
  }
  return parts.join(" · ");
}

function StopItem({ teamId, route, stop, number, targets }: { teamId: string; route: LiveRoute; stop: LiveStop; number: number; targets: LiveRoute[] }) {
  const format = useFormat();
  const actuals = plannedVsActual(stop, format);
  return (
    <li className="grid gap-1 border-t py-2 text-sm first:border-t-0" data-stop-id={stop.id} data-status={stop.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span>
          <span className="font-semibold">{number}.</span> {stop.label}
        </span>
        <span className={cn("font-medium", stopStatusClass[stop.status])}>
          {statusLabels[stop.status]}
          {stop.failureReason ? ` — ${failureReasonLabels[stop.failureReason]}` : ""}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        Planned {clock(stop.plannedArrival, format)}
        {stop.arrivedAt ? ` · arrived ${clock(stop.arrivedAt, format)}` : ""}
        {stop.completedAt ? ` · finished ${clock(stop.completedAt, format)}` : ""}
      </p>
      {actuals ? <p className="text-xs text-muted-foreground">{actuals}</p> : null}
      <Proofs stop={stop} />
      <TrackingLink stop={stop} />
      {stop.status === "pending" && route.status !== "completed" ? <MoveStop teamId={teamId} route={route} stop={stop} targets={targets} /> : null}
    </li>
  );
}

/** One dispatched route: driver, vehicle, progress, delay, distances, its stops, and the re-plan actions. */
export function RouteCard({
  teamId,
  route,
  colour,
  position,
  targets,
}: {
  teamId: string;
  route: LiveRoute;
  colour: string;
  position: DriverPosition | undefined;
  /** Routes a pending stop of this one may move to. */
  targets: LiveRoute[];
}) {
  const format = useFormat();
  const resequence = useResequence(teamId);
  const late = isLate(route);
  const pending = route.stops.filter((s) => s.status === "pending").length;
  const titleId = `live-route-${route.id}`;
  return (
    <li
      aria-labelledby={titleId}
      data-route-id={route.id}
      data-late={late ? "true" : "false"}
      className={cn("grid gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm", late && "border-2 border-destructive bg-destructive/5")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: colour }} data-route-colour={colour} />
        <h3 id={titleId} className="font-semibold">
          {route.name}
        </h3>
        <Badge variant={route.status === "completed" ? "success" : "outline"}>{routeStatusLabels[route.status]}</Badge>
        {late ? <Badge variant="destructive">Late</Badge> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Driver</dt>
        <dd>{route.driver?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">Vehicle</dt>
        <dd>{route.vehicle?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">Stops done</dt>
        <dd>
          <span data-testid="done-count">
            {route.done} of {route.total}
          </span>
          <progress className="ml-2 h-2 w-20 align-middle accent-primary" value={route.done} max={Math.max(route.total, 1)} aria-label={`${route.done} of ${route.total} stops done`} />
        </dd>
        <dt className="text-muted-foreground">Against plan</dt>
        <dd className={cn(late && "font-semibold text-destructive")} data-testid="delay">
          {delayText(route.delayMinutes, format)}
        </dd>
        <dt className="text-muted-foreground">Distance</dt>
        <dd>
          {format.distance(route.distanceMeters)} planned · {route.actualDistanceMeters === null ? "—" : format.distance(route.actualDistanceMeters)} driven
        </dd>
        <dt className="text-muted-foreground">Last position</dt>
        <dd data-testid="last-position">{position ? `${clock(position.at, format)} (${position.lat.toFixed(5)}, ${position.lng.toFixed(5)})` : "None yet"}</dd>
      </dl>
      <div className="grid gap-1">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={pending < 2 || route.status === "completed" || resequence.isPending}
          onClick={() => resequence.mutate(route.id)}
        >
          {resequence.isPending ? "Re-sequencing…" : "Re-sequence remaining stops"}
        </Button>
        <ActionError error={resequence.error} />
        {resequence.isSuccess ? (
          <p role="status" className="text-sm text-muted-foreground">
            Remaining stops re-sequenced from the driver&apos;s position.
          </p>
        ) : null}
      </div>
      <ol className="grid" aria-label={`Stops of ${route.name}`}>
        {route.stops.map((stop, i) => [
          // Back at the start depot between two trips (issue 26): not an order, nothing to act on.
          ...route.reloads
            .filter((r) => r.afterSequence === route.stops[i - 1]?.sequence)
            .map((r) => (
              <li key={`reload-${r.afterSequence}`} className="border-t py-2 text-sm text-muted-foreground" data-reload="">
                {clock(r.plannedArrival, format)}–{clock(r.plannedDeparture, format)} <span className="font-medium text-foreground">{fleetMessages.reloadLabel}</span>
              </li>
            )),
          <StopItem key={stop.id} teamId={teamId} route={route} stop={stop} number={i + 1} targets={targets} />,
        ])}
      </ol>
    </li>
  );
}
