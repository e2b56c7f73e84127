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
import { useOperatingDay, weekdayOf } from "@/lib/operating-day";
import { useCreatePlan, useDayPlans, usePlan } from "@/features/fleet/api/plans";
import { DraftSaveStatus } from "@/features/fleet/components/draft-save-status";
import { VehicleChoice } from "@/features/fleet/components/fleet-ui";
import { OrdersEditor } from "@/features/fleet/components/orders-editor";
import { PlanWorkspace, planTitle } from "@/features/fleet/components/plan-workspace";
import { useOrderDraftSync } from "@/features/fleet/hooks/use-order-draft-sync";
import { planFieldName, plannableDrafts, type DraftOrder } from "@/features/fleet/lib/order-import";

export const objectiveNames: Record<PlanObjective, { title: string; description: string }> = {
  min_time: { title: "Least time", description: "the shortest total driving and working time" },
  min_vehicles: { title: "Fewest vehicles", description: "as few vehicles as possible, then the least time" },
  balance: { title: "Balanced workload", description: "routes of similar length, so no driver gets the long day" },
};

const statusNames = { queued: "waiting", solving: "being planned", done: "planned", failed: "failed" } as const;

/** The plans already made for the day, to open one again (after a reload, or another manager's). */
function DayPlans({ teamId, date, openId, onOpen }: { teamId: string; date: string; openId: string | null; onOpen: (id: string) => void }) {
  const plans = useDayPlans(teamId, /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "");
  const format = useFormat();
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <div className="grid gap-1" role="region" aria-label={`Plans already made for ${format.day(date, "weekday")}`}>
      <p className="text-sm font-medium">Plans already made for {format.day(date, "weekday")}</p>
      <ul className="flex flex-wrap gap-2 text-sm">
        {plans.data.map((p) => (
          <li key={p.id}>
            <Button type="button" size="sm" variant={p.id === openId ? "secondary" : "outline"} aria-current={p.id === openId ? "true" : undefined} onClick={() => onOpen(p.id)}>
              Open {planTitle(p, format)} · {format.number(p.orderCount)} orders · {p.dispatchedAt ? "dispatched" : statusNames[p.status]}
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
  const { key, plural } = weekdayOf(date);
  const working = drivers.filter((d) => d.workingDays.includes(key));
  const off = drivers.filter((d) => !d.workingDays.includes(key));
  if (drivers.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" role="note">
        The team has no drivers yet: you can plan, and dispatch once a driver is invited.
      </p>
    );
  }
  return (
    <div className="grid gap-1 text-sm" role="note" aria-label="Drivers on this day">
      {working.length === 0 ? (
        <p className="text-amber-700 dark:text-amber-400">{`No driver works on ${plural}: routes planned for ${format.day(date, "weekday")} can only be dispatched anyway.`}</p>
      ) : (
        <p>
          {`${working.length} of ${drivers.length} ${drivers.length === 1 ? "driver works" : "drivers work"} on ${plural} (${working.map((d) => d.name).join(", ")})`}
          {vehicles > working.length ? ` for ${vehicles} vehicles: routes without a driver stay planned until you dispatch them.` : "."}
        </p>
      )}
      {off.length > 0 && working.length > 0 ? <p className="text-amber-700 dark:text-amber-400">{`Day off on ${plural}: ${off.map((d) => d.name).join(", ")}.`}</p> : null}
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
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;

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
          Day, vehicles and objective
        </h2>
        <DayPicker value={date} onChange={setDate} label="Day to plan" />
        <DayStaffing date={date} drivers={drivers} vehicles={chosen.size} />
        <p className="text-sm">
          <Link className="text-primary underline-offset-4 hover:underline" to={`/fleet/live?date=${date}`}>
            Watch this day on Live
          </Link>
        </p>
        <DayPlans teamId={teamId} date={date} openId={planId} onOpen={setPlanId} />
        <VehicleChoice legend="Vehicles" vehicles={vehicles} chosen={chosen} onChange={setChosen} />
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">Objective</legend>
          {planObjectives.map((o) => (
            <label key={o} className="flex items-center gap-2 text-sm">
              <input type="radio" name="objective" value={o} checked={objective === o} onChange={() => setObjective(o)} />
              <strong>{objectiveNames[o].title}</strong> <span className="text-muted-foreground">— {objectiveNames[o].description}</span>
            </label>
          ))}
        </fieldset>
      </section>

      <section aria-labelledby="plan-orders" className="grid gap-2">
        <h2 id="plan-orders" className="text-lg font-semibold">
          Orders
        </h2>
        <DraftSaveStatus status={draftSync} drafts={drafts} />
        <OrdersEditor drafts={drafts} onChange={setDrafts} dimensions={dimensions} />
      </section>

      <div className="grid gap-2">
        <div>
          <Button type="button" onClick={submit} disabled={create.isPending || orders.length === 0 || chosen.size === 0}>
            {create.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Plan {orders.length} orders
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
            Plan
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
