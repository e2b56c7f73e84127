import type { SolutionState } from "../../core/solution-state";
import { slice, type Operator } from "./operator";

/** Intra-route 2-opt: reverses the tasks after u up to v so that u is followed by v. */
export class TwoOpt implements Operator {
  readonly name = "two-opt";
  private r = -1;
  private a = 0;
  private b = 0;

  supports(): boolean {
    return true;
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const r = s.taskRoute[u]!;
    if (r !== s.taskRoute[v]) return 0;
    const pu = s.taskPos[u]!;
    const pv = s.taskPos[v]!;
    if (pv <= pu + 1) return 0;
    const R = s.routes[r]!;
    const ev = s.ev;
    ev.startFrom(R, pu);
    ev.addSegRev(R, pu + 1, pv);
    const d = ev.finishWith(R, pv + 1) - R.cost;
    if (d < 0) {
      this.r = r;
      this.a = pu + 1;
      this.b = pv;
      return d;
    }
    return 0;
  }

  apply(s: SolutionState): void {
    const t = s.routes[this.r]!.tasks;
    s.setRoute(this.r, [...slice(t, 1, this.a - 1), ...slice(t, this.a, this.b, true), ...slice(t, this.b + 1, t.length)]);
  }
}
