import { and, asc, eq, isNull } from "drizzle-orm";
import { fleetMessages, type Driver, type driverInputSchema, type weekdays } from "@routepilot/contracts";
import { fleetDrivers, teamMembers, user, vehicles, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { openField, sealField } from "../security/field-encryption";
import { isFleetManager, requireFleetTeam } from "./access";

type FleetDeps = Pick<AppDeps, "db" | "encryption" | "logger">;
type Caller = { id: string };
type DriverInput = ReturnType<typeof driverInputSchema.parse>;
type Weekday = (typeof weekdays)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEFAULT_WORKING_DAYS: Weekday[] = ["mon", "tue", "wed", "thu", "fri"];

/** Team members with the role driver, with their fleet details when saved (a left join). */
function driversQuery(db: DbOrTx, teamId: string, userId?: string) {
  return db
    .select({ userId: user.id, email: user.email, name: user.name, details: fleetDrivers })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .leftJoin(fleetDrivers, and(eq(fleetDrivers.teamId, teamMembers.teamId), eq(fleetDrivers.userId, teamMembers.userId)))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "driver"), userId === undefined ? undefined : eq(teamMembers.userId, userId)))
    .orderBy(asc(user.name), asc(user.email));
}
type DriverJoin = Awaited<ReturnType<typeof driversQuery>>[number];

function presentDriver(deps: Pick<AppDeps, "encryption" | "logger">, row: DriverJoin): Driver {
  const d = row.details;
  const phone = d ? openField(deps.encryption, d.phone, deps.logger, "fleet_drivers.phone") : null;
  const licenceNumber = d ? openField(deps.encryption, d.licenceNumber, deps.logger, "fleet_drivers.licence_number") : null;
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    ...(phone !== null && { phone }),
    ...(licenceNumber !== null && { licenceNumber }),
    defaultVehicleId: d?.defaultVehicleId ?? null,
    skills: d?.skills ?? [],
    workingDays: (d?.workingDays as Weekday[] | undefined) ?? DEFAULT_WORKING_DAYS,
  };
}

async function driverRow(db: DbOrTx, teamId: string, userId: string): Promise<DriverJoin> {
  const [row] = await driversQuery(db, teamId, userId);
  if (!row) throw new NotFoundError("Driver");
  return row;
}

/** GET /api/teams/{teamId}/drivers (managers): every member with the role driver. */
export async function listDrivers(deps: FleetDeps, caller: Caller, teamId: string): Promise<Driver[]> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const rows = await driversQuery(deps.db, teamId);
  // A key version another process added since this one read the keyring is loaded first (decision 011).
  await deps.encryption.prepare(rows.flatMap((r) => [r.details?.phone, r.details?.licenceNumber]));
  return rows.map((r) => presentDriver(deps, r));
}

/** GET /api/teams/{teamId}/drivers/{userId}: managers see any driver; a driver sees only themselves (403 otherwise). */
export async function getDriver(deps: FleetDeps, caller: Caller, teamId: string, userId: string): Promise<Driver> {
  const { role } = await requireFleetTeam(deps.db, caller, teamId, { manager: false });
  if (!isFleetManager(role) && !(role === "driver" && userId === caller.id)) throw new ForbiddenError(fleetMessages.notManager);
  const row = await driverRow(deps.db, teamId, userId);
  await deps.encryption.prepare([row.details?.phone, row.details?.licenceNumber]);
  return presentDriver(deps, row);
}

/**
 * PUT /api/teams/{teamId}/drivers/{userId} (managers): saves the driver's details as given (phone
 * and licence sealed; absent ones cleared). 404 when the user is not a driver of the team; 400 when
 * the default vehicle is not one of the team's vehicles in use.
 */
export async function putDriver(deps: FleetDeps, caller: Caller, teamId: string, userId: string, input: DriverInput): Promise<Driver> {
  return deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true, forUpdate: true });
    await driverRow(tx, team.id, userId);
    const defaultVehicleId = input.defaultVehicleId ?? null;
    if (defaultVehicleId !== null) {
      const [vehicle] = !UUID.test(defaultVehicleId) ? [] : await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.teamId, team.id), isNull(vehicles.archivedAt), eq(vehicles.id, defaultVehicleId)));
      if (!vehicle) throw new ValidationError(fleetMessages.unknownVehicle, { defaultVehicleId: fleetMessages.unknownVehicle });
    }
    const values = {
      phone: sealField(deps.encryption, input.phone),
      licenceNumber: sealField(deps.encryption, input.licenceNumber),
      defaultVehicleId,
      skills: input.skills,
      workingDays: [...new Set(input.workingDays)],
      updatedAt: new Date(),
    };
    await tx
      .insert(fleetDrivers)
      .values({ teamId: team.id, userId, ...values })
      .onConflictDoUpdate({ target: [fleetDrivers.teamId, fleetDrivers.userId], set: values });
    return presentDriver(deps, await driverRow(tx, team.id, userId));
  });
}
