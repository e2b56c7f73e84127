import type { Rng } from "../util/rng";
import type { Stopping } from "../search/stopping";

/**
 * Iterated Or-opt for the asymmetric TSP on a doubly linked tour (succ/pred indexed by node):
 * moves segments of 1–3 nodes next to a neighbour, in either orientation, with O(1) evaluation
 * and O(1) application; kicks are local double bridges (orientation preserving). Node 0 is the
 * start; when `fixedEnd` >= 0 the arc fixedEnd → 0 is never removed.
 */
export function solveAtsp(
  n: number,
  D: Float64Array,
  fixedEnd: number,
  k: number,
  rng: Rng,
  stop: Stopping,
  onImprove: (cost: number, it: number) => void,
): { order: number[]; iterations: number } {
  const succ = new Int32Array(n);
  const pred = new Int32Array(n);
  const d = (a: number, b: number): number => D[a * n + b]!;
  // Neighbour lists by min(d(i,j), d(j,i)).
  const nb = new Int32Array(n * k);
  const top = new Int32Array(k);
  const key = (i: number, j: number): number => Math.min(d(i, j), d(j, i));
  for (let i = 0; i < n; i++) {
    let len = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const dj = key(i, j);
      if (len === k && dj >= key(i, top[k - 1]!)) continue;
      let p = len === k ? k - 1 : len++;
      while (p > 0 && key(i, top[p - 1]!) > dj) {
        top[p] = top[p - 1]!;
        p--;
      }
      top[p] = j;
    }
    for (let q = 0; q < k; q++) nb[i * k + q] = top[q]!;
  }
  // Nearest-neighbour construction from node 0, fixed end last.
  const used = new Uint8Array(n);
  used[0] = 1;
  if (fixedEnd >= 0) used[fixedEnd] = 1;
  let cur = 0;
  for (let placed = 1; placed < n - (fixedEnd >= 0 ? 1 : 0); placed++) {
    let best = -1;
    let bd = Infinity;
    for (let q = 0; q < k; q++) {
      const c = nb[cur * k + q]!;
      if (!used[c] && d(cur, c) < bd) {
        bd = d(cur, c);
        best = c;
      }
    }
    if (best < 0) for (let c = 0; c < n; c++) if (!used[c] && d(cur, c) < bd) {
      bd = d(cur, c);
      best = c;
    }
    used[best] = 1;
    succ[cur] = best;
    pred[best] = cur;
    cur = best;
  }
  if (fixedEnd >= 0) {
    succ[cur] = fixedEnd;
    pred[fixedEnd] = cur;
    cur = fixedEnd;
  }
  succ[cur] = 0;
  pred[0] = cur;
  let cost = 0;
  for (let i = 0; i < n; i++) cost += d(i, succ[i]!);
  const eps = 1e-9 * Math.max(1, cost / n);
  const isFixed = (a: number, b: number): boolean => fixedEnd >= 0 && a === fixedEnd && b === 0;

  const queue: number[] = [];
  const inQueue = new Uint8Array(n);
  const push = (a: number): void => {
    if (!inQueue[a]) {
      inQueue[a] = 1;
      queue.push(a);
    }
  };

  /** Tries moving the segment starting at s1 (1–3 nodes, forward) next to one of s1's neighbours. */
  const improve = (s1: number): boolean => {
    const p = pred[s1]!;
    if (isFixed(p, s1)) return false;
    let s2 = s1;
    let inner = 0; // internal arc cost forward
    let innerRev = 0; // internal arc cost reversed
    for (let L = 1; L <= 3 && L < n - 2; L++) {
      if (L > 1) {
        const nx0 = succ[s2]!;
        if (isFixed(s2, nx0) || nx0 === p) break;
        inner += d(s2, nx0);
        innerRev += d(nx0, s2);
        s2 = nx0;
      }
      const nx = succ[s2]!;
      if (nx === p || isFixed(s2, nx)) continue;
      const removeGain = d(p, s1) + d(s2, nx) - d(p, nx);
      if (removeGain <= eps) continue;
      for (let q = 0; q < k; q++) {
        const c = nb[s1 * k + q]!;
        // Insert between c and succ(c) (s1 after c) or between pred(c) and c (s1 before c, reversed use).
        for (let side = 0; side < 2; side++) {
          const a = side === 0 ? c : pred[c]!;
          const b = succ[a]!;
          if (a === p || isFixed(a, b)) continue;
          let inSeg = false;
          for (let x = s1, m = 0; m < L; m++, x = succ[x]!) if (x === a || x === b) inSeg = true;
          if (inSeg) continue;
          // Forward: a → s1 … s2 → b ; reversed: a → s2 … s1 → b.
          const fwd = d(a, s1) + d(s2, b);
          const rev = d(a, s2) + d(s1, b) + innerRev - inner;
          const addFwd = fwd < rev;
          const gain = removeGain + d(a, b) - (addFwd ? fwd : rev);
          if (gain > eps) {
            // Unlink segment.
            succ[p] = nx;
            pred[nx] = p;
            if (addFwd) {
              succ[a] = s1;
              pred[s1] = a;
              succ[s2] = b;
              pred[b] = s2;
            } else {
              // Reverse the segment's internal links.
              const nodes: number[] = [];
              for (let x = s1, m = 0; m < L; m++, x = succ[x]!) nodes.push(x);
              for (let m = 0; m < L; m++) {
                const x = nodes[m]!;
                succ[x] = m > 0 ? nodes[m - 1]! : b;
                pred[x] = m < L - 1 ? nodes[m + 1]! : a;
              }
              succ[a] = s2;
              pred[b] = s1;
            }
            cost -= gain;
            for (const z of [p, nx, a, b, s1, s2]) push(z);
            return true;
          }
        }
      }
    }
    return false;
  };

  const optimise = (): void => {
    while (queue.length > 0) {
      const a = queue.shift()!;
      inQueue[a] = 0;
      if (improve(a)) push(a);
    }
  };
  for (let i = 0; i < n; i++) push(i);
  optimise();
  let bestCost = cost;
  const bestSucc = succ.slice();
  onImprove(bestCost, 0);
  const saveSucc = new Int32Array(n);
  const savePred = new Int32Array(n);
  let it = 0;
  const maxL = Math.max(1, Math.min(50, Math.floor((n - 2) / 3)));
  while (!stop.done(it)) {
    it++;
    saveSucc.set(succ);
    savePred.set(pred);
    const before = cost;
    // Local double bridge: a | B | C | d  →  a C B d (orientation preserved).
    const a = rng.int(n);
    const l1 = 1 + rng.int(maxL);
    const l2 = 1 + rng.int(maxL);
    const b1 = succ[a]!;
    let bL = b1;
    let ok = !isFixed(a, b1);
    for (let m = 1; m < l1 && ok; m++) {
      if (isFixed(bL, succ[bL]!) || succ[bL] === a) ok = false;
      else bL = succ[bL]!;
    }
    const c1 = succ[bL]!;
    let cL = c1;
    if (ok && (isFixed(bL, c1) || c1 === a)) ok = false;
    for (let m = 1; m < l2 && ok; m++) {
      if (isFixed(cL, succ[cL]!) || succ[cL] === a) ok = false;
      else cL = succ[cL]!;
    }
    const dd = succ[cL]!;
    if (!ok || isFixed(cL, dd) || dd === b1 || cL === a) continue;
    cost += d(a, c1) + d(cL, b1) + d(bL, dd) - d(a, b1) - d(bL, c1) - d(cL, dd);
    succ[a] = c1;
    pred[c1] = a;
    succ[cL] = b1;
    pred[b1] = cL;
    succ[bL] = dd;
    pred[dd] = bL;
    for (const z of [a, b1, bL, c1, cL, dd]) push(z);
    optimise();
    if (cost <= before + eps) {
      if (cost < bestCost - eps) {
        bestCost = cost;
        bestSucc.set(succ);
        if ((it & 255) === 0) onImprove(bestCost, it);
      }
    } else {
      succ.set(saveSucc);
      pred.set(savePred);
      cost = before;
    }
  }
  onImprove(bestCost, it);
  const order: number[] = [];
  for (let x = bestSucc[0]!; x !== 0; x = bestSucc[x]!) order.push(x);
  return { order, iterations: it };
}
