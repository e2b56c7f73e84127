import { and, asc, eq, ne, sql } from "drizzle-orm";
import { asTier, type Tier } from "@routepilot/contracts";
import { subscribers, teamMembers, teams, user, type Database } from "@routepilot/db";
import type { TierCache } from "../../../lib/ports";
export type { TierCache } from "../../../lib/ports";

/** How long a user's tier is reused before it is read again. */
export const TIER_CACHE_MS = 60_000;
const MAX_CACHED = 50_000;

/**
 * The tier the global limiter counts a user in: their subscription tier; a free user who is a
 * member of someone else's team gets the tier SPEC §6 gives team members (Fleet Pro under a
 * Fleet Pro owner, else Enterprise), as the plan summary does (modules/accounts/accounts.ts).
 */
export async function readLimitTier(db: Database, userId: string): Promise<Tier> {
  const ownerTier = db
    .select({ tier: sql<string>`coalesce(${subscribers.subscriptionTier}, 'free')` })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(subscribers, eq(subscribers.userId, teams.ownerId))
    .where(and(eq(teamMembers.userId, userId), ne(teams.ownerId, userId)))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId))
    .limit(1);
  const [row] = await db
    .select({ own: subscribers.subscriptionTier, owner: sql<string | null>`(${ownerTier})` })
    .from(user)
    .leftJoin(subscribers, eq(subscribers.userId, user.id))
    .where(eq(user.id, userId));
  const own = asTier(row?.own);
  if (own === "free" && row?.owner) return row.owner === "fleet_pro" ? "fleet_pro" : "enterprise";
  return own;
}

/** readLimitTier, remembered per user for TIER_CACHE_MS so the limiter costs no query per request. */
export function createTierCache(read: (userId: string) => Promise<Tier>): TierCache {
  const cache = new Map<string, { tier: Tier; at: number }>();
  return {
    async tierOf(userId: string): Promise<Tier> {
      const now = Date.now();
      const hit = cache.get(userId);
      if (hit && now - hit.at < TIER_CACHE_MS) return hit.tier;
      const tier = await read(userId);
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(userId, { tier, at: now });
      return tier;
    },
    forget(userId: string) {
      cache.delete(userId);
    },
  };
}
