import type { SolutionState } from "../../core/solution-state";
import { slice, type Operator } from "./operator";

/** Inter-route 2-opt* : exchanges the route tails after u and after v (or from v). */
export class SwapTails implements Operator {
  readonly name = "swap-tails";
  private ru = -1;
  private rv = -1;
  /** Cut after position cu of ru and after cv of rv. */
  private cu = 0;
  private cv = 0;

  supports(): boolean {
    return true;
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const ru = s.taskRoute[u]!;
    const rv = s.taskRoute[v]!;
    if (ru === rv) return 0;
    const Ru = s.routes[ru]!;
    const Rv = s.routes[rv]!;
    const pu = s.taskPos[u]!;
    const pv = s.taskPos[v]!;
    const ev = s.ev;
    let best = 0;
    // Variant 0: u → succ(v), v → succ(u). Variant 1: u → v, pred(v) → succ(u).
    for (let k = 0; k < 2; k++) {
      const cv = k === 0 ? pv : pv - 1;
      ev.startFrom(Ru, pu);
      const c1 = ev.finishWith(Rv, cv + 1);
      if (c1 === Infinity) continue;
      ev.startFrom(Rv, cv);
      const c2 = ev.finishWith(Ru, pu + 1);
      const d = c1 + c2 - Ru.cost - Rv.cost;
      if (d < best) {
        best = d;
        this.ru = ru;
        this.rv = rv;
        this.cu = pu;
        this.cv = cv;
      }
    }
    return best;
  }

  apply(s: SolutionState): void {
    const tu = s.routes[this.ru]!.tasks;
    const tv = s.routes[this.rv]!.tasks;
    const nu = [...slice(tu, 1, this.cu), ...slice(tv, this.cv + 1, tv.length)];
    const nv = [...slice(tv, 1, this.cv), ...slice(tu, this.cu + 1, tu.length)];
    s.setRoute(this.ru, nu);
    s.setRoute(this.rv, nv);
  }
}
