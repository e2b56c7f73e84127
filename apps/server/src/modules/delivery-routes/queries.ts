import { and, asc, count, desc, eq, exists, gt, gte, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { routeShares, routeStops, routes, type DbOrTx } from "@routepilot/db";
import { NotFoundError } from "../../lib/errors";
import { canSeeMemberRoute, teamRouteScope } from "../teams/access";
import type { RouteRow, StopRow } from "./rows";

/**
 * A route of this user; another user's route is reported as not found. `forUpdate` locks the
 * row until the transaction ends (ownership checked in the transaction that writes it).
 */
export async function ownedRoute(db: DbOrTx, userId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<RouteRow> {
  const query = db.select().from(routes).where(and(eq(routes.id, id), eq(routes.userId, userId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Route");
  return row;
}

/** A route the user owns, or (to read only) a team member's route the user may see as the team's owner or admin (decision 008). */
export async function visibleRoute(db: DbOrTx, userId: string, id: string): Promise<RouteRow> {
  const [row] = await db.select().from(routes).where(eq(routes.id, id));
  if (row && (row.userId === userId || (await canSeeMemberRoute(db, userId, row)))) return row;
  throw new NotFoundError("Route");
}

/** A route's stops in route order. */
export async function stopsOf(db: DbOrTx, routeId: string): Promise<StopRow[]> {
  return db.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(asc(routeStops.sequence));
}

/** The one definition of an active share link: not revoked and not expired. */
const shareIsActive = () => and(isNull(routeShares.revokedAt), or(isNull(routeShares.expiresAt), gt(routeShares.expiresAt, new Date())));

/** The active share links of a route (an id, or the outer route of a correlated subquery). */
export const activeShareOf = (routeId: SQL | string) => and(eq(routeShares.routeId, routeId), shareIsActive());

/** An active share link by its token. */
export async function activeShareByToken(db: DbOrTx, token: string) {
  const [share] = await db.select().from(routeShares).where(and(eq(routeShares.token, token), shareIsActive()));
  return share;
}

/** The route's newest active share link. */
export async function newestActiveShare(db: DbOrTx, routeId: string) {
  const [share] = await db.select().from(routeShares).where(activeShareOf(routeId)).orderBy(desc(routeShares.createdAt)).limit(1);
  return share;
}

// Correlated subqueries name the outer table explicitly: drizzle renders bare column names inside them.
const outerRouteId = sql`"routes"."id"`;

export interface RouteListQuery {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  /** A team the caller owns or administers: its members' routes instead of the caller's (404 otherwise). */
  teamId?: string | undefined;
  /** One member of such a team. */
  memberId?: string | undefined;
}

/** Whose routes a list shows: the caller's own, or team members' since they joined (owner/admin; decision 008). */
async function routeAuthors(db: DbOrTx, userId: string, query: RouteListQuery) {
  if (!query.teamId && !query.memberId) return eq(routes.userId, userId);
  const scope = await teamRouteScope(db, userId, query);
  return or(...scope.map((m) => and(eq(routes.userId, m.userId), gte(routes.createdAt, m.since))));
}

/** A page of the user's routes, newest first, with stop counts and whether each is shared; `q` matches the name, the start or any stop's label or address. */
export async function listRouteRows(db: DbOrTx, userId: string, query: RouteListQuery) {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    await routeAuthors(db, userId, query),
    pattern
      ? or(
          ilike(routes.name, pattern),
          sql`${routes.start}->>'label' ilike ${pattern}`,
          sql`exists (select 1 from route_stops rs where rs.route_id = ${outerRouteId} and (rs.label ilike ${pattern} or rs.address ilike ${pattern}))`,
        )
      : undefined,
  );
  const rows = await db
    .select({
      route: routes,
      stopCount: sql<number>`(select count(*)::int from route_stops rs where rs.route_id = ${outerRouteId})`,
      shared: exists(db.select({ one: sql`1` }).from(routeShares).where(activeShareOf(outerRouteId))).mapWith(Boolean),
    })
    .from(routes)
    .where(where)
    .orderBy(desc(routes.createdAt), desc(routes.id))
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0);
  const [total] = await db.select({ n: count() }).from(routes).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
