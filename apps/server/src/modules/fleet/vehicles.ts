import { and, asc, eq, isNull } from "drizzle-orm";
import { fleetMessages, vehicleInputSchema, type Vehicle, type VehicleInput } from "@routepilot/contracts";
import { fleetDrivers, vehicles, type DbOrTx } from "@routepilot/db";
import { fieldsFromIssues, type AppDeps } from "../../lib/context";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { openField, sealField } from "../security/field-encryption";
import { requireFleetTeam } from "./access";
import { settingsOf } from "./settings";
import { assertNoUnsafeMarkup } from "../security/sanitize";

export type FleetDeps = Pick<AppDeps, "db" | "encryption" | "logger">;
type Caller = { id: string };
type VehicleRow = typeof vehicles.$inferSelect;
/** A vehicle after validation (defaults applied). */
type ParsedVehicle = ReturnType<typeof vehicleInputSchema.parse>;

/** A stored vehicle in the API shape, without its encrypted fields. */
function vehicleWithoutSecrets(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    ...(row.plate !== null && { plate: row.plate }),
    profile: row.profile as Vehicle["profile"],
    capacity: row.capacity,
    skills: row.skills,
    shift: { start: row.shiftStart, end: row.shiftEnd },
    start: row.start,
    end: row.end,
    maxStops: row.maxStops,
    maxDrivingMinutes: row.maxDrivingMinutes,
    maxDistanceKm: row.maxDistanceKm,
    breaks: row.breaks,
    fixedCostPence: row.fixedCostPence,
    costPerHourPence: row.costPerHourPence,
    maxTrips: row.maxTrips,
    reloadMinutes: row.reloadMinutes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The API shape of a stored vehicle, VIN and insurance policy decrypted. */
export function presentVehicle(deps: Pick<AppDeps, "encryption" | "logger">, row: VehicleRow): Vehicle {
  const vin = openField(deps.encryption, row.vin, deps.logger, "vehicles.vin");
  const insurancePolicy = openField(deps.encryption, row.insurancePolicy, deps.logger, "vehicles.insurance_policy");
  return { ...vehicleWithoutSecrets(row), ...(vin !== null && { vin }), ...(insurancePolicy !== null && { insurancePolicy }) };
}

/** The columns of a validated vehicle; VIN and insurance policy sealed (DESIGN §8). */
function columnsOf(deps: Pick<AppDeps, "encryption">, v: ParsedVehicle) {
  assertNoUnsafeMarkup({ name: v.name, plate: v.plate });
  return {
    name: v.name,
    plate: v.plate || null,
    profile: v.profile,
    capacity: v.capacity,
    skills: v.skills,
    shiftStart: v.shift.start,
    shiftEnd: v.shift.end,
    start: v.start,
    end: v.end,
    maxStops: v.maxStops ?? null,
    maxDrivingMinutes: v.maxDrivingMinutes ?? null,
    maxDistanceKm: v.maxDistanceKm ?? null,
    breaks: v.breaks,
    fixedCostPence: v.fixedCostPence,
    costPerHourPence: v.costPerHourPence,
    maxTrips: v.maxTrips,
    reloadMinutes: v.reloadMinutes,
    vin: sealField(deps.encryption, v.vin),
    insurancePolicy: sealField(deps.encryption, v.insurancePolicy),
  };
}

/** A capacity is empty (no limit) or gives one amount per team dimension (400 naming `capacity`). */
async function checkCapacity(db: DbOrTx, team: Parameters<typeof settingsOf>[1], capacity: number[]): Promise<void> {
  if (capacity.length === 0) return;
  const { capacityDimensions } = await settingsOf(db, team);
  if (capacity.length !== capacityDimensions.length) {
    const message = fleetMessages.demandDimensions(capacityDimensions.length);
    throw new ValidationError(message, { capacity: message });
  }
}

/** A vehicle that reloads (more than one trip) does so at its start depot: it needs one (400 naming `start`). */
function checkReloads(v: ParsedVehicle): void {
  if (v.maxTrips > 1 && v.start === null) throw new ValidationError(fleetMessages.reloadNeedsDepot, { start: fleetMessages.reloadNeedsDepot });
}

async function activeVehicle(db: DbOrTx, teamId: string, vehicleId: string): Promise<VehicleRow> {
  const [row] = await db.select().from(vehicles).where(and(eq(vehicles.id, vehicleId), eq(vehicles.teamId, teamId), isNull(vehicles.archivedAt)));
  if (!row) throw new NotFoundError("Vehicle");
  return row;
}

/** GET /api/teams/{teamId}/vehicles: the team's vehicles in use (archived ones left out), oldest first. */
export async function listVehicles(deps: FleetDeps, caller: Caller, teamId: string): Promise<Vehicle[]> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const rows = await deps.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.teamId, teamId), isNull(vehicles.archivedAt)))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  // A key version another process added since this one read the keyring is loaded first (decision 011).
  await deps.encryption.prepare(rows.flatMap((r) => [r.vin, r.insurancePolicy]));
  return rows.map((r) => presentVehicle(deps, r));
}

export async function getVehicle(deps: FleetDeps, caller: Caller, teamId: string, vehicleId: string): Promise<Vehicle> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  return presentVehicle(deps, await activeVehicle(deps.db, teamId, vehicleId));
}

export async function createVehicle(deps: FleetDeps, caller: Caller, teamId: string, input: ParsedVehicle): Promise<Vehicle> {
  return deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true, forUpdate: true });
    checkReloads(input);
    await checkCapacity(tx, team, input.capacity);
    const [row] = await tx.insert(vehicles).values({ teamId: team.id, ...columnsOf(deps, input) }).returning();
    return presentVehicle(deps, row!);
  });
}

/** The stored vehicle as input (secrets left out: they are kept unless given), so a partial update is validated as a whole. */
function inputOf(row: VehicleRow): VehicleInput {
  const { id: _id, teamId: _team, createdAt: _c, updatedAt: _u, ...input } = vehicleWithoutSecrets(row);
  return input;
}

/** PATCH: only the fields given change; the merged vehicle must still be valid (400 per field). */
export async function updateVehicle(deps: FleetDeps, caller: Caller, teamId: string, vehicleId: string, patch: Partial<VehicleInput>): Promise<Vehicle> {
  return deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true, forUpdate: true });
    const row = await activeVehicle(tx, team.id, vehicleId);
    const parsed = vehicleInputSchema.safeParse({ ...inputOf(row), ...patch });
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      throw new ValidationError(Object.values(fields)[0] ?? "Invalid request", fields);
    }
    checkReloads(parsed.data);
    await checkCapacity(tx, team, parsed.data.capacity);
    const columns = columnsOf(deps, parsed.data);
    // Unchanged secrets keep their stored record (no needless re-encryption).
    if (!("vin" in patch)) columns.vin = row.vin;
    if (!("insurancePolicy" in patch)) columns.insurancePolicy = row.insurancePolicy;
    const [updated] = await tx
      .update(vehicles)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(vehicles.id, row.id))
      .returning();
    return presentVehicle(deps, updated!);
  });
}

/** DELETE: archives the vehicle (plans made with it keep it); drivers who had it as default lose it. */
export async function archiveVehicle(deps: FleetDeps, caller: Caller, teamId: string, vehicleId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true, forUpdate: true });
    const row = await activeVehicle(tx, team.id, vehicleId);
    const now = new Date();
    await tx.update(vehicles).set({ archivedAt: now, updatedAt: now }).where(eq(vehicles.id, row.id));
    await tx.update(fleetDrivers).set({ defaultVehicleId: null, updatedAt: now }).where(and(eq(fleetDrivers.teamId, team.id), eq(fleetDrivers.defaultVehicleId, row.id)));
  });
}
