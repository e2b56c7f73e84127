import type { Instance } from "../model/instance";
import { KIND_BREAK } from "../model/instance";

/**
 * Granular neighbour lists: for each task, the k closest other non-break tasks by
 * symmetric travel cost (speed class 0). Indexed [t * k + i], -1 padded.
 */
export interface Neighbours {
  k: number;
  list: Int32Array;
}

export function buildNeighbours(inst: Instance, k: number): Neighbours {
  const n = inst.nTasks;
  const cost = inst.cost[0]!;
  const stride = inst.stride;
  const kk = Math.max(0, Math.min(k, n - 1));
  const list = new Int32Array(n * kk).fill(-1);
  const cand: number[] = [];
  const keys = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    if (inst.taskKind[t] === KIND_BREAK) continue;
    const lt = inst.taskLoc[t]!;
    cand.length = 0;
    for (let u = 0; u < n; u++) {
      if (u === t || inst.taskKind[u] === KIND_BREAK) continue;
      const lu = inst.taskLoc[u]!;
      const c = cost[lt * stride + lu]! + cost[lu * stride + lt]!;
      keys[u] = Number.isFinite(c) ? c : Number.MAX_VALUE;
      cand.push(u);
    }
    const sel = partialSort(cand, keys, kk);
    for (let i = 0; i < sel.length; i++) list[t * kk + i] = sel[i]!;
  }
  return { k: kk, list };
}

/** The k smallest candidates by key, sorted (ties by index for determinism); O(n·k) worst case. */
function partialSort(cand: number[], keys: Float64Array, k: number): number[] {
  const top: number[] = [];
  const less = (a: number, b: number): boolean => keys[a]! < keys[b]! || (keys[a] === keys[b] && a < b);
  for (const u of cand) {
    if (top.length === k && !less(u, top[k - 1]!)) continue;
    let i = top.length === k ? k - 1 : top.length;
    if (top.length < k) top.push(u);
    while (i > 0 && less(u, top[i - 1]!)) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = u;
  }
  return top;
}
