import type { PlanObjective } from "@routepilot/contracts";

/**
 * Catalogue keys (namespace `fleet`, decision 028) for words several fleet components show:
 * a plan's objective, and a weekday as the days a driver works ("Mondays").
 */
export const objectiveNames = {
  min_time: { title: "objective.min_time.title", description: "objective.min_time.description" },
  min_vehicles: { title: "objective.min_vehicles.title", description: "objective.min_vehicles.description" },
  balance: { title: "objective.balance.title", description: "objective.balance.description" },
} as const satisfies Record<PlanObjective, { title: string; description: string }>;

export const WEEKDAY_PLURAL_KEY = { mon: "weekdays.mon", tue: "weekdays.tue", wed: "weekdays.wed", thu: "weekdays.thu", fri: "weekdays.fri", sat: "weekdays.sat", sun: "weekdays.sun" } as const;
