import type { SolutionState } from "../../core/solution-state";
import { KIND_DELIVERY, KIND_PICKUP, type Instance } from "../../model/instance";
import { applyInsertion, bestPairInRoute, type Insertion } from "../insertion";
import type { Operator } from "./operator";

/**
 * Moves a whole shipment (u's pickup and delivery) out of its route into the cheapest pair of
 * positions of v's route (VROOM's "PD shift"). Single-task moves cannot move a shipment from
 * one route to another, so without it the local search never changes which route serves it.
 * The insertion is O(m²) in v's route: each (shipment, route) is tried once per state of the
 * solution.
 */
export class PairRelocate implements Operator {
  readonly name = "pair-relocate";
  private readonly ins: Insertion = { v: -1, p: 0, q: 0, delta: 0 };
  private ru = -1;
  private pickup = -1;
  private tried = new Int32Array(0);
  private stamp = 0;
  private lastPickup = -1;
  private lastMod = -1;

  supports(inst: Instance): boolean {
    return inst.hasShipments;
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const inst = s.inst;
    const kind = inst.taskKind[u];
    if (kind !== KIND_PICKUP && kind !== KIND_DELIVERY) return 0;
    const pickup = kind === KIND_PICKUP ? u : inst.taskPartner[u]!;
    const delivery = inst.taskPartner[pickup]!;
    const ru = s.taskRoute[pickup]!;
    const rv = s.taskRoute[v]!;
    if (ru === rv || ru < 0 || rv < 0) return 0;
    if (!inst.allCompatible && (inst.compat[rv * inst.nTasks + pickup] === 0 || inst.compat[rv * inst.nTasks + delivery] === 0)) return 0;
    if (this.tried.length !== inst.nVehicles) this.tried = new Int32Array(inst.nVehicles);
    if (pickup !== this.lastPickup || s.modCounter !== this.lastMod) {
      this.stamp++;
      this.lastPickup = pickup;
      this.lastMod = s.modCounter;
    }
    if (this.tried[rv] === this.stamp) return 0;
    this.tried[rv] = this.stamp;
    const Ru = s.routes[ru]!;
    const Rv = s.routes[rv]!;
    const pp = s.taskPos[pickup]!;
    const pd = s.taskPos[delivery]!;
    const ev = s.ev;
    ev.startFrom(Ru, pp - 1);
    if (pd > pp + 1) ev.addSeg(Ru, pp + 1, pd - 1);
    const without = ev.finishWith(Ru, pd + 1);
    if (without === Infinity) return 0;
    const gain = Ru.cost - without;
    const best = bestPairInRoute(s, Rv, pickup, delivery, null, 0, gain, this.ins);
    if (!(best < gain)) return 0;
    this.ru = ru;
    this.pickup = pickup;
    this.ins.delta = best;
    return best - gain;
  }

  apply(s: SolutionState): void {
    const inst = s.inst;
    const delivery = inst.taskPartner[this.pickup]!;
    const tasks = s.routes[this.ru]!.tasks;
    s.setRoute(
      this.ru,
      tasks.filter((t) => t !== this.pickup && t !== delivery),
      s.taskPos[this.pickup]! - 1,
    );
    applyInsertion(s, inst.taskRequest[this.pickup]!, this.ins);
  }
}
