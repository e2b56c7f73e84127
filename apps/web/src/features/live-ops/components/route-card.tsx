import { useState } from "react";
import { fleetMessages, type DriverPosition, type LiveRoute } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormat, type Formatter } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";
import { useMoveStop, useResequence } from "@/features/live-ops/api/live-ops";
import { ActionError } from "@/features/live-ops/components/action-error";
import { clock, delayText, failureReasonKeys, isLate, statusLabels } from "@/features/live-ops/lib/live";

type LiveStop = LiveRoute["stops"][number];

const routeStatusLabels = { planned: "routeStatus.planned", in_progress: "routeStatus.in_progress", completed: "routeStatus.completed" } as const satisfies Record<LiveRoute["status"], string>;
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
  const { t } = useTranslation("live-ops");
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
        {t("tracking.page")} <span className="sr-only">{t("tracking.of", { label: stop.label })}</span>
      </a>
      <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={t("tracking.copyLabel", { label: stop.label })}>
        {t("tracking.copy")}
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {copied === "yes" ? t("tracking.copied") : copied === "no" ? t("tracking.copyFailed", { url }) : ""}
      </span>
    </span>
  );
}

function Proofs({ stop }: { stop: LiveStop }) {
  const { t } = useTranslation("live-ops");
  if (stop.proof.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("proof.of", { label: stop.label })}>
      {stop.proof.map((file, i) => (
        <li key={file.id}>
          <a href={file.url} target="_blank" rel="noreferrer" className="block rounded border bg-white p-0.5 hover:ring-2 hover:ring-primary">
            <img src={file.url} alt={t(file.kind === "photo" ? "proof.photo" : "proof.signature", { number: i + 1, label: stop.label })} className="h-14 w-14 object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function MoveStop({ teamId, route, stop, targets }: { teamId: string; route: LiveRoute; stop: LiveStop; targets: LiveRoute[] }) {
  const { t } = useTranslation("live-ops");
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
        {t("move.to", { label: stop.label })}
      </label>
      <NativeSelect id={`move-${stop.id}`} className="h-9 min-w-0" value={to} onChange={(e) => setTo(e.target.value)}>
        <option value="">{t("move.placeholder")}</option>
        {targets.map((target) => (
          <option key={target.id} value={target.id}>
            {target.name}
            {target.driver ? ` (${target.driver.name})` : ""}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" disabled={!to || move.isPending} aria-label={t("move.label", { label: stop.label })}>
        {move.isPending ? t("move.moving") : t("move.submit")}
      </Button>
      <ActionError error={move.error} className="w-full" />
    </form>
  );
}

/** "service 5 min planned · 7 min actual · leg 1.2 km planned · 0.9 km driven": what the server has of a stop's planned vs actual, written by `format`. */
function plannedVsActual(stop: LiveStop, format: Formatter, t: TFunction<"live-ops">): string {
  const parts: string[] = [];
  const minutes = (s: number) => t("actuals.minutes", { minutes: format.number(Math.round(s / 60)) });
  if (stop.plannedServiceSeconds !== undefined) parts.push(t("actuals.service", { planned: minutes(stop.plannedServiceSeconds) }) + (stop.actualServiceSeconds != null ? t("actuals.serviceActual", { actual: minutes(stop.actualServiceSeconds) }) : ""));
  if (stop.plannedLegDistanceMeters !== undefined) {
    parts.push(t("actuals.leg", { planned: format.distance(stop.plannedLegDistanceMeters) }) + (stop.actualLegDistanceMeters != null ? t("actuals.legDriven", { driven: format.distance(stop.actualLegDistanceMeters) }) : ""));
  }
  return parts.join(" · ");
}

function StopItem({ teamId, route, stop, number, targets }: { teamId: string; route: LiveRoute; stop: LiveStop; number: number; targets: LiveRoute[] }) {
  const format = useFormat();
  const { t } = useTranslation("live-ops");
  const actuals = plannedVsActual(stop, format, t);
  return (
    <li className="grid gap-1 border-t py-2 text-sm first:border-t-0" data-stop-id={stop.id} data-status={stop.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span>
          <span className="font-semibold">{number}.</span> {stop.label}
        </span>
        <span className={cn("font-medium", stopStatusClass[stop.status])}>
          {t(statusLabels[stop.status])}
          {stop.failureReason ? ` — ${t(failureReasonKeys[stop.failureReason])}` : ""}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {t("stop.planned", { time: clock(stop.plannedArrival, format) })}
        {stop.arrivedAt ? t("stop.arrived", { time: clock(stop.arrivedAt, format) }) : ""}
        {stop.completedAt ? t("stop.finished", { time: clock(stop.completedAt, format) }) : ""}
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
  const { t } = useTranslation("live-ops");
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
        <Badge variant={route.status === "completed" ? "success" : "outline"}>{t(routeStatusLabels[route.status])}</Badge>
        {late ? <Badge variant="destructive">{t("card.late")}</Badge> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("card.driver")}</dt>
        <dd>{route.driver?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">{t("card.vehicle")}</dt>
        <dd>{route.vehicle?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">{t("card.stopsDone")}</dt>
        <dd>
          <span data-testid="done-count">
            {t("card.doneOf", { done: route.done, total: route.total })}
          </span>
          <progress className="ml-2 h-2 w-20 align-middle accent-primary" value={route.done} max={Math.max(route.total, 1)} aria-label={t("card.doneLabel", { done: route.done, total: route.total })} />
        </dd>
        <dt className="text-muted-foreground">{t("card.againstPlan")}</dt>
        <dd className={cn(late && "font-semibold text-destructive")} data-testid="delay">
          {delayText(route.delayMinutes, format)}
        </dd>
        <dt className="text-muted-foreground">{t("card.distance")}</dt>
        <dd>
          {t("card.distances", { planned: format.distance(route.distanceMeters), driven: route.actualDistanceMeters === null ? "—" : format.distance(route.actualDistanceMeters) })}
        </dd>
        <dt className="text-muted-foreground">{t("card.lastPosition")}</dt>
        <dd data-testid="last-position">{position ? `${clock(position.at, format)} (${position.lat.toFixed(5)}, ${position.lng.toFixed(5)})` : t("card.noneYet")}</dd>
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
          {resequence.isPending ? t("card.resequencing") : t("card.resequence")}
        </Button>
        <ActionError error={resequence.error} />
        {resequence.isSuccess ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("card.resequenced")}
          </p>
        ) : null}
      </div>
      <ol className="grid" aria-label={t("card.stopsOf", { name: route.name })}>
        {route.stops.map((stop, i) => [
          // Back at the start depot between two trips (issue 26): not an order, nothing to act on.
          ...route.reloads
            .filter((r) => r.afterSequence === route.stops[i - 1]?.sequence)
            .map((r) => (
              <li key={`reload-${r.afterSequence}`} className="border-t py-2 text-sm text-muted-foreground" data-reload="">
                {clock(r.plannedArrival, format)}–{clock(r.plannedDeparture, format)} <span className="font-medium text-foreground">{translateMessage(fleetMessages.reloadLabel)}</span>
              </li>
            )),
          <StopItem key={stop.id} teamId={teamId} route={route} stop={stop} number={i + 1} targets={targets} />,
        ])}
      </ol>
    </li>
  );
}
