import type { Instance } from "../model/instance";
import type { UnassignedReason } from "../model/types";
import type { SolutionState } from "./solution-state";

/** Order in which a lone-request feasibility test fails; a later stage means "closer to fitting". */
const STAGES: UnassignedReason[] = [
  "skills",
  "unreachable",
  "capacity",
  "time_window",
  "shift",
  "max_travel_time",
  "max_distance",
  "max_stops",
];

/** Why request q cannot be served by vehicle v even alone; null when it fits alone. */
function loneReason(inst: Instance, v: number, q: number): UnassignedReason | null {
  const tasks = [inst.requestFirst[q]!];
  if (inst.requestSecond[q]! >= 0) tasks.push(inst.requestSecond[q]!);
  for (const t of tasks) if (inst.compat[v * inst.nTasks + t] === 0) return "skills";
  const dims = inst.dims;
  const cls = inst.vClass[v]!;
  const dur = inst.dur[cls]!;
  const dst = inst.dist[cls]!;
  const stride = inst.stride;
  let loc = inst.vStart[v]!;
  const path = [loc, ...tasks.map((t) => inst.taskLoc[t]!), inst.vEnd[v]!];
  for (let i = 0; i + 1 < path.length; i++) if (!Number.isFinite(dur[path[i]! * stride + path[i + 1]!]!)) return "unreachable";
  for (const t of tasks) {
    for (let d = 0; d < dims; d++) {
      const cap = inst.vCapacity[v * dims + d]!;
      if (inst.taskDelivery[t * dims + d]! > cap || inst.taskPickup[t * dims + d]! > cap) return "capacity";
    }
  }
  let time = inst.vTwStart[v]!;
  let travel = 0;
  let dist = 0;
  for (const t of tasks) {
    const l = inst.taskLoc[t]!;
    const a = loc * stride + l;
    travel += dur[a]!;
    dist += dst[a]!;
    const ready = time + dur[a]! + (l !== loc ? inst.taskSetup[t]! : 0);
    let start = -1;
    for (let w = inst.twOffset[t]!; w < inst.twOffset[t + 1]!; w++) {
      if (inst.twEnd[w]! >= ready) {
        start = Math.max(ready, inst.twStart[w]!);
        break;
      }
    }
    if (start < 0) {
      // Windows entirely outside the shift are a shift problem; otherwise travel makes them unreachable.
      let lastEnd = -Infinity;
      for (let w = inst.twOffset[t]!; w < inst.twOffset[t + 1]!; w++) lastEnd = Math.max(lastEnd, inst.twEnd[w]!);
      const firstStart = inst.twStart[inst.twOffset[t]!]!;
      return lastEnd < inst.vTwStart[v]! || firstStart > inst.vTwEnd[v]! ? "shift" : "time_window";
    }
    time = start + inst.taskService[t]!;
    loc = l;
  }
  const a = loc * stride + inst.vEnd[v]!;
  travel += dur[a]!;
  dist += dst[a]!;
  if (time + dur[a]! > inst.vTwEnd[v]!) return "shift";
  if (travel > inst.vMaxTravel[v]!) return "max_travel_time";
  if (dist > inst.vMaxDist[v]!) return "max_distance";
  if (tasks.length > inst.vMaxStops[v]!) return "max_stops";
  return null;
}

/** True when at least one vehicle could serve request q if it had nothing else to do (breaks ignored). */
export function fitsSomeVehicleAlone(inst: Instance, q: number): boolean {
  for (let v = 0; v < inst.nVehicles; v++) if (loneReason(inst, v, q) === null) return true;
  return false;
}

/** Reason shown to the user for an unassigned request (CONVENTIONS rule 6). */
export function explainUnassigned(state: SolutionState, q: number): UnassignedReason {
  const inst = state.inst;
  if (inst.nVehicles === 0) return "no_vehicle";
  let best: UnassignedReason | null = null;
  let bestStage = -1;
  let fitsAlone = false;
  for (let v = 0; v < inst.nVehicles; v++) {
    const reason = loneReason(inst, v, q);
    if (reason === null) {
      fitsAlone = true;
      continue;
    }
    const stage = STAGES.indexOf(reason);
    if (stage > bestStage) {
      bestStage = stage;
      best = reason;
    }
  }
  if (!fitsAlone) return best ?? "no_vehicle";
  // It fits an empty vehicle: the other routes' load or schedule leaves no room.
  const t = inst.requestFirst[q]!;
  const dims = inst.dims;
  let capacityBlocks = true;
  for (let v = 0; v < inst.nVehicles && capacityBlocks; v++) {
    if (loneReason(inst, v, q) !== null) continue;
    const r = state.routes[v]!;
    const e = (r.tasks.length + 1) * dims;
    let over = false;
    for (let d = 0; d < dims; d++) {
      const cap = inst.vCapacity[v * dims + d]!;
      if (r.fDel[e + d]! + inst.taskDelivery[t * dims + d]! > cap || r.fPick[e + d]! + Math.max(0, inst.taskPickup[t * dims + d]!) > cap) over = true;
    }
    if (!over) capacityBlocks = false;
  }
  if (capacityBlocks) return "capacity";
  if (inst.requestPriority[q]! < 100 && hasHigherPriority(inst, q)) return "dropped";
  // The other stops' schedule leaves no room: against the request's own windows, or, when it has
  // none (one window open from 0 to ∞), against the vehicles' shifts.
  return hasOwnWindow(inst, t) || inst.requestSecond[q]! >= 0 ? "time_window" : "shift";
}

function hasOwnWindow(inst: Instance, t: number): boolean {
  const first = inst.twOffset[t]!;
  return inst.twOffset[t + 1]! - first !== 1 || inst.twStart[first]! > 0 || inst.twEnd[first]! !== Infinity;
}

function hasHigherPriority(inst: Instance, q: number): boolean {
  const p = inst.requestPriority[q]!;
  for (let r = 0; r < inst.nRequests; r++) if (inst.requestPriority[r]! > p) return true;
  return false;
}
