import type { SolutionState } from "../../core/solution-state";
import { slice, type Operator } from "./operator";

/** Moves task u right after v or right before v (same or another route). */
export class Relocate implements Operator {
  readonly name = "relocate";
  private ru = -1;
  private rv = -1;
  private pu = 0;
  /** Insert after this position of route rv (original numbering). */
  private after = 0;

  supports(): boolean {
    return true;
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const ru = s.taskRoute[u]!;
    const rv = s.taskRoute[v]!;
    const pu = s.taskPos[u]!;
    const pv = s.taskPos[v]!;
    let best = 0;
    for (let k = 0; k < 2; k++) {
      const after = k === 0 ? pv : pv - 1;
      const d = this.delta(s, ru, rv, pu, after);
      if (d < best) {
        best = d;
        this.ru = ru;
        this.rv = rv;
        this.pu = pu;
        this.after = after;
      }
    }
    return best;
  }

  private delta(s: SolutionState, ru: number, rv: number, pu: number, after: number): number {
    const ev = s.ev;
    const Ru = s.routes[ru]!;
    const u = Ru.tasks[pu - 1]!;
    if (ru === rv) {
      if (after === pu || after === pu - 1) return 0;
      if (pu < after) {
        ev.startFrom(Ru, pu - 1);
        ev.addSeg(Ru, pu + 1, after);
        ev.addTask(u);
        return ev.finishWith(Ru, after + 1) - Ru.cost;
      }
      ev.startFrom(Ru, after);
      ev.addTask(u);
      ev.addSeg(Ru, after + 1, pu - 1);
      return ev.finishWith(Ru, pu + 1) - Ru.cost;
    }
    if (s.inst.taskPartner[u]! >= 0) return 0;
    const Rv = s.routes[rv]!;
    ev.startFrom(Rv, after);
    ev.addTask(u);
    const c2 = ev.finishWith(Rv, after + 1);
    if (c2 === Infinity) return 0;
    ev.startFrom(Ru, pu - 1);
    const c1 = ev.finishWith(Ru, pu + 1);
    return c1 + c2 - Ru.cost - Rv.cost;
  }

  apply(s: SolutionState): void {
    const Ru = s.routes[this.ru]!.tasks;
    const u = Ru[this.pu - 1]!;
    if (this.ru === this.rv) {
      const rest = Ru.filter((_, i) => i !== this.pu - 1);
      const at = this.after < this.pu ? this.after : this.after - 1;
      rest.splice(at, 0, u);
      s.setRoute(this.ru, rest);
      return;
    }
    const Rv = s.routes[this.rv]!.tasks;
    s.setRoute(this.ru, Ru.filter((_, i) => i !== this.pu - 1));
    s.setRoute(this.rv, [...slice(Rv, 1, this.after), u, ...slice(Rv, this.after + 1, Rv.length)]);
  }
}
