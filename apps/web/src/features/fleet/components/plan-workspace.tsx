import { useState } from "react";
import { planObjectives, type Driver, type PlanDetail, type PlanObjective, type Vehicle } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useComparePlans, useCreateVariant, useDispatchPlan, useMovePlanStop, useReplan, useSavePlanLocks } from "@/features/fleet/api/plan-edits";
import { usePlan } from "@/features/fleet/api/plans";
import { ErrorAlert } from "@/features/fleet/components/fleet-ui";
import { PlanResult, planFigures, type PlanEditing } from "@/features/fleet/components/plan-result";

const selectClass = "h-9 rounded-md border border-input bg-background px-2 text-sm";
const objectiveTitles: Record<PlanObjective, string> = { min_time: "Least time", min_vehicles: "Fewest vehicles", balance: "Balanced workload" };

function Progress({ plan }: { plan: PlanDetail | undefined }) {
  return (
    <div className="grid gap-1">
      <progress className="w-full" max={1} value={plan?.progress ?? 0} aria-label="Planning progress" />
      <p className="text-sm text-muted-foreground">{plan?.status === "solving" ? `Planning… ${Math.round(plan.progress * 100)}%` : "Waiting for the planner…"}</p>
    </div>
  );
}

/** Side by side: the totals of the plans, one column each; "Use this plan" picks one. */
function Comparison({ teamId, planIds, currentId, onPick }: { teamId: string; planIds: string[]; currentId: string; onPick: (id: string) => void }) {
  const compare = useComparePlans(teamId, planIds);
  if (planIds.length < 2) return null;
  if (compare.error) return <p className="text-sm text-destructive">{errorMessage(compare.error)}</p>;
  if (!compare.data) return <p className="text-sm text-muted-foreground">Comparing…</p>;
  const { plans } = compare.data;
  const rows = plans.map((p) => ({ p, figures: planFigures({ totals: p.totals } as PlanDetail) }));
  const labels = rows[0]?.figures.map((f) => f.label) ?? [];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Plans compared">
        <thead>
          <tr>
            <th className="p-2 text-left">Plan</th>
            {rows.map(({ p }) => (
              <th key={p.id} className="p-2 text-left">
                {p.name ?? "First plan"} <span className="block text-xs font-normal text-muted-foreground">{objectiveTitles[p.objective]}</span>
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
                  {p.status === "done" ? figures[i]?.value : p.status}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t">
            <th className="p-2 text-left font-normal">Broken constraints</th>
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
                  <span className="text-sm font-medium">Shown below</span>
                ) : (
                  <Button type="button" size="sm" variant="outline" disabled={p.status !== "done"} onClick={() => onPick(p.id)}>
                    Use {p.name ?? "the first plan"}
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
  /** Every plan of this session (the first and its variants), for the comparison. */
  planIds: string[];
  onVariant: (id: string) => void;
  onPick: (id: string) => void;
};

/**
 * A plan being solved or done: progress, then the result with drag-to-move and locks, re-plan
 * keeping the locks, variants compared side by side, and dispatch to drivers.
 */
export function PlanWorkspace({ teamId, planId, vehicles, drivers, planIds, onVariant, onPick }: PlanWorkspaceProps) {
  const plan = usePlan(teamId, planId);
  const move = useMovePlanStop();
  const locks = useSavePlanLocks();
  const replan = useReplan();
  const variant = useCreateVariant();
  const dispatch = useDispatchPlan();
  const [variantName, setVariantName] = useState(`Variant ${planIds.length}`);
  const [variantObjective, setVariantObjective] = useState<PlanObjective>("balance");
  const [assignments, setAssignments] = useState<Record<string, string>>({});

  const current = plan.data;
  const working = !current || current.status === "queued" || current.status === "solving";
  const vehicleNames = Object.fromEntries(vehicles.map((v) => [v.id, v.name]));
  const error = move.error ?? locks.error ?? replan.error ?? variant.error ?? dispatch.error ?? plan.error;
  const busy = move.isPending || locks.isPending || replan.isPending;

  if (plan.error && !current) return <p className="text-sm text-destructive">{errorMessage(plan.error)}</p>;
  if (working) return <Progress plan={current} />;
  if (current.status === "failed") {
    return (
      <Alert variant="destructive">
        <AlertDescription>{current.error ?? "The plan could not be made."}</AlertDescription>
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
        vehicles: current.vehicleIds.map((id) => ({ id, name: vehicleNames[id] ?? "Vehicle" })),
        busy,
        onMove: (orderId, toVehicleId, position) => move.mutate({ teamId, planId, move: { orderId, toVehicleId, position } }),
        onToggleLock: (orderId, vehicleId, position) =>
          locks.mutate({ teamId, planId, locks: lockedIds.has(orderId) ? shownLocks.filter((l) => l.orderId !== orderId) : [...shownLocks, { orderId, vehicleId, position }] }),
      };
  const usedRoutes = current.routes.filter((r) => r.stops.length > 0);
  const defaultDriver = (vehicleId: string) => drivers.find((d) => d.defaultVehicleId === vehicleId)?.userId ?? "";

  return (
    <div className="grid gap-4">
      {current.violations.length > 0 ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p className="font-medium">These edits break constraints:</p>
            <ul className="list-disc pl-5">
              {current.violations.map((v, i) => (
                <li key={i}>{v.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      <ErrorAlert errors={[error]} />

      {!frozen ? (
        <div className="flex flex-wrap items-end gap-3 rounded-md border p-3">
          <p className="w-full text-sm text-muted-foreground">Drag a stop onto another route or position, or use its “Move to” list. Locked stops stay on their vehicle when you re-plan.</p>
          <Button type="button" variant="outline" disabled={busy} onClick={() => replan.mutate({ teamId, planId })}>
            Re-plan keeping {lockedIds.size} locked {lockedIds.size === 1 ? "stop" : "stops"}
          </Button>
          <label className="grid gap-1 text-sm">
            <span>Variant name</span>
            <Input className="h-9 w-40" value={variantName} onChange={(e) => setVariantName(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            <span>Variant objective</span>
            <select className={selectClass} value={variantObjective} onChange={(e) => setVariantObjective(e.target.value as PlanObjective)}>
              {planObjectives.map((o) => (
                <option key={o} value={o}>
                  {objectiveTitles[o]}
                </option>
              ))}
            </select>
          </label>
          <Button
            type="button"
            variant="outline"
            disabled={variant.isPending || variantName.trim() === ""}
            onClick={() => variant.mutate({ teamId, planId, variant: { name: variantName.trim(), objective: variantObjective } }, { onSuccess: ({ id }) => onVariant(id) })}
          >
            Make a variant
          </Button>
        </div>
      ) : null}

      <Comparison teamId={teamId} planIds={planIds} currentId={planId} onPick={onPick} />

      <PlanResult plan={current} vehicleNames={vehicleNames} editing={editing} />

      <section aria-labelledby="dispatch-title" className="grid gap-2 rounded-md border p-3">
        <h3 id="dispatch-title" className="font-medium">
          Dispatch
        </h3>
        {frozen ? (
          <p role="status" className="text-sm">
            Dispatched: each driver has their route. Make a variant to change it.
          </p>
        ) : (
          <>
            {usedRoutes.map((route) => (
              <label key={route.vehicleId} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-32">{vehicleNames[route.vehicleId] ?? "Vehicle"}</span>
                <select
                  className={selectClass}
                  aria-label={`Driver of ${vehicleNames[route.vehicleId] ?? "vehicle"}`}
                  value={assignments[route.vehicleId] ?? defaultDriver(route.vehicleId)}
                  onChange={(e) => setAssignments({ ...assignments, [route.vehicleId]: e.target.value })}
                >
                  <option value="">Choose a driver</option>
                  {drivers.map((d) => (
                    <option key={d.userId} value={d.userId}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <div>
              <Button
                type="button"
                disabled={dispatch.isPending || current.violations.length > 0}
                onClick={() =>
                  dispatch.mutate({
                    teamId,
                    planId,
                    input: {
                      assignments: usedRoutes
                        .map((r) => ({ vehicleId: r.vehicleId, driverUserId: assignments[r.vehicleId] ?? defaultDriver(r.vehicleId) }))
                        .filter((a) => a.driverUserId !== ""),
                    },
                  })
                }
              >
                Dispatch {usedRoutes.length} {usedRoutes.length === 1 ? "route" : "routes"}
              </Button>
              {current.violations.length > 0 ? <p className="mt-1 text-sm text-destructive">Fix the broken constraints (move the stops back or re-plan) before dispatching.</p> : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
