import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { driverMessages, type CustomerUnsubscribe } from "@routepilot/contracts";
import { customerUnsubscribes, teams, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../../lib/context";
import { AppError } from "../../../lib/errors";

/**
 * Unsubscribe links: the token carries the team id and the address, signed with the server's auth
 * secret (HMAC-SHA256), so checking one needs no table; recording one writes the keyed hash of the
 * address (FieldEncryption.emailHash) to customer_unsubscribes.
 */
export type SecretDeps = Pick<AppDeps, "auth">;

async function secretOf(deps: SecretDeps): Promise<string> {
  return (await deps.auth.$context).secret;
}

const signature = (secret: string, payload: string) => createHmac("sha256", secret).update(`customer-unsubscribe\n${payload}`).digest("base64url");

/** The token of (team, address); the address is lower-cased. */
export async function unsubscribeToken(deps: SecretDeps, teamId: string, email: string): Promise<string> {
  const payload = `${teamId}\n${email.trim().toLowerCase()}`;
  return `${Buffer.from(payload).toString("base64url")}.${signature(await secretOf(deps), payload)}`;
}

/** The team and address a token names, or null when it is malformed or its signature is wrong. */
export async function readUnsubscribeToken(deps: SecretDeps, token: string): Promise<{ teamId: string; email: string } | null> {
  const [encoded, sig] = token.split(".");
  if (!encoded || !sig || token.split(".").length !== 2) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(signature(await secretOf(deps), payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [teamId, email, ...rest] = payload.split("\n");
  if (!teamId || !email || rest.length > 0) return null;
  return { teamId, email };
}

type UnsubscribeDeps = SecretDeps & Pick<AppDeps, "encryption"> & { db: DbOrTx };

const gone = () => new AppError(404, "NOT_FOUND", driverMessages.unsubscribeGone);

async function resolve(deps: SecretDeps & { db: DbOrTx }, token: string) {
  const who = await readUnsubscribeToken(deps, token);
  if (!who) throw gone();
  const [team] = await deps.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, who.teamId));
  if (!team) throw gone();
  return { team, email: who.email };
}

/** GET /api/unsubscribe/{token}: who is unsubscribed from whom, and whether it is done already. */
export async function getUnsubscribe(deps: UnsubscribeDeps, token: string): Promise<CustomerUnsubscribe> {
  const { team, email } = await resolve(deps, token);
  const [row] = await deps.db.select({ teamId: customerUnsubscribes.teamId }).from(customerUnsubscribes).where(eqTeamEmail(deps, team.id, email));
  return { teamName: team.name, email, unsubscribed: Boolean(row) };
}

/** POST /api/unsubscribe/{token}: records it (again is fine). */
export async function postUnsubscribe(deps: UnsubscribeDeps, token: string): Promise<CustomerUnsubscribe> {
  const { team, email } = await resolve(deps, token);
  // Only the keyed hash of the address is stored (decision 011).
  await deps.db.insert(customerUnsubscribes).values({ teamId: team.id, emailHash: deps.encryption.emailHash(email) }).onConflictDoNothing();
  return { teamName: team.name, email, unsubscribed: true };
}

/** The row of (team, address): compared by the address's keyed hash, case-insensitively. */
function eqTeamEmail(deps: Pick<AppDeps, "encryption">, teamId: string, email: string) {
  return and(eq(customerUnsubscribes.teamId, teamId), eq(customerUnsubscribes.emailHash, deps.encryption.emailHash(email)));
}
