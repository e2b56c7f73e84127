import { z } from "zod";
import { failureReasons, type FailureReason } from "./driver";
import { teamRoles } from "./teams";

/**
 * Team and fleet analytics (issue 14): `GET /api/analytics/teams/{teamId}?from=&to=` for the team's
 * owner, admins and managers (the period query is analytics.ts's analyticsRangeSchema). The period's
 * two dates are read in the team's time zone (fleet settings; the owner's preference or
 * Europe/London before they are saved). Distances in metres, durations in seconds.
 *
 * Which routes count:
 * - a member's routes: the routes they planned themselves (not dispatched fleet routes), made in the
 *   period and not before they joined the team — the same rows the team's route list shows;
 * - a dispatched route (a fleet route, with a driver): counts on its plan's day.
 * Figures about what happened come from what the driver app recorded (stop events, positions).
 */

export const teamAnalyticsMessages = {
  notManager: "Team analytics are for the team's owner, admins and managers.",
} as const;

const count = z.number().int().nonnegative();
/** A share 0–1; null when nothing was there to divide by. */
const share = z.number().min(0).nullable();

export const teamAnalyticsMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  /** Routes a month the owner gave the member (team_members.quota_allocation). */
  allocation: count,
  /** Routes counted against that allocation in the team's current usage period (not the chosen period). */
  used: count,
  /** The member's own routes made in the period: how many, their destinations (start and end not counted) and planned distance. */
  routes: count,
  stops: count,
  distanceMeters: z.number(),
});
export type TeamAnalyticsMember = z.infer<typeof teamAnalyticsMemberSchema>;

export const failedByReasonSchema = z.partialRecord(z.enum(failureReasons), count);
export type FailedByReason = Partial<Record<FailureReason, number>>;

export const teamAnalyticsDriverSchema = z.object({
  driverUserId: z.string(),
  name: z.string(),
  /** Dispatched routes on days of the period, and how many of them the driver completed. */
  routes: count,
  completedRoutes: count,
  /** Stops on those routes, and the finished ones (done or failed). */
  stops: count,
  done: count,
  failedStops: count,
  /**
   * Finished stops with a time window, split by when the driver arrived (arrived_at, else the time
   * the stop was finished): inside the window (both ends included), before it, after it.
   */
  onTime: count,
  early: count,
  late: count,
  /** Finished stops without a time window (not in the rate). */
  withoutWindow: count,
  /** onTime / (onTime + early + late); null without a finished stop with a window. */
  onTimeRate: share,
  /**
   * Completed routes only, first arrival to last stop finished: planned = last stop's planned
   * departure − first stop's planned arrival; actual = completed_at − started_at (both recorded by the app).
   */
  plannedDurationSeconds: z.number(),
  actualDurationSeconds: z.number(),
  /** Legs the app measured (finished stops with a driven leg distance): planned leg distance vs distance driven from positions. */
  plannedDistanceMeters: z.number(),
  actualDistanceMeters: z.number(),
  /** Finished stops of completed routes per hour of their actual duration; null when that is 0. */
  stopsPerHour: z.number().nullable(),
  failed: failedByReasonSchema,
});
export type TeamAnalyticsDriver = z.infer<typeof teamAnalyticsDriverSchema>;

export const teamAnalyticsVehicleSchema = z.object({
  vehicleId: z.string(),
  name: z.string(),
  routes: count,
  completedRoutes: count,
  /** Per capacity dimension: the demand of its done deliveries (pickups not counted) and the vehicle's capacity times its routes. */
  load: z.array(z.object({ dimension: z.string(), delivered: z.number(), capacity: z.number() })),
  /** The highest delivered / capacity over the dimensions (the binding one); null without capacity or routes. */
  capacityUtilisation: share,
  /** Actual duration of the completed routes / (shift length × completed routes); null without a completed route. */
  shiftUtilisation: share,
});
export type TeamAnalyticsVehicle = z.infer<typeof teamAnalyticsVehicleSchema>;

export const teamAnalyticsDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Members' own routes made that day. */
  memberRoutes: count,
  /** Dispatched routes of that day and their finished stops. */
  dispatchedRoutes: count,
  done: count,
  failed: count,
  onTime: count,
  /** Finished stops with a window that day (the on-time rate's denominator). */
  withWindow: count,
});
export type TeamAnalyticsDay = z.infer<typeof teamAnalyticsDaySchema>;

export const teamAnalyticsSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  from: z.string(),
  to: z.string(),
  /** The time zone the period and the days are read in (the team's). */
  timezone: z.string(),
  /** Whether the team's owner is on Fleet Pro (drivers and vehicles apply). */
  fleet: z.boolean(),
  members: z.array(teamAnalyticsMemberSchema),
  drivers: z.array(teamAnalyticsDriverSchema),
  vehicles: z.array(teamAnalyticsVehicleSchema),
  /** Failed stops of the period's dispatched routes by reason. */
  failedByReason: failedByReasonSchema,
  /** One entry per day of the period, in order (days without anything count 0). */
  byDay: z.array(teamAnalyticsDaySchema),
});
export type TeamAnalytics = z.infer<typeof teamAnalyticsSchema>;
