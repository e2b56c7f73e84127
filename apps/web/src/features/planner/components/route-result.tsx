import { RefreshCw, TriangleAlert, Undo2 } from "lucide-react";
import { clockToSeconds, type RouteDetail } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { AddStopForm } from "@/features/planner/components/add-stop-form";
import { DroppedStops } from "@/features/planner/components/dropped-stops";
import { RouteActions } from "@/features/planner/components/route-actions";
import { RouteStopsList } from "@/features/planner/components/route-stops-list";
import type { PlannedRoute } from "@/features/planner/hooks/use-planned-route";
import { savingSummary } from "@/features/planner/lib/saving";
import type { TFunction } from "i18next";
import type { Formatter } from "@/lib/format";

const DAY_S = 86_400;
const profileKeys = { car: "result.profile.car", van: "result.profile.van", truck: "result.profile.truck", bicycle: "result.profile.bicycle", foot: "result.profile.foot" } as const;

/** When the route ends, as contracts' `routeTimingWarnings` checks it: past the end of day the user set, and past midnight. */
function timingWarnings(route: RouteDetail): ({ kind: "overDay" } | { kind: "afterMidnight"; days: number })[] {
  const warnings: ({ kind: "overDay" } | { kind: "afterMidnight"; days: number })[] = [];
  if (route.maxDurationSeconds != null && route.durationSeconds > route.maxDurationSeconds + 59) warnings.push({ kind: "overDay" });
  const days = Math.floor((clockToSeconds(route.departureTime) + route.durationSeconds) / DAY_S);
  if (days >= 1) warnings.push({ kind: "afterMidnight", days });
  return warnings;
}

/** `savingSummary`'s sentence in the reader's language (the figures written by `format`). */
function savingText(route: RouteDetail, saving: { meters: number; percent: number }, format: Formatter, t: TFunction<"planner">): string {
  const planned = route.stops.length;
  const same = route.unassigned.length > 0;
  if (route.originalDistanceMeters === null) return t("saving.none");
  if (saving.meters <= 0) return same ? t("saving.alreadyShortestSame", { count: planned }) : t("saving.alreadyShortest");
  const values = { distance: format.distance(saving.meters), percent: format.percent(saving.percent, 1) };
  return same ? t("saving.savesSame", { ...values, count: planned }) : t("saving.saves", values);
}

type RouteResultProps = {
  route: RouteDetail;
  /** The selection, the user's moves and pins, and re-planning (from `usePlannedRoute`). */
  plan: Pick<
    PlannedRoute,
    | "selected"
    | "setSelected"
    | "order"
    | "pinned"
    | "orderChanged"
    | "pinsChanged"
    | "moveStop"
    | "togglePin"
    | "undoMoves"
    | "replan"
    | "replanning"
    | "replanWithoutDropped"
    | "addStops"
    | "addingStops"
    | "removeStop"
  >;
};

/**
 * The optimised route: totals, whether it fits the day, saving versus the typed order of the same
 * stops, the stops that could not be included, the ordered stops (move, pin, remove), adding a
 * stop, re-planning and hand-off.
 */
export function RouteResult({ route, plan }: RouteResultProps) {
  const { selected, order, pinned } = plan;
  const format = useFormat();
  const { t } = useTranslation("planner");
  const saving = savingSummary(route, format);
  const warnings = timingWarnings(route).map((w) => (w.kind === "overDay" ? t("result.doesNotFitDay") : t("result.afterMidnight", { days: w.days })));
  // `selected` is a position in the list as the user has reordered it; the hand-off indexes the planned stops.
  const nextStop = selected === null ? 0 : Math.max(0, route.stops.findIndex((s) => s.id === order[selected]));

  return (
    <Card className="print:border-0 print:shadow-none" data-testid="route-result">
      <CardHeader className="gap-3">
        {/* On paper: what this is and when it was planned (the app's header is not printed). */}
        <p className="hidden text-sm print:block" data-testid="print-title">
          {t("result.printTitle", { date: format.date(route.createdAt, "long"), time: format.time(route.createdAt), departure: route.departureTime })}
        </p>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <CardTitle>{route.name}</CardTitle>
            <CardDescription>
              {t("result.stops", { count: route.stops.length })} · {route.roundTrip ? t("result.roundTrip") : route.end ? t("result.endsAtPlace") : t("result.endsAtLastStop")} · {t(profileKeys[route.profile])}
            </CardDescription>
          </div>
          <Badge variant={route.distanceKind === "road distance" ? "success" : "secondary"}>{route.distanceKind === "road distance" ? t("result.roadDistance") : t("result.straightLine")}</Badge>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">{t("result.distance")}</dt>
            <dd className="text-lg font-semibold" data-testid="route-distance">
              {format.distance(route.distanceMeters)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">{t("result.time")}</dt>
            <dd className="text-lg font-semibold">{format.duration(route.durationSeconds)}</dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">{t("result.stopsLabel")}</dt>
            <dd className="text-lg font-semibold">{route.stops.length}</dd>
          </div>
        </dl>
        {warnings.map((warning) => (
          <p key={warning} className="flex items-start gap-2 rounded-lg border border-warning-foreground/40 px-3 py-2 text-sm text-warning-foreground" role="status" data-testid="route-timing-warning">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {warning}
          </p>
        ))}
        <p
          className={cn("rounded-lg border px-3 py-2 text-sm font-medium", saving.meters > 0 ? "border-success/40 text-success" : "text-muted-foreground")}
          data-testid="route-saving"
        >
          {savingText(route, saving, format, t)}
          {route.originalDistanceMeters !== null && saving.meters > 0 ? (
            <span className="block text-xs font-normal text-muted-foreground">
              {t("result.yourOrderVersus", { original: format.distance(route.originalDistanceMeters), optimised: format.distance(route.distanceMeters) })}
            </span>
          ) : null}
        </p>
        <DroppedStops unassigned={route.unassigned} onReplanWithout={plan.replanWithoutDropped} pending={plan.replanning} />
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <RouteActions route={route} nextStop={nextStop} />
        <RouteStopsList
          route={route}
          order={order}
          pinned={pinned}
          selected={selected}
          onSelect={(i) => plan.setSelected(selected === i ? null : i)}
          onMove={plan.moveStop}
          onTogglePin={plan.togglePin}
          onRemove={plan.removeStop}
        />
        <AddStopForm
          near={route.start}
          pending={plan.addingStops}
          onAdd={(stop, { done, fail, askToConfirm }) =>
            plan.addStops([stop], { onAdded: done, onFieldErrors: (fields) => fail(Object.values(fields)[0] ?? ""), onNeedsConfirmation: askToConfirm })
          }
        />
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button onClick={() => plan.replan(true)} disabled={plan.replanning} variant={plan.orderChanged || plan.pinsChanged ? "default" : "outline"} size="sm">
            <RefreshCw aria-hidden="true" className={plan.replanning ? "animate-spin" : undefined} />
            {pinned.size > 0 ? t("result.reoptimisePinned") : t("result.reoptimise")}
          </Button>
          {plan.orderChanged ? (
            <>
              <Button onClick={() => plan.replan(false)} disabled={plan.replanning} variant="outline" size="sm">
                {t("result.keepOrder")}
              </Button>
              <Button onClick={plan.undoMoves} variant="ghost" size="sm">
                <Undo2 aria-hidden="true" />
                {t("result.undoMoves")}
              </Button>
            </>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {route.distanceKind === "road distance" ? t("result.roadNetwork") : t("result.straightLineNote")}
          {route.attribution ? t("result.routingData", { attribution: route.attribution }) : ""}
        </p>
      </CardContent>
    </Card>
  );
}
