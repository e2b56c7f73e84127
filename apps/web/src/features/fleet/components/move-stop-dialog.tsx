import { useState } from "react";
import type { Plan } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/i18n";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";

type PlanRoute = Plan["routes"][number];

/** The value of the route choice that takes the order off every route. */
export const UNASSIGNED = "";

export type MoveTarget = {
  orderId: string;
  /** What the order is called on screen ("Bakery", "Pick up for Bakery"). */
  title: string;
  /** The vehicle it is on now (null: unassigned). */
  vehicleId: string | null;
};

type MoveStopDialogProps = {
  target: MoveTarget | null;
  routes: PlanRoute[];
  vehicles: { id: string; name: string }[];
  /** The name a stop has in the lists (its pickup shown as one). */
  stopTitle: (stop: PlanRoute["stops"][number]) => string;
  onMove: (orderId: string, toVehicleId: string, position: number) => void;
  /** Takes the order off every route (offered for an order on a route). */
  onUnassign?: ((orderId: string) => void) | undefined;
  onClose: () => void;
};

/**
 * "Move to…" without a mouse: a route (or unassigned) and a position in it — before any of its
 * stops or last. Positions count the route's stops without the order being moved (its pickup
 * moves with it), as the server places it.
 */
export function MoveStopDialog({ target, ...props }: MoveStopDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      {target ? <MoveForm key={target.orderId} target={target} {...props} /> : null}
    </Dialog>
  );
}

function MoveForm({ target, routes, vehicles, stopTitle, onMove, onUnassign, onClose }: MoveStopDialogProps & { target: MoveTarget }) {
  const { t } = useTranslation("fleet");
  const [vehicleId, setVehicleId] = useState<string>(target.vehicleId ?? vehicles[0]?.id ?? UNASSIGNED);
  const others = (routes.find((r) => r.vehicleId === vehicleId)?.stops ?? []).filter((s) => s.orderId !== target.orderId);
  const [position, setPosition] = useState<number | null>(null);
  const chosen = position === null || position > others.length ? others.length : position;

  function submit() {
    if (vehicleId === UNASSIGNED) onUnassign?.(target.orderId);
    else onMove(target.orderId, vehicleId, chosen);
    onClose();
  }

  return (
    <DialogContent className="sm:max-w-md">
      <DialogHeader>
        <DialogTitle>{t("move.title", { title: target.title })}</DialogTitle>
        <DialogDescription>{t("move.description")}</DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="grid gap-1 text-sm">
          <span>{t("move.route")}</span>
          <NativeSelect
            className="h-9 w-full"
            value={vehicleId}
            onChange={(e) => {
              setVehicleId(e.target.value);
              setPosition(null);
            }}
          >
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
                {v.id === target.vehicleId ? t("move.now") : ""}
              </option>
            ))}
            {onUnassign && target.vehicleId !== null ? <option value={UNASSIGNED}>{t("move.unassigned")}</option> : null}
          </NativeSelect>
        </label>
        {vehicleId !== UNASSIGNED ? (
          <label className="grid gap-1 text-sm">
            <span>{t("move.position")}</span>
            <NativeSelect className="h-9 w-full" value={chosen} onChange={(e) => setPosition(Number(e.target.value))}>
              {others.map((stop, i) => (
                <option key={`${stop.orderId}-${stop.kind}`} value={i}>
                  {t("move.before", { number: i + 1, title: stopTitle(stop) })}
                </option>
              ))}
              <option value={others.length}>{t("move.last", { number: others.length + 1 })}</option>
            </NativeSelect>
          </label>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit">{t("move.submit")}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
