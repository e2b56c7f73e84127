import type { SolutionState } from "../../core/solution-state";
import type { Operator } from "./operator";

/** Exchanges tasks u and v (same or different routes). */
export class Swap implements Operator {
  readonly name = "swap";
  private ru = -1;
  private rv = -1;
  private pu = 0;
  private pv = 0;

  supports(): boolean {
    return true;
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const ru = s.taskRoute[u]!;
    const rv = s.taskRoute[v]!;
    const pu = s.taskPos[u]!;
    const pv = s.taskPos[v]!;
    const ev = s.ev;
    let d: number;
    if (ru === rv) {
      if (u > v) return 0; // each unordered pair once
      const R = s.routes[ru]!;
      const a = Math.min(pu, pv);
      const b = Math.max(pu, pv);
      ev.startFrom(R, a - 1);
      ev.addTask(R.tasks[b - 1]!);
      if (b - a > 1) ev.addSeg(R, a + 1, b - 1);
      ev.addTask(R.tasks[a - 1]!);
      d = ev.finishWith(R, b + 1) - R.cost;
    } else {
      if (s.inst.taskPartner[u]! >= 0 || s.inst.taskPartner[v]! >= 0) return 0;
      const Ru = s.routes[ru]!;
      const Rv = s.routes[rv]!;
      ev.startFrom(Ru, pu - 1);
      ev.addTask(v);
      const c1 = ev.finishWith(Ru, pu + 1);
      if (c1 === Infinity) return 0;
      ev.startFrom(Rv, pv - 1);
      ev.addTask(u);
      const c2 = ev.finishWith(Rv, pv + 1);
      d = c1 + c2 - Ru.cost - Rv.cost;
    }
    if (d < 0) {
      this.ru = ru;
      this.rv = rv;
      this.pu = pu;
      this.pv = pv;
    }
    return d < 0 ? d : 0;
  }

  apply(s: SolutionState): void {
    if (this.ru === this.rv) {
      const t = s.routes[this.ru]!.tasks.slice();
      const a = t[this.pu - 1]!;
      t[this.pu - 1] = t[this.pv - 1]!;
      t[this.pv - 1] = a;
      s.setRoute(this.ru, t);
      return;
    }
    const tu = s.routes[this.ru]!.tasks.slice();
    const tv = s.routes[this.rv]!.tasks.slice();
    const a = tu[this.pu - 1]!;
    tu[this.pu - 1] = tv[this.pv - 1]!;
    tv[this.pv - 1] = a;
    s.setRoute(this.ru, tu);
    s.setRoute(this.rv, tv);
  }
}
