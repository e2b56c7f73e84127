import type { Problem, Solution } from "../model/types";
import type { VroomOutput, VroomRoute, VroomStep, VroomUnassigned } from "./vroom-types";

/** Sum of vectors of equal length (empty when none). */
function addInto(acc: number[], v: readonly number[] | undefined): void {
  if (!v) return;
  for (let i = 0; i < v.length; i++) acc[i] = (acc[i] ?? 0) + v[i]!;
}

/**
 * Converts a Solution to VROOM's output format. Unassigned entries carry RoutePilot's
 * `reason`. `loadingMs` is reported as computing_times.loading.
 */
export function toVroomOutput(problem: Problem, solution: Solution, loadingMs = 0): VroomOutput {
  const jobs = new Map((problem.jobs ?? []).map((j) => [j.id, j]));
  const pickups = new Map((problem.shipments ?? []).map((s) => [s.pickup.id, s]));
  const deliveries = new Map((problem.shipments ?? []).map((s) => [s.delivery.id, s]));
  const hasDistances = problem.matrices.distances !== undefined;
  const dims = Math.max(0, ...problem.vehicles.map((v) => v.capacity?.length ?? 0));
  const zero = (): number[] => new Array<number>(dims).fill(0);
  const routes: VroomRoute[] = solution.routes.map((r) => {
    const delivery = zero();
    const pickup = zero();
    let priority = 0;
    const steps: VroomStep[] = r.steps.map((s) => {
      if (s.type === "job") {
        const j = jobs.get(s.id!);
        addInto(delivery, j?.delivery);
        addInto(pickup, j?.pickup);
        priority += j?.priority ?? 0;
      } else if (s.type === "pickup") {
        const sh = pickups.get(s.id!);
        addInto(pickup, sh?.amount);
        priority += sh?.priority ?? 0;
      } else if (s.type === "delivery") addInto(delivery, deliveries.get(s.id!)?.amount);
      const step: VroomStep = {
        type: s.type,
        ...(s.id !== undefined && s.type !== "start" && s.type !== "end" ? { id: s.id } : {}),
        ...(s.location !== undefined ? { location_index: s.location } : {}),
        setup: s.setup,
        service: s.service,
        waiting_time: s.waiting,
        load: s.load.length ? s.load : zero(),
        arrival: s.arrival,
        duration: s.travelTime,
        ...(hasDistances ? { distance: s.distance } : {}),
      };
      return step;
    });
    return {
      vehicle: r.vehicleId,
      cost: r.cost,
      setup: r.setup,
      service: r.service,
      duration: r.travelTime,
      waiting_time: r.waiting,
      priority,
      ...(hasDistances ? { distance: r.distance } : {}),
      delivery,
      pickup,
      steps,
      violations: [],
    };
  });
  const unassigned: VroomUnassigned[] = solution.unassigned.map((u) => {
    const loc =
      u.type === "job" ? jobs.get(u.id)?.location : u.type === "pickup" ? pickups.get(u.id)?.pickup.location : deliveries.get(u.id)?.delivery.location;
    return { id: u.id, type: u.type, ...(loc !== undefined ? { location_index: loc } : {}), reason: u.reason };
  });
  const sumDelivery = zero();
  const sumPickup = zero();
  for (const r of routes) {
    addInto(sumDelivery, r.delivery);
    addInto(sumPickup, r.pickup);
  }
  return {
    code: 0,
    summary: {
      cost: solution.cost,
      routes: routes.length,
      unassigned: unassigned.length,
      setup: solution.setup,
      service: solution.service,
      duration: solution.travelTime,
      waiting_time: solution.waiting,
      priority: routes.reduce((a, r) => a + r.priority, 0),
      ...(hasDistances ? { distance: solution.distance } : {}),
      delivery: sumDelivery,
      pickup: sumPickup,
      violations: [],
      computing_times: { loading: Math.round(loadingMs), solving: Math.round(solution.computingTimeMs), routing: 0 },
    },
    unassigned,
    routes,
  };
}
