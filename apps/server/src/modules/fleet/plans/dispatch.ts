import { fleetMessages, planMessages, weekdays, type DispatchPlanInput } from "@routepilot/contracts";
import type { Tx } from "@routepilot/db";
import { AppError, ConflictError, ValidationError } from "../../../lib/errors";
import { afterDispatch } from "../../live/customer-messages";
import { actionEmail } from "../../../platform/mail/mail";
import { formatterOf } from "../../accounts/preferences";
import { TeamEvents } from "../../teams/events";
import { requireFleetTeam } from "../access";
import { DEFAULT_WORKING_DAYS } from "../drivers";
import type { PlanOrder, PlanRoute, PlanVehicle } from "../problem";
import { planContacts } from "./contacts";
import { dispatchedRoute } from "./dispatched-route";
import { teamVehicles } from "./inputs";
import { driverByVehicle, driverProfilesOf, insertDispatchedRoute, planOf, routesFromPlan, storeDispatch, teamDrivers } from "./queries";
import { storedResult, type Caller, type PlanDeps, type PlanRow, type PlanSettings, type StoredResult } from "./rows";

const dayNames = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

/**
 * 409 naming every assignment whose driver does not work on the plan's weekday or lacks a driver
 * skill the route's orders need (a skill that some driver of the team lists; the others are vehicle
 * equipment the engine matched). The manager may dispatch anyway (contracts: dispatchPlanSchema).
 */
async function warnUnfitDrivers(
  tx: Tx,
  teamId: string,
  row: PlanRow,
  used: readonly PlanRoute[],
  assigned: ReadonlyMap<string, string>,
  given: readonly { vehicleId: string }[],
  vehicleById: ReadonlyMap<string, PlanVehicle>,
  driverById: ReadonlyMap<string, { name: string }>,
): Promise<void> {
  const profiles = await driverProfilesOf(tx, teamId);
  const profileOf = new Map(profiles.map((p) => [p.userId, p]));
  const driverSkills = new Set(profiles.flatMap((p) => p.skills));
  const weekday = new Date(`${row.date}T00:00:00Z`).getUTCDay();
  const day = weekdays[(weekday + 6) % 7] as string;
  const orders = new Map((row.orders as unknown as PlanOrder[]).map((o) => [o.id, o]));
  const fields: Record<string, string> = {};
  for (const route of used) {
    const driverUserId = assigned.get(route.vehicleId) as string;
    const index = given.findIndex((a) => a.vehicleId === route.vehicleId);
    const key = index >= 0 ? `assignments.${index}.driverUserId` : `vehicles.${route.vehicleId}`;
    const vehicle = vehicleById.get(route.vehicleId)?.name ?? route.vehicleId;
    const driver = driverById.get(driverUserId)?.name ?? driverUserId;
    const profile = profileOf.get(driverUserId);
    const workingDays: readonly string[] = profile?.workingDays ?? DEFAULT_WORKING_DAYS;
    if (!workingDays.includes(day)) {
      fields[key] = planMessages.driverOffDay(vehicle, driver, dayNames[weekday] as string);
      continue;
    }
    const has = new Set(profile?.skills ?? []);
    const needed = new Set(route.stops.flatMap((s) => orders.get(s.orderId)?.skills ?? []).filter((skill) => driverSkills.has(skill) && !has.has(skill)));
    if (needed.size > 0) fields[key] = planMessages.driverLacksSkill(vehicle, driver, [...needed].join(", "));
  }
  if (Object.keys(fields).length > 0) throw new AppError(409, "CONFLICT", planMessages.unfitDrivers, fields);
}

/**
 * POST …/plans/{id}/dispatch: the chosen non-empty routes (`vehicleIds`; by default every route
 * not dispatched yet that has a driver) become routes rows of the team assigned to their driver
 * (given, or the driver whose default vehicle it is) and vehicle; each driver gets a notification
 * (realtime) and an e-mail. The plan's edits are frozen from the first dispatch on; the routes left
 * planned (a van with no driver today) can be dispatched by a later call. All or nothing per call.
 */
export async function dispatchPlan(deps: PlanDeps, caller: Caller, teamId: string, planId: string, input: DispatchPlanInput) {
  const geo = await deps.geo.get();
  const events = new TeamEvents();
  const mails: { email: string; name: string; routeId: string; date: string; vehicle: string; stops: number; team: string }[] = [];
  const out = await deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true });
    const row = await planOf(tx, teamId, planId, true);
    if (row.status === "queued" || row.status === "solving" || !storedResult(row)) throw new ConflictError(planMessages.notReady);
    const result = storedResult(row) as StoredResult;
    const nonEmpty = result.routes.filter((r) => r.stops.length > 0);
    if (nonEmpty.length === 0) throw new ConflictError(planMessages.nothingToDispatch);
    // Which routes are out already: the routes rows made from this plan (a deleted one frees its vehicle).
    const existing = await routesFromPlan(tx, planId);
    const done = new Set(existing.map((r) => r.vehicleId));
    const open = nonEmpty.filter((r) => !done.has(r.vehicleId));
    if (open.length === 0) throw new ConflictError(fleetMessages.planFrozen);
    const drivers = await teamDrivers(tx, teamId);
    const driverById = new Map(drivers.map((d) => [d.userId, d]));
    const vehicleList = await teamVehicles(deps, tx, teamId, row.vehicleIds, "vehicleIds", true);
    const vehicleById = new Map(vehicleList.map((v) => [v.id, v]));
    const nameOf = (vehicleId: string) => vehicleById.get(vehicleId)?.name ?? vehicleId;
    const fields: Record<string, string> = {};
    let conflict: string | null = null;
    const assigned = new Map<string, string>();
    (input.assignments ?? []).forEach((a, i) => {
      if (!nonEmpty.some((r) => r.vehicleId === a.vehicleId)) fields[`assignments.${i}.vehicleId`] ??= planMessages.notARoute;
      else if (done.has(a.vehicleId)) conflict ??= planMessages.alreadyDispatched(nameOf(a.vehicleId));
      if (!driverById.has(a.driverUserId)) fields[`assignments.${i}.driverUserId`] ??= planMessages.notADriver;
      assigned.set(a.vehicleId, a.driverUserId);
    });
    (input.vehicleIds ?? []).forEach((id, i) => {
      if (!nonEmpty.some((r) => r.vehicleId === id)) fields[`vehicleIds.${i}`] ??= planMessages.notARoute;
      else if (done.has(id)) conflict ??= planMessages.alreadyDispatched(nameOf(id));
    });
    const defaults = await driverByVehicle(tx, teamId);
    for (const r of open) {
      const driver = assigned.get(r.vehicleId) ?? defaults.get(r.vehicleId);
      if (driver) assigned.set(r.vehicleId, driver);
    }
    // The routes of this call: those asked for (each needs a driver), else every open route that has one.
    const chosen = input.vehicleIds ? open.filter((r) => input.vehicleIds?.includes(r.vehicleId)) : open.filter((r) => assigned.has(r.vehicleId));
    (input.vehicleIds ?? []).forEach((id, i) => {
      if (open.some((r) => r.vehicleId === id) && !assigned.has(id)) fields[`vehicleIds.${i}`] ??= planMessages.noDriver(nameOf(id));
    });
    if (!input.vehicleIds && chosen.length === 0) fields.assignments ??= planMessages.noDriver(nameOf((open[0] as PlanRoute).vehicleId));
    const first = Object.values(fields)[0];
    if (first) throw new ValidationError(first, fields);
    if (conflict) throw new ConflictError(conflict);
    // What edits broke was shown as violations; dispatching them takes the manager's word for it.
    if (!input.dispatchAnyway && result.violations.length > 0) throw new AppError(409, "CONFLICT", planMessages.hasViolations(result.violations.length));
    if (!input.dispatchAnyway) await warnUnfitDrivers(tx, teamId, row, chosen, assigned, input.assignments ?? [], vehicleById, driverById);

    const orders = row.orders as unknown as PlanOrder[];
    const contacts = planContacts(deps, row);
    const created: { routeId: string; vehicleId: string; driverUserId: string }[] = [];
    for (const r of chosen) {
      const vehicle = vehicleById.get(r.vehicleId) as PlanVehicle;
      const driverUserId = assigned.get(r.vehicleId) as string;
      const { values, stops } = await dispatchedRoute(geo, deps, row.date, vehicle, r, orders, contacts);
      const routeId = await insertDispatchedRoute(
        tx,
        { ...values, userId: caller.id, teamId, planId, vehicleId: vehicle.id, driverUserId, unassigned: [], proofRequired: (row.settings as PlanSettings).proofRequired === true },
        stops,
      );
      created.push({ routeId, vehicleId: vehicle.id, driverUserId });
      // The plan's day as the driver reads it ("Monday 23 November", in their language).
      const day = (await formatterOf(tx, driverUserId)).day(row.date, "weekday");
      await events.notify(tx, driverUserId, "fleet_communication", planMessages.dispatchedTitle, planMessages.dispatched(team.name, day, vehicle.name, r.stops.length));
      const driver = driverById.get(driverUserId) as { email: string; name: string };
      mails.push({ email: driver.email, name: driver.name, routeId, date: day, vehicle: vehicle.name, stops: r.stops.length, team: team.name });
    }
    const dispatched = [...existing.filter((e): e is typeof e & { vehicleId: string } => e.vehicleId !== null).map((e) => ({ vehicleId: e.vehicleId, routeId: e.id, driverUserId: e.driverUserId })), ...created];
    const next: StoredResult = { ...result, dispatched };
    await storeDispatch(tx, planId, next, row.dispatchedAt ?? new Date());
    await events.teamChanged(tx, teamId, "plan_dispatched", caller.id);
    const remaining = open.filter((r) => !created.some((c) => c.vehicleId === r.vehicleId)).map((r) => r.vehicleId);
    return { routes: created, remaining };
  });
  await events.flush(deps.realtime, deps.logger);
  await afterDispatch(deps, out.routes.map((r) => r.routeId));
  for (const m of mails) {
    await deps.mailer.send(
      actionEmail({
        to: m.email,
        kind: "route-dispatch",
        subject: planMessages.dispatchedMailSubject(m.date),
        greeting: `Hello ${m.name},`,
        body: planMessages.dispatched(m.team, m.date, m.vehicle, m.stops),
        action: "Open your route",
        link: `${deps.baseUrl}/driver`,
        footer: "You receive this e-mail because you are a driver of this team on RoutePilot.",
      }),
    );
  }
  return out;
}
