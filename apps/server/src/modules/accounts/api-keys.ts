import { and, count, desc, eq } from "drizzle-orm";
import type { ApiKeyItem, CreateApiKey, CreatedApiKey } from "@routepilot/contracts";
import { apikey, user, type Database } from "@routepilot/db";
import type { AuthService } from "../../lib/ports";
import { ConflictError, NotFoundError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { RequestOrigin } from "../../lib/request-origin";
import { writeAuditEvent } from "../security/audit";

/** Most keys a user may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;

interface KeyDeps {
  db: Database;
  auth: AuthService;
  logger: Logger;
}

type KeyRow = Pick<typeof apikey.$inferSelect, "id" | "name" | "start" | "createdAt" | "expiresAt" | "lastRequest">;

function toItem(row: KeyRow): ApiKeyItem {
  return {
    id: row.id,
    name: row.name ?? "",
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastRequest?.toISOString() ?? null,
  };
}

const activeKeysOf = (userId: string) => and(eq(apikey.referenceId, userId), eq(apikey.enabled, true));

/** The user's keys that are not revoked, newest first (expired ones too, until the plugin deletes them). */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyItem[]> {
  const rows = await db
    .select({ id: apikey.id, name: apikey.name, start: apikey.start, createdAt: apikey.createdAt, expiresAt: apikey.expiresAt, lastRequest: apikey.lastRequest })
    .from(apikey)
    .where(activeKeysOf(userId))
    .orderBy(desc(apikey.createdAt));
  return rows.map(toItem);
}

/** Creates a key through Better Auth's api-key plugin (it hashes it); the secret is returned here once and never stored. */
export async function createApiKey(deps: KeyDeps, userId: string, input: CreateApiKey, origin: RequestOrigin): Promise<CreatedApiKey> {
  const [held] = await deps.db.select({ n: count() }).from(apikey).where(activeKeysOf(userId));
  if ((held?.n ?? 0) >= MAX_API_KEYS) throw new ConflictError(`You already have ${MAX_API_KEYS} API keys: revoke one first`);
  const created = await deps.auth.api.createApiKey({
    body: { name: input.name, userId, expiresIn: input.expiresInDays === null ? null : input.expiresInDays * 24 * 60 * 60 },
  });
  await writeAuditEvent(deps.db, deps.logger, {
    eventType: "api_key",
    action: "create",
    outcome: "success",
    userId,
    ...origin,
    resource: "/api/api-keys",
    metadata: { keyId: created.id, name: input.name, start: created.start, expiresAt: created.expiresAt ? new Date(created.expiresAt).toISOString() : null },
  });
  return {
    ...toItem({ id: created.id, name: created.name, start: created.start, createdAt: new Date(created.createdAt), expiresAt: created.expiresAt ? new Date(created.expiresAt) : null, lastRequest: null }),
    key: created.key,
  };
}

/** Revokes one of the user's keys (disabled, kept for the record): its next request gets 401. Another user's key → 404. */
export async function revokeApiKey(deps: KeyDeps, userId: string, id: string, origin: RequestOrigin): Promise<void> {
  const [revoked] = await deps.db
    .update(apikey)
    .set({ enabled: false, updatedAt: new Date() })
    .where(and(eq(apikey.id, id), activeKeysOf(userId)))
    .returning({ id: apikey.id, name: apikey.name, start: apikey.start });
  if (!revoked) throw new NotFoundError("API key");
  await writeAuditEvent(deps.db, deps.logger, {
    eventType: "api_key",
    action: "revoke",
    outcome: "success",
    riskLevel: "medium",
    userId,
    ...origin,
    resource: `/api/api-keys/${id}`,
    metadata: { keyId: id, name: revoked.name, start: revoked.start },
  });
}

/** The owner of a valid key as a request's user, or null when the account is gone or banned. */
export async function apiKeyOwner(db: Database, userId: string) {
  const [owner] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified, banned: user.banned, banExpires: user.banExpires })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  const banned = owner?.banned === true && (owner.banExpires === null || owner.banExpires.getTime() > Date.now());
  if (!owner || banned) return null;
  return { id: owner.id, email: owner.email, name: owner.name, role: owner.role, emailVerified: owner.emailVerified };
}
