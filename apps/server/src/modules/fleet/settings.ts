import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { DEFAULT_CAPACITY_DIMENSIONS, DEFAULT_FLEET_TIME_ZONE, fleetMessages, isTimeZone, type FleetSettings } from "@routepilot/contracts";
import { fleetSettings, userPreferences, vehicles, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { ConflictError } from "../../lib/errors";
import type { TeamRow } from "../teams/access";
import { requireFleetTeam } from "./access";

type Caller = { id: string };

/**
 * A team's fleet settings; before they are first saved: one dimension "units", and the owner's
 * time zone preference when set (else Europe/London).
 */
export async function settingsOf(db: DbOrTx, team: TeamRow): Promise<FleetSettings> {
  const [row] = await db.select().from(fleetSettings).where(eq(fleetSettings.teamId, team.id));
  if (row) return { capacityDimensions: row.capacityDimensions, timeZone: row.timeZone };
  const [prefs] = await db.select({ preferences: userPreferences.preferences }).from(userPreferences).where(eq(userPreferences.userId, team.ownerId));
  const zone = prefs?.preferences.timezone;
  return { capacityDimensions: [...DEFAULT_CAPACITY_DIMENSIONS], timeZone: typeof zone === "string" && isTimeZone(zone) ? zone : DEFAULT_FLEET_TIME_ZONE };
}

/** GET /api/teams/{teamId}/fleet-settings (managers). */
export async function getFleetSettings(deps: Pick<AppDeps, "db">, caller: Caller, teamId: string): Promise<FleetSettings> {
  const { team } = await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  return settingsOf(deps.db, team);
}

/**
 * PUT /api/teams/{teamId}/fleet-settings (managers). Renaming dimensions is always allowed; changing
 * how many there are is refused (409) while a vehicle in use has a capacity of the other length,
 * so no vehicle is left with amounts that mean something else.
 */
export async function putFleetSettings(deps: Pick<AppDeps, "db">, caller: Caller, teamId: string, input: FleetSettings): Promise<FleetSettings> {
  return deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true, forUpdate: true });
    const n = input.capacityDimensions.length;
    const [mismatch] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(vehicles)
      .where(and(eq(vehicles.teamId, team.id), isNull(vehicles.archivedAt), sql`jsonb_array_length(${vehicles.capacity}) > 0`, ne(sql`jsonb_array_length(${vehicles.capacity})`, n)));
    if (mismatch && mismatch.count > 0) throw new ConflictError(fleetMessages.dimensionsInUse(mismatch.count));
    const values = { capacityDimensions: input.capacityDimensions, timeZone: input.timeZone, updatedAt: new Date() };
    await tx.insert(fleetSettings).values({ teamId: team.id, ...values }).onConflictDoUpdate({ target: fleetSettings.teamId, set: values });
    return { capacityDimensions: input.capacityDimensions, timeZone: input.timeZone };
  });
}
