import type { Instance } from "../model/instance";
import { isVehicleTask } from "../model/instance";

/**
 * Granular neighbour lists: for each task, the k closest other non-break tasks by
 * symmetric travel cost (speed class 0). Indexed [t * k + i], -1 padded.
 */
export interface Neighbours {
  k: number;
  list: Int32Array;
}

/** Pass 1 keeps every candidate with cost(t → u) below RECORD × the running k-th cheapest. */
const RECORD = 3;

/**
 * One sequential scan of task t's matrix row per task instead of a sort. Reading the column entry
 * cost(u → t) is a cache miss on large matrices, so it is read only for candidates that can still
 * make the list. Pass 1 finds the k candidates with the cheapest cost(t → u); the largest of their
 * symmetric keys, `bound`, is at least the k-th smallest key, and as costs are non-negative,
 * key(u) >= cost(t → u): only candidates with cost(t → u) <= bound can make the list. Pass 1 also
 * records every candidate below RECORD × its running k-th cheapest cost, which (that running
 * value only decreases) covers all of them when bound < RECORD × the final k-th cheapest (always
 * on symmetric costs, where bound <= 2 × it); otherwise pass 2 rescans the row. Pass 2 keys them in
 * index order into a bounded insertion list (a tie with the k-th key loses: ties go by index).
 * Same lists as a full sort; 10,000 tasks: a few hundred column reads per task instead of 10,000.
 */
export function buildNeighbours(inst: Instance, k: number): Neighbours {
  const n = inst.nTasks;
  const cost = inst.cost[0]!;
  const stride = inst.stride;
  const kk = Math.max(0, Math.min(k, n - 1));
  const list = new Int32Array(n * kk).fill(-1);
  if (kk === 0) return { k: kk, list };
  // Non-break tasks and their locations, in index order.
  const candTask = new Int32Array(n);
  const candLoc = new Int32Array(n);
  let nc = 0;
  for (let u = 0; u < n; u++) {
    if (isVehicleTask(inst.taskKind[u])) continue;
    candTask[nc] = u;
    candLoc[nc] = inst.taskLoc[u]!;
    nc++;
  }
  const topTask = new Int32Array(kk);
  const topKey = new Float64Array(kk);
  const recorded = new Int32Array(nc);
  for (let t = 0; t < n; t++) {
    if (isVehicleTask(inst.taskKind[t])) continue;
    const lt = inst.taskLoc[t]!;
    const row = lt * stride;
    // Pass 1: the k cheapest cost(t → u) (raw values, Infinity included) and the recorded candidates.
    let size = 0;
    let worst = Infinity;
    let record = Infinity;
    let nr = 0;
    for (let c = 0; c < nc; c++) {
      const o = cost[row + candLoc[c]!]!;
      if (o >= record && size === kk) continue;
      recorded[nr++] = c;
      // NaN (0 × an unreachable arc's Infinity) as Infinity: the running k-th cheapest only decreases.
      const v = o < Infinity ? o : Infinity;
      if (v >= worst && size === kk) continue;
      if (candTask[c] === t) continue;
      size = insertSorted(topKey, topTask, size, kk, v, c);
      if (size === kk) {
        worst = topKey[kk - 1]!;
        record = RECORD * worst;
      }
    }
    let bound = 0;
    for (let i = 0; i < size; i++) {
      const lu = candLoc[topTask[i]!]!;
      const sum = cost[row + lu]! + cost[lu * stride + lt]!;
      const key = sum < Infinity ? sum : Number.MAX_VALUE;
      if (key > bound) bound = key;
    }
    // An infinite key ties with every other infinite one (ties by index): no pruning then.
    if (bound === Number.MAX_VALUE) bound = Infinity;
    const fromRecord = size < kk || bound < record;
    // Pass 2: exact top k by (key, index) among the candidates with cost(t → u) <= bound.
    const m = fromRecord ? nr : nc;
    size = 0;
    worst = Infinity;
    for (let i = 0; i < m; i++) {
      const c = fromRecord ? recorded[i]! : i;
      const lu = candLoc[c]!;
      const o = cost[row + lu]!;
      if (o > bound) continue;
      const u = candTask[c]!;
      if (u === t) continue;
      const sum = o + cost[lu * stride + lt]!;
      const key = sum < Infinity ? sum : Number.MAX_VALUE;
      if (key >= worst && size === kk) continue;
      size = insertSorted(topKey, topTask, size, kk, key, u);
      if (size === kk) worst = topKey[kk - 1]!;
    }
    for (let i = 0; i < size; i++) list[t * kk + i] = topTask[i]!;
  }
  return { k: kk, list };
}

/**
 * Inserts (key, item) into the sorted list of `size` (<= cap) entries after every entry with a
 * key <= key, dropping the last one when full; returns the new size.
 */
function insertSorted(keys: Float64Array, items: Int32Array, size: number, cap: number, key: number, item: number): number {
  let i = size < cap ? size++ : cap - 1;
  while (i > 0 && key < keys[i - 1]!) {
    keys[i] = keys[i - 1]!;
    items[i] = items[i - 1]!;
    i--;
  }
  keys[i] = key;
  items[i] = item;
  return size;
}
