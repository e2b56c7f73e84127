import type { SolutionState } from "../../core/solution-state";
import { slice, type Operator } from "./operator";

const MAX_LEN = 3;

/** Inter-route exchange of the segment starting at u (1–3 tasks) with the segment after v (1–3 tasks); (1,1) is left to swap. */
export class CrossExchange implements Operator {
  readonly name = "cross-exchange";
  private ru = -1;
  private rv = -1;
  private pu = 0;
  private lu = 0;
  private pv = 0;
  private lv = 0;

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
    const sv = s.taskPos[v]! + 1; // segment of Rv starts after v
    const mu = Ru.tasks.length;
    const mv = Rv.tasks.length;
    const ev = s.ev;
    let best = 0;
    const base = Ru.cost + Rv.cost;
    for (let lu = 1; lu <= MAX_LEN && pu + lu - 1 <= mu; lu++) {
      for (let lv = 1; lv <= MAX_LEN && sv + lv - 1 <= mv; lv++) {
        if (lu === 1 && lv === 1) continue;
        ev.startFrom(Ru, pu - 1);
        ev.addSeg(Rv, sv, sv + lv - 1);
        const c1 = ev.finishWith(Ru, pu + lu);
        if (c1 === Infinity) continue;
        ev.startFrom(Rv, sv - 1);
        ev.addSeg(Ru, pu, pu + lu - 1);
        const d = c1 + ev.finishWith(Rv, sv + lv) - base;
        if (d < best) {
          best = d;
          this.ru = ru;
          this.rv = rv;
          this.pu = pu;
          this.lu = lu;
          this.pv = sv;
          this.lv = lv;
        }
      }
    }
    return best;
  }

  apply(s: SolutionState): void {
    const tu = s.routes[this.ru]!.tasks;
    const tv = s.routes[this.rv]!.tasks;
    const eu = this.pu + this.lu - 1;
    const evEnd = this.pv + this.lv - 1;
    const nu = [...slice(tu, 1, this.pu - 1), ...slice(tv, this.pv, evEnd), ...slice(tu, eu + 1, tu.length)];
    const nv = [...slice(tv, 1, this.pv - 1), ...slice(tu, this.pu, eu), ...slice(tv, evEnd + 1, tv.length)];
    s.setRoute(this.ru, nu);
    s.setRoute(this.rv, nv);
  }
}
