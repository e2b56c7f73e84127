import { useState } from "react";
import { useSearchParams } from "react-router";
import { planObjectives, type Driver, type OrderInput, type PlanObjective, type Vehicle } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCreatePlan, useDayPlans } from "@/features/fleet/api/plans";
import { VehicleChoice } from "@/features/fleet/components/fleet-ui";
import { OrdersEditor } from "@/features/fleet/components/orders-editor";
import { PlanWorkspace, planTitle } from "@/features/fleet/components/plan-workspace";
import { planFieldName, plannableDrafts, type DraftOrder } from "@/features/fleet/lib/order-import";

export const objectiveNames: Record<PlanObjective, { title: string; description: string }> = {
  min_time: { title: "Least time", description: "the shortest total driving and working time" },
  min_vehicles: { title: "Fewest vehicles", description: "as few vehicles as possible, then the least time" },
  balance: { title: "Balanced workload", description: "routes of similar length, so no driver gets the long day" },
};

/** Tomorrow as YYYY-MM-DD (local). */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const statusNames = { queued: "waiting", solving: "being planned", done: "planned", failed: "failed" } as const;

/** The plans already made for the day, to open one again (after a reload, or another manager's). */
function DayPlans({ teamId, date, openId, onOpen }: { teamId: string; date: string; openId: string | null; onOpen: (id: string) => void }) {
  const plans = useDayPlans(teamId, /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "");
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <div className="grid gap-1" role="region" aria-label={`Plans already made for ${date}`}>
      <p className="text-sm font-medium">Plans already made for {date}</p>
      <ul className="flex flex-wrap gap-2 text-sm">
        {plans.data.map((p) => (
          <li key={p.id}>
            <Button type="button" size="sm" variant={p.id === openId ? "secondary" : "outline"} aria-current={p.id === openId ? "true" : undefined} onClick={() => onOpen(p.id)}>
              Open {planTitle(p)} · {p.orderCount} orders · {p.dispatchedAt ? "dispatched" : statusNames[p.status]}
            </Button>
          </li>
        ))}
      </ul>
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
  const [date, setDate] = useState(tomorrow);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(vehicles.map((v) => v.id)));
  const [objective, setObjective] = useState<PlanObjective>("min_time");
  const [drafts, setDrafts] = useState<DraftOrder[]>([]);
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
        <label className="grid max-w-xs gap-1 text-sm">
          <span>Date</span>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </label>
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
              {errorMessage(create.error)}
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
