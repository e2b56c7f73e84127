import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { planObjectives, type Driver, type OrderInput, type PlanObjective, type Vehicle } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { DayPicker } from "@/components/day-picker";
import { InlineError } from "@/components/errors/inline-error";
import { ApiError } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { objectiveNames, WEEKDAY_PLURAL_KEY } from "@/features/fleet/lib/fleet-words";
import { useOperatingDay, weekdayOf } from "@/lib/operating-day";
import { useCreatePlan, useDayPlans, usePlan } from "@/features/fleet/api/plans";
import { DraftSaveStatus } from "@/features/fleet/components/draft-save-status";
import { VehicleChoice } from "@/features/fleet/components/fleet-ui";
import { OrdersEditor } from "@/features/fleet/components/orders-editor";
import { PlanWorkspace, planTitle } from "@/features/fleet/components/plan-workspace";
import { useOrderDraftSync } from "@/features/fleet/hooks/use-order-draft-sync";
import { planFieldName, plannableDrafts, type DraftOrder } from "@/features/fleet/lib/order-import";

const statusNames = { queued: "planner.status.queued", solving: "planner.status.solving", done: "planner.status.done", failed: "planner.status.failed" } as const;

/** The plans already made for the day, to open one again (after a reload, or another manager's). */
function DayPlans({ teamId, date, openId, onOpen }: { teamId: string; date: string; openId: string | null; onOpen: (id: string) => void }) {
  const plans = useDayPlans(teamId, /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "");
  const format = useFormat();
  const { t } = useTranslation("fleet");
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <div className="grid gap-1" role="region" aria-label={t("planner.plansMade", { day: format.day(date, "weekday") })}>
      <p className="text-sm font-medium">{t("planner.plansMade", { day: format.day(date, "weekday") })}</p>
      <ul className="flex flex-wrap gap-2 text-sm">
        {plans.data.map((p) => (
          <li key={p.id}>
            <Button type="button" size="sm" variant={p.id === openId ? "secondary" : "outline"} aria-current={p.id === openId ? "true" : undefined} onClick={() => onOpen(p.id)}>
              {t("planner.openPlan", { count: p.orderCount, title: planTitle(p, format, t), orders: format.number(p.orderCount), status: p.dispatchedAt ? t("planner.status.dispatched") : t(statusNames[p.status]) })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Who can drive on the chosen day, said when the day is chosen (not at dispatch): the team's
 * drivers who do not work on that weekday, and how many vehicles are chosen for how many drivers.
 */
export function DayStaffing({ date, drivers, vehicles }: { date: string; drivers: Driver[]; vehicles: number }) {
  const format = useFormat();
  const { t } = useTranslation("fleet");
  const { key } = weekdayOf(date);
  const plural = t(WEEKDAY_PLURAL_KEY[key]);
  const working = drivers.filter((d) => d.workingDays.includes(key));
  const off = drivers.filter((d) => !d.workingDays.includes(key));
  if (drivers.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" role="note">
        {t("staffing.noDrivers")}
      </p>
    );
  }
  return (
    <div className="grid gap-1 text-sm" role="note" aria-label={t("staffing.label")}>
      {working.length === 0 ? (
        <p className="text-amber-700 dark:text-amber-400">{t("staffing.nobody", { days: plural, day: format.day(date, "weekday") })}</p>
      ) : (
        <p>
          {t("staffing.working", { count: drivers.length, working: working.length, total: drivers.length, days: plural, names: working.map((d) => d.name).join(", ") })}
          {vehicles > working.length ? t("staffing.forVehicles", { count: vehicles, vehicles }) : "."}
        </p>
      )}
      {off.length > 0 && working.length > 0 ? <p className="text-amber-700 dark:text-amber-400">{t("staffing.dayOff", { days: plural, names: off.map((d) => d.name).join(", ") })}</p> : null}
    </div>
  );
}

type FleetPlannerProps = {
  teamId: string;
  vehicles: Vehicle[];
  /** The team's capacity dimension names. */
  dimensions: readonly string[];
  drivers: Driver[];
};

/**
 * A day's plan for a team's fleet: the date, the vehicles, the objective and the orders; then
 * the engine's progress and the result.
 */
export function FleetPlanner({ teamId, vehicles, dimensions, drivers }: FleetPlannerProps) {
  const { t } = useTranslation("fleet");
  const [date, setDate] = useOperatingDay("tomorrow");
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(vehicles.map((v) => v.id)));
  const [objective, setObjective] = useState<PlanObjective>("min_time");
  const [drafts, setDrafts] = useState<DraftOrder[]>([]);
  // The day's orders are kept on the server as they change, and loaded again for the day shown (issue 25).
  const draftSync = useOrderDraftSync({ teamId, date, drafts, setDrafts });
  // The plan shown is in the address (?plan=), so a reload or a link from the overview opens it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const planId = searchParams.get("plan");
  const setPlanId = (id: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (id) next.set("plan", id);
      else next.delete("plan");
      return next;
    });
  const create = useCreatePlan();
  // A plan opened by its address is shown on its own day.
  const opened = usePlan(teamId, planId);
  const openedDate = opened.data?.date;
  useEffect(() => {
    if (openedDate && openedDate !== date) setDate(openedDate);
  }, [openedDate]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the opened plan's day is known

  const ready = plannableDrafts(drafts);
  const orders = ready.map((d) => d.order as OrderInput);
  // The drafts of the last request, so the server's "orders.4.skills" names the order and its row.
  const [sent, setSent] = useState<DraftOrder[]>([]);
  const fields = create.error instanceof ApiError ? create.error.localizedFields : undefined;

  function submit() {
    setPlanId(null);
    setSent(ready);
    create.mutate(
      { teamId, input: { date, vehicleIds: vehicles.filter((v) => chosen.has(v.id)).map((v) => v.id), orders, objective } },
      {
        onSuccess: ({ id }) => setPlanId(id),
      },
    );
  }


  return (
    <div className="grid gap-6">
      <section aria-labelledby="plan-options" className="grid gap-4">
        <h2 id="plan-options" className="text-lg font-semibold">
          {t("planner.options")}
        </h2>
        <DayPicker value={date} onChange={setDate} label={t("planner.dayToPlan")} />
        <DayStaffing date={date} drivers={drivers} vehicles={chosen.size} />
        <p className="text-sm">
          <Link className="text-primary underline-offset-4 hover:underline" to={`/fleet/live?date=${date}`}>
            {t("dashboard.watchLive")}
          </Link>
        </p>
        <DayPlans teamId={teamId} date={date} openId={planId} onOpen={setPlanId} />
        <VehicleChoice legend={t("vehicles.title")} vehicles={vehicles} chosen={chosen} onChange={setChosen} />
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t("planner.objective")}</legend>
          {planObjectives.map((o) => (
            <label key={o} className="flex items-center gap-2 text-sm">
              <input type="radio" name="objective" value={o} checked={objective === o} onChange={() => setObjective(o)} />
              <strong>{t(objectiveNames[o].title)}</strong> <span className="text-muted-foreground">— {t(objectiveNames[o].description)}</span>
            </label>
          ))}
        </fieldset>
      </section>

      <section aria-labelledby="plan-orders" className="grid gap-2">
        <h2 id="plan-orders" className="text-lg font-semibold">
          {t("orders.title")}
        </h2>
        <DraftSaveStatus status={draftSync} drafts={drafts} />
        <OrdersEditor drafts={drafts} onChange={setDrafts} dimensions={dimensions} />
      </section>

      <div className="grid gap-2">
        <div>
          <Button type="button" onClick={submit} disabled={create.isPending || orders.length === 0 || chosen.size === 0}>
            {create.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            {t("planner.planOrders", { count: orders.length })}
          </Button>
        </div>
        {create.error ? (
          <Alert variant="destructive">
            <AlertDescription>
              <InlineError error={create.error} className="font-normal text-inherit" />
              {fields ? (
                <ul className="mt-1 list-disc pl-5">
                  {Object.entries(fields).map(([field, message]) => (
                    <li key={field}>
                      {planFieldName(field, sent)}: {message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
      </div>

      {planId !== null ? (
        <section aria-labelledby="plan-result" className="grid gap-3">
          <h2 id="plan-result" className="text-lg font-semibold">
            {t("planner.plan")}
          </h2>
          <PlanWorkspace
            key={planId}
            teamId={teamId}
            planId={planId}
            vehicles={vehicles}
            drivers={drivers}
            onPick={setPlanId}
          />
        </section>
      ) : null}
    </div>
  );
}
