import type { Instance } from "../model/instance";
import { KIND_BREAK, KIND_DELIVERY, KIND_JOB, KIND_PICKUP, KIND_RELOAD } from "../model/instance";
import type { RouteSolution, Step, StepType } from "../model/types";

const KIND_TO_TYPE: Record<number, StepType> = { [KIND_JOB]: "job", [KIND_PICKUP]: "pickup", [KIND_DELIVERY]: "delivery", [KIND_BREAK]: "break" };

/** Builds the user-facing schedule of one route (earliest start at every step). */
export function buildRouteSolution(inst: Instance, v: number, tasks: readonly number[]): RouteSolution {
  const cls = inst.vClass[v]!;
  const dur = inst.dur[cls]!;
  const cst = inst.cost[cls]!;
  // Without any distance matrix inst.dist holds the durations (see compileProblem): report 0.
  const dst = inst.hasDistances ? inst.dist[cls]! : null;
  const dims = inst.dims;
  const stride = inst.stride;
  // Trips, as the evaluator runs them: a reload takes place before the first stop after it, and
  // only when the trip before it has stops. reloadBefore[i]: the reload task run before tasks[i].
  const reloadBefore = new Int32Array(tasks.length).fill(-1);
  const tripDeliveries: number[][] = [new Array<number>(dims).fill(0)];
  let tripStops = 0;
  let pending = -1;
  tasks.forEach((t, i) => {
    const kind = inst.taskKind[t];
    if (kind === KIND_RELOAD) {
      if (tripStops > 0) pending = t;
      return;
    }
    if (kind === KIND_BREAK) return;
    if (pending >= 0) {
      reloadBefore[i] = pending;
      pending = -1;
      tripDeliveries.push(new Array<number>(dims).fill(0));
      tripStops = 0;
    }
    tripStops++;
    const del = tripDeliveries[tripDeliveries.length - 1]!;
    for (let d = 0; d < dims; d++) del[d]! += inst.taskDelivery[t * dims + d]!;
  });
  let trip = 0;
  let load = tripDeliveries[0]!.slice();
  const steps: Step[] = [];
  let time = inst.vTwStart[v]!;
  let loc = inst.vStart[v]!;
  let travel = 0;
  let distance = 0;
  let cost = 0;
  let waiting = 0;
  let service = 0;
  let setupSum = 0;
  const startTime = time;
  if (loc !== inst.nowhere) {
    steps.push({ type: "start", location: loc, arrival: time, setup: 0, waiting: 0, service: 0, departure: time, load: load.slice(), travelTime: 0, distance: 0 });
  }
  let stops = 0;
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i]!;
    if (inst.taskKind[t] === KIND_RELOAD) continue;
    const r = reloadBefore[i]!;
    if (r >= 0) {
      const l = inst.taskLoc[r]!;
      const a = loc * stride + l;
      const reached = time + dur[a]!;
      travel += dur[a]!;
      distance += dst ? dst[a]! : 0;
      cost += cst[a]!;
      loc = l;
      const svc = inst.taskService[r]!;
      time = reached + svc;
      service += svc;
      load = tripDeliveries[++trip]!.slice();
      steps.push({ type: "reload", location: l, arrival: reached, setup: 0, waiting: 0, service: svc, departure: time, load: load.slice(), travelTime: travel, distance });
    }
    const isBreak = inst.taskKind[t] === KIND_BREAK;
    let arrival = time;
    let setup = 0;
    if (!isBreak) {
      const l = inst.taskLoc[t]!;
      const a = loc * stride + l;
      arrival = time + dur[a]!;
      travel += dur[a]!;
      distance += dst ? dst[a]! : 0;
      cost += cst[a]!;
      setup = l !== loc ? inst.taskSetup[t]! : 0;
      loc = l;
      stops++;
    }
    const ready = arrival + setup;
    let start = ready;
    for (let w = inst.twOffset[t]!; w < inst.twOffset[t + 1]!; w++) {
      if (inst.twEnd[w]! >= ready) {
        start = Math.max(ready, inst.twStart[w]!);
        break;
      }
    }
    const svc = inst.taskService[t]!;
    for (let d = 0; d < dims; d++) load[d]! += -inst.taskDelivery[t * dims + d]! + inst.taskPickup[t * dims + d]!;
    time = start + svc;
    waiting += start - ready;
    service += svc;
    setupSum += setup;
    const step: Step = {
      type: KIND_TO_TYPE[inst.taskKind[t]!]!,
      id: inst.taskId[t]!,
      arrival,
      setup,
      waiting: start - ready,
      service: svc,
      departure: time,
      load: load.slice(),
      travelTime: travel,
      distance,
    };
    if (!isBreak) step.location = loc;
    steps.push(step);
  }
  const endLoc = inst.vEnd[v]!;
  const a = loc * stride + endLoc;
  const arrival = time + dur[a]!;
  travel += dur[a]!;
  distance += dst ? dst[a]! : 0;
  cost += cst[a]!;
  if (endLoc !== inst.nowhere) {
    steps.push({ type: "end", location: endLoc, arrival, setup: 0, waiting: 0, service: 0, departure: arrival, load: load.slice(), travelTime: travel, distance });
  }
  if (stops > 0) cost += inst.vFixed[v]!;
  return {
    vehicleId: inst.problem.vehicles[v]!.id,
    vehicleIndex: v,
    steps,
    cost,
    travelTime: travel,
    distance,
    duration: arrival - startTime,
    waiting,
    service,
    setup: setupSum,
  };
}
