import type { SolutionState } from "../../core/solution-state";
import { slice, type Operator } from "./operator";

/** Moves the segment of 2–3 tasks starting at u right after v, forward or reversed. */
export class OrOpt implements Operator {
  readonly name = "or-opt";
  private ru = -1;
  private rv = -1;
  private pu = 0;
  private len = 0;
  private after = 0;
  private reversed = false;

  supports(): boolean {
    return true;
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const ru = s.taskRoute[u]!;
    const rv = s.taskRoute[v]!;
    const pu = s.taskPos[u]!;
    const pv = s.taskPos[v]!;
    const Ru = s.routes[ru]!;
    const Rv = s.routes[rv]!;
    const ev = s.ev;
    const m = Ru.tasks.length;
    let best = 0;
    for (let len = 2; len <= 3; len++) {
      const end = pu + len - 1;
      if (end > m) break;
      if (ru === rv && pv >= pu - 1 && pv <= end) continue;
      let c1 = 0;
      if (ru !== rv) {
        ev.startFrom(Ru, pu - 1);
        c1 = ev.finishWith(Ru, end + 1);
        if (c1 === Infinity) continue;
      }
      for (let r = 0; r < 2; r++) {
        const rev = r === 1;
        let d: number;
        if (ru !== rv) {
          ev.startFrom(Rv, pv);
          if (rev) ev.addSegRev(Ru, pu, end);
          else ev.addSeg(Ru, pu, end);
          d = ev.finishWith(Rv, pv + 1) + c1 - Ru.cost - Rv.cost;
        } else if (pv < pu) {
          ev.startFrom(Ru, pv);
          if (rev) ev.addSegRev(Ru, pu, end);
          else ev.addSeg(Ru, pu, end);
          ev.addSeg(Ru, pv + 1, pu - 1);
          d = ev.finishWith(Ru, end + 1) - Ru.cost;
        } else {
          ev.startFrom(Ru, pu - 1);
          ev.addSeg(Ru, end + 1, pv);
          if (rev) ev.addSegRev(Ru, pu, end);
          else ev.addSeg(Ru, pu, end);
          d = ev.finishWith(Ru, pv + 1) - Ru.cost;
        }
        if (d < best) {
          best = d;
          this.ru = ru;
          this.rv = rv;
          this.pu = pu;
          this.len = len;
          this.after = pv;
          this.reversed = rev;
        }
      }
    }
    return best;
  }

  apply(s: SolutionState): void {
    const tu = s.routes[this.ru]!.tasks;
    const end = this.pu + this.len - 1;
    const seg = slice(tu, this.pu, end, this.reversed);
    if (this.ru !== this.rv) {
      const tv = s.routes[this.rv]!.tasks;
      s.setRoute(this.ru, [...slice(tu, 1, this.pu - 1), ...slice(tu, end + 1, tu.length)]);
      s.setRoute(this.rv, [...slice(tv, 1, this.after), ...seg, ...slice(tv, this.after + 1, tv.length)]);
      return;
    }
    if (this.after < this.pu) {
      s.setRoute(this.ru, [...slice(tu, 1, this.after), ...seg, ...slice(tu, this.after + 1, this.pu - 1), ...slice(tu, end + 1, tu.length)]);
    } else {
      s.setRoute(this.ru, [...slice(tu, 1, this.pu - 1), ...slice(tu, end + 1, this.after), ...seg, ...slice(tu, this.after + 1, tu.length)]);
    }
  }
}
