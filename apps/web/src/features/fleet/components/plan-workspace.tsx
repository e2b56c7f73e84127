import { useState } from "react";
import { planObjectives, type Driver, type PlanDetail, type PlanObjective, type Vehicle } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { InlineError } from "@/components/errors/inline-error";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { weekdayOf } from "@/lib/operating-day";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { objectiveNames, WEEKDAY_PLURAL_KEY } from "@/features/fleet/lib/fleet-words";
import { isDispatchWarning, useComparePlans, useCreateVariant, useDispatchPlan, useMovePlanStop, useReplan, useSavePlanLocks } from "@/features/fleet/api/plan-edits";
import { useDayPlans, usePlan } from "@/features/fleet/api/plans";
import { ErrorAlert, VehicleChoice } from "@/features/fleet/components/fleet-ui";
import type { Depots } from "@/features/fleet/components/plan-map";
import { PlanResult, planFigures, type PlanEditing } from "@/features/fleet/components/plan-result";


function Progress({ plan }: { plan: PlanDetail | undefined }) {
  const format = useFormat();
  const { t } = useTranslation("fleet");
  return (
    <div className="grid gap-1">
      <progress className="w-full" max={1} value={plan?.progress ?? 0} aria-label={t("workspace.progress")} />
      <p className="text-sm text-muted-foreground">{plan?.status === "solving" ? t("workspace.planning", { percent: format.percent(plan.progress * 100, 0) }) : t("workspace.waiting")}</p>
    </div>
  );
}

type PlanSummary = { id: string; name: string | null; parentPlanId: string | null; createdAt: string; version: number };

/** What a plan is called in the comparison: its variant name, else when it was made (a time written by `format`, useFormat()). */
export function planTitle(p: Pick<PlanSummary, "name" | "createdAt">, format: Formatter, t: TFunction<"fleet">): string {
  if (p.name) return p.name;
  const made = new Date(p.createdAt);
  return Number.isNaN(made.getTime()) ? t("workspace.firstPlan") : t("workspace.firstPlanMade", { time: format.time(made) });
}

/** The plans of `plans` in the same family as `id` (the first plan and every variant made from it or its variants). */
export function planFamily(plans: readonly PlanSummary[], id: string): Set<string> {
  const parent = new Map(plans.map((p) => [p.id, p.parentPlanId]));
  const root = (start: string) => {
    let at = start;
    const seen = new Set<string>();
    while (parent.get(at) && !seen.has(at)) {
      seen.add(at);
      at = parent.get(at)!;
    }
    return at;
  };
  const mine = root(id);
  return new Set(plans.filter((p) => root(p.id) === mine).map((p) => p.id));
}

const MAX_COMPARED = 5;

const PLAN_STATUS_KEY = { queued: "planner.status.queued", solving: "planner.status.solving", done: "planner.status.done", failed: "planner.status.failed" } as const;

/**
 * The day's plans from the server (so a reload loses nothing): the plan's family is ticked for
 * comparison, any other plan of the day can be; at most five at once.
 */
function CompareChooser({ teamId, date, currentId, onPick }: { teamId: string; date: string; currentId: string; onPick: (id: string) => void }) {
  const day = useDayPlans(teamId, date);
  const format = useFormat();
  const { t } = useTranslation("fleet");
  const [choice, setChoice] = useState<Record<string, boolean>>({});
  const plans = day.data ?? [];
  const family = planFamily(plans, currentId);
  const wanted = plans.filter((p) => p.id === currentId || (choice[p.id] ?? family.has(p.id)));
  const chosen = [currentId, ...wanted.filter((p) => p.id !== currentId).map((p) => p.id)].slice(0, MAX_COMPARED);
  if (plans.length < 2) return null;
  return (
    <section aria-labelledby="compare-title" className="grid gap-2 rounded-md border p-3">
      <h3 id="compare-title" className="font-medium">
        {t("workspace.compareFor", { day: date })}
      </h3>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <legend className="sr-only">{t("workspace.toCompare")}</legend>
        {plans.map((p) => (
          <label key={p.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(p.id)}
              disabled={p.id === currentId || (!chosen.includes(p.id) && chosen.length >= MAX_COMPARED)}
              onChange={(e) => setChoice({ ...choice, [p.id]: e.target.checked })}
            />
            {planTitle(p, format, t)}
            {p.dispatchedAt ? <span className="text-muted-foreground">{t("workspace.dispatchedMark")}</span> : null}
          </label>
        ))}
      </fieldset>
      {chosen.length >= MAX_COMPARED ? <p className="text-xs text-muted-foreground">{t("workspace.atMost", { count: MAX_COMPARED })}</p> : null}
      {chosen.length < 2 ? <p className="text-sm text-muted-foreground">{t("workspace.tickAnother")}</p> : <Comparison teamId={teamId} planIds={chosen} currentId={currentId} onPick={onPick} />}
    </section>
  );
}

/** Side by side: the totals of the plans, one column each; "Use this plan" picks one. */
function Comparison({ teamId, planIds, currentId, onPick }: { teamId: string; planIds: string[]; currentId: string; onPick: (id: string) => void }) {
  const compare = useComparePlans(teamId, planIds);
  const format = useFormat();
  const { t } = useTranslation("fleet");
  if (compare.error) return <p className="text-sm text-destructive">{errorMessage(compare.error)}</p>;
  if (!compare.data) return <p className="text-sm text-muted-foreground">{t("workspace.comparing")}</p>;
  const { plans } = compare.data;
  const rows = plans.map((p) => ({ p, figures: planFigures({ totals: p.totals } as PlanDetail, format, t) }));
  const labels = rows[0]?.figures.map((f) => f.label) ?? [];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={t("workspace.compared")}>
        <thead>
          <tr>
            <th className="p-2 text-left">{t("planner.plan")}</th>
            {rows.map(({ p }) => (
              <th key={p.id} className="p-2 text-left">
                {planTitle(p, format, t)} <span className="block text-xs font-normal text-muted-foreground">{t(objectiveNames[p.objective].title)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label} className="border-t">
              <th className="p-2 text-left font-normal">{label}</th>
              {rows.map(({ p, figures }) => (
                <td key={p.id} className="p-2">
                  {p.status === "done" ? figures[i]?.value : t(PLAN_STATUS_KEY[p.status])}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t">
            <th className="p-2 text-left font-normal">{t("workspace.broken")}</th>
            {rows.map(({ p }) => (
              <td key={p.id} className="p-2">
                {p.violations}
              </td>
            ))}
          </tr>
          <tr className="border-t">
            <td />
            {rows.map(({ p }) => (
              <td key={p.id} className="p-2">
                {p.id === currentId ? (
                  <span className="text-sm font-medium">{t("workspace.shownBelow")}</span>
                ) : (
                  <Button type="button" size="sm" variant="outline" disabled={p.status !== "done"} onClick={() => onPick(p.id)}>
                    {p.name ? t("workspace.use", { name: p.name }) : t("workspace.useFirst")}
                    {p.dispatchedAt ? ` ${t("workspace.dispatchedMark")}` : ""}
                  </Button>
                )}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

type PlanWorkspaceProps = {
  teamId: string;
  planId: string;
  vehicles: Vehicle[];
  drivers: Driver[];
  /** Shows another plan (a variant picked in the comparison). */
  onPick: (id: string) => void;
};

/**
 * A plan being solved or done: progress, then the result with drag-to-move and locks, re-plan
 * keeping the locks, variants compared side by side, and dispatch to drivers.
 */
export function PlanWorkspace({ teamId, planId, vehicles, drivers, onPick }: PlanWorkspaceProps) {
  const { t } = useTranslation("fleet");
  const plan = usePlan(teamId, planId);
  const move = useMovePlanStop();
  const locks = useSavePlanLocks();
  const replan = useReplan();
  const variant = useCreateVariant();
  const dispatch = useDispatchPlan();
  const day = useDayPlans(teamId, plan.data?.date ?? "");
  const variantCount = Math.max(day.data ? planFamily(day.data, planId).size : 1, 1);
  const [variantName, setVariantName] = useState<string | null>(null);
  const [variantObjective, setVariantObjective] = useState<PlanObjective>("balance");
  const [variantVehicleIds, setVariantVehicleIds] = useState<string[] | null>(null);
  const [assignments, setAssignments] = useState<Record<string, string>>({});

  const current = plan.data;
  const working = !current || current.status === "queued" || current.status === "solving";
  const vehicleNames = Object.fromEntries(vehicles.map((v) => [v.id, v.name]));
  const depots: Depots = Object.fromEntries(vehicles.map((v) => [v.id, { start: v.start, end: v.end }]));
  const shownVariantName = variantName ?? t("workspace.variantN", { number: variantCount });
  // The variant's vehicles: the plan's own until the manager changes them.
  const variantVehicles = variantVehicleIds ?? current?.vehicleIds ?? [];
  const sameVehicles = variantVehicleIds === null || (current !== undefined && [...variantVehicles].sort().join() === [...current.vehicleIds].sort().join());
  // A 409 with fields is the server's warning that a driver does not fit a route: listed by the dispatch button, with "Dispatch anyway".
  const dispatchWarnings = isDispatchWarning(dispatch.error) && dispatch.error instanceof ApiError ? Object.values(dispatch.error.localizedFields ?? {}) : [];
  // Edits' failures are the app's error toast (decision 018); the dispatch's show by its button; only a failed read shows here.
  const error = plan.error;
  const busy = move.isPending || locks.isPending || replan.isPending;

  if (plan.error && !current) return <p className="text-sm text-destructive">{errorMessage(plan.error)}</p>;
  if (working) return <Progress plan={current} />;
  if (current.status === "failed") {
    return (
      <Alert variant="destructive">
        <AlertDescription>{current.error ?? t("workspace.failed")}</AlertDescription>
      </Alert>
    );
  }

  const frozen = current.dispatchedAt !== null;
  // While a lock change is being saved, the boxes already show it (the server's answer replaces it).
  const shownLocks = locks.isPending && locks.variables ? locks.variables.locks : current.locks;
  const lockedIds = new Set(shownLocks.map((l) => l.orderId));
  const editing: PlanEditing | undefined = frozen
    ? undefined
    : {
        locked: lockedIds,
        violating: new Set(current.violations.map((v) => v.orderId).filter((id): id is string => Boolean(id))),
        vehicles: current.vehicleIds.map((id) => ({ id, name: vehicleNames[id] ?? t("workspace.vehicle") })),
        busy,
        onMove: (orderId, toVehicleId, position) => move.mutate({ teamId, planId, move: { orderId, toVehicleId, position } }),
        onUnassign: (orderId) => move.mutate({ teamId, planId, move: { orderId, toVehicleId: null } }),
        onToggleLock: (orderId, vehicleId, position) =>
          locks.mutate({ teamId, planId, locks: lockedIds.has(orderId) ? shownLocks.filter((l) => l.orderId !== orderId) : [...shownLocks, { orderId, vehicleId, position }] }),
      };
  const usedRoutes = current.routes.filter((r) => r.stops.length > 0);
  const dispatchedBy = new Map(current.dispatched.map((d) => [d.vehicleId, d]));
  const openRoutes = usedRoutes.filter((r) => !dispatchedBy.has(r.vehicleId));
  const defaultDriver = (vehicleId: string) => drivers.find((d) => d.defaultVehicleId === vehicleId)?.userId ?? "";
  const driverOf = (vehicleId: string) => assignments[vehicleId] ?? defaultDriver(vehicleId);
  // The routes this click sends: those with a driver; the others stay planned for a later dispatch.
  const sending = openRoutes.filter((r) => driverOf(r.vehicleId) !== "");
  const weekday = weekdayOf(current.date);
  const sendDispatch = (anyway: boolean) =>
    dispatch.mutate({
      teamId,
      planId,
      input: {
        vehicleIds: sending.map((r) => r.vehicleId),
        assignments: sending.map((r) => ({ vehicleId: r.vehicleId, driverUserId: driverOf(r.vehicleId) })),
        ...(anyway ? { dispatchAnyway: true } : {}),
      },
    });

  return (
    <div className="grid gap-4">
      {current.violations.length > 0 ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p className="font-medium">{t("workspace.breaks")}</p>
            <ul className="list-disc pl-5">
              {current.violations.map((v, i) => (
                <li key={i}>{v.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      <ErrorAlert errors={[error]} />

      <div className="flex flex-wrap items-end gap-3 rounded-md border p-3">
        {!frozen ? (
          <>
            <p className="w-full text-sm text-muted-foreground">
              {t("workspace.dragHint")}
            </p>
            <Button type="button" variant="outline" disabled={busy} onClick={() => replan.mutate({ teamId, planId })}>
              {t("workspace.replan", { count: lockedIds.size })}
            </Button>
          </>
        ) : (
          <p className="w-full text-sm text-muted-foreground">{t("workspace.frozen")}</p>
        )}
        <label className="grid gap-1 text-sm">
          <span>{t("workspace.variantName")}</span>
          <Input className="h-9 w-40" value={shownVariantName} onChange={(e) => setVariantName(e.target.value)} />
        </label>
        <label className="grid gap-1 text-sm">
          <span>{t("workspace.variantObjective")}</span>
          <NativeSelect className="h-9" value={variantObjective} onChange={(e) => setVariantObjective(e.target.value as PlanObjective)}>
            {planObjectives.map((o) => (
              <option key={o} value={o}>
                {t(objectiveNames[o].title)}
              </option>
            ))}
          </NativeSelect>
        </label>
        <VehicleChoice legend={t("workspace.variantVehicles")} vehicles={vehicles} chosen={new Set(variantVehicles)} onChange={(ids) => setVariantVehicleIds([...ids])} />
        <Button
          type="button"
          variant="outline"
          disabled={variant.isPending || shownVariantName.trim() === "" || variantVehicles.length === 0}
          onClick={() =>
            variant.mutate(
              { teamId, planId, variant: { name: shownVariantName.trim(), objective: variantObjective, ...(sameVehicles ? {} : { vehicleIds: variantVehicles }) } },
              { onSuccess: () => setVariantName(null) },
            )
          }
        >
          {t("workspace.makeVariant")}
        </Button>
      </div>

      <CompareChooser teamId={teamId} date={current.date} currentId={planId} onPick={onPick} />

      <PlanResult plan={current} vehicleNames={vehicleNames} depots={depots} editing={editing} />

      <section aria-labelledby="dispatch-title" className="grid gap-2 rounded-md border p-3">
        <h3 id="dispatch-title" className="font-medium">
          {t("workspace.dispatch")}
        </h3>
        {usedRoutes.map((route) => {
          const name = vehicleNames[route.vehicleId] ?? t("workspace.vehicle");
          const out = dispatchedBy.get(route.vehicleId);
          if (out) {
            const driver = drivers.find((d) => d.userId === out.driverUserId)?.name ?? t("workspace.itsDriver");
            return (
              <p key={route.vehicleId} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-32">{name}</span>
                <span>{t("workspace.dispatchedTo", { driver })}</span>
              </p>
            );
          }
          const chosenDriver = drivers.find((d) => d.userId === driverOf(route.vehicleId));
          const offDay = chosenDriver && !chosenDriver.workingDays.includes(weekday.key);
          return (
            <label key={route.vehicleId} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="w-32">{name}</span>
              <NativeSelect className="h-9" aria-label={t("workspace.driverOf", { name })} value={driverOf(route.vehicleId)} onChange={(e) => setAssignments({ ...assignments, [route.vehicleId]: e.target.value })}>
                <option value="">{t("workspace.noDriver")}</option>
                {drivers.map((d) => (
                  <option key={d.userId} value={d.userId}>
                    {d.name}
                  </option>
                ))}
              </NativeSelect>
              {offDay ? <span className="text-amber-700 dark:text-amber-400">{t("workspace.offDay", { name: chosenDriver.name, days: t(WEEKDAY_PLURAL_KEY[weekday.key]) })}</span> : null}
            </label>
          );
        })}
        {dispatchWarnings.length > 0 ? (
          <Alert variant="destructive">
            <AlertDescription>
              <InlineError error={dispatch.error} className="font-medium" />
              <ul className="list-disc pl-5">
                {dispatchWarnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        ) : (
          <InlineError error={dispatch.error} />
        )}
        {openRoutes.length === 0 ? (
          <p role="status" className="text-sm">
            {t("workspace.allDispatched")}
          </p>
        ) : (
          <>
            {dispatch.isSuccess && current.dispatched.length > 0 ? (
              <p role="status" className="text-sm">
                {t("workspace.partlyDispatched", { count: openRoutes.length, dispatched: current.dispatched.length, total: usedRoutes.length, names: openRoutes.map((r) => vehicleNames[r.vehicleId] ?? t("workspace.vehicle")).join(", ") })}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={dispatch.isPending || sending.length === 0 || current.violations.length > 0} onClick={() => sendDispatch(false)}>
                {t("workspace.dispatchRoutes", { count: sending.length })}
              </Button>
              {dispatchWarnings.length > 0 ? (
                <Button type="button" variant="outline" disabled={dispatch.isPending || current.violations.length > 0} onClick={() => sendDispatch(true)}>
                  {t("workspace.dispatchAnyway")}
                </Button>
              ) : null}
            </div>
            <div>
              {sending.length === 0 ? <p className="text-sm text-muted-foreground">{t("workspace.chooseDriver")}</p> : null}
              {sending.length > 0 && sending.length < openRoutes.length ? (
                <p className="text-sm text-muted-foreground">{t("workspace.withoutDriver", { count: openRoutes.length - sending.length })}</p>
              ) : null}
              {current.violations.length > 0 ? <p className="mt-1 text-sm text-destructive">{t("workspace.fixFirst")}</p> : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
