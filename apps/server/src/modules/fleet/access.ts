import { eq } from "drizzle-orm";
import { asTier, fleetMessages, type TeamRole } from "@routepilot/contracts";
import { subscribers, type DbOrTx } from "@routepilot/db";
import { ForbiddenError } from "../../lib/errors";
import { teamForMember, type MemberRow, type TeamRow } from "../teams/access";

/** Team roles that manage the fleet: plan, edit vehicles and drivers, dispatch (decision 008). */
export function isFleetManager(role: TeamRole): boolean {
  return role === "owner" || role === "admin" || role === "manager";
}

/** SPEC §5 fleet access for a team: its owner is on fleet_pro. */
export async function teamHasFleet(db: DbOrTx, team: TeamRow): Promise<boolean> {
  const [owner] = await db.select({ tier: subscribers.subscriptionTier }).from(subscribers).where(eq(subscribers.userId, team.ownerId));
  return asTier(owner?.tier) === "fleet_pro";
}

export interface FleetTeam {
  team: TeamRow;
  me: MemberRow;
  role: TeamRole;
}

/**
 * The team a fleet endpoint acts on, and the caller's role in it (SPEC §5/§6, decision 008):
 * not a member → 404 (the team's existence is not revealed); the team's owner not on fleet_pro →
 * 403 noFleetAccess; `manager` endpoints need owner, admin or manager → 403 notManager.
 */
export async function requireFleetTeam(db: DbOrTx, user: { id: string }, teamId: string, options: { manager: boolean; forUpdate?: boolean }): Promise<FleetTeam> {
  const found = await teamForMember(db, user.id, teamId, { forUpdate: options.forUpdate });
  if (!(await teamHasFleet(db, found.team))) throw new ForbiddenError(fleetMessages.noFleetAccess);
  if (options.manager && !isFleetManager(found.role)) throw new ForbiddenError(fleetMessages.notManager);
  return found;
}
