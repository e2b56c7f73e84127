import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { accountSecurityMessages, REAUTH_VALID_MINUTES, type ReauthenticateBody } from "@routepilot/contracts";
import { twoFactor, user, verification, type DbOrTx } from "@routepilot/db";
import type { AuthService } from "../../../lib/ports";
import { AppError, ForbiddenError, ValidationError } from "../../../lib/errors";

/** Wrong two-factor codes in a row (sign-in or confirmation) before the checks lock, and for how long (the plugin's defaults). */
const MAX_FAILED_CODES = 10;
const LOCK_MS = 15 * 60 * 1000;

const reauthIdentifier = (sessionId: string) => `reauth-${sessionId}`;

/**
 * Checks the user's password (and their authenticator code when two-factor authentication is on)
 * for the current session, then lets that session export or delete the account for
 * REAUTH_VALID_MINUTES (a verification row keyed by the session id). Returns when that ends.
 */
export async function reauthenticate(
  deps: { db: DbOrTx; auth: AuthService },
  who: { userId: string; sessionId: string; headers: Headers },
  input: ReauthenticateBody,
  now = new Date(),
): Promise<Date> {
  const { db, auth } = deps;
  const passwordOk = await auth.api
    .verifyPassword({ body: { password: input.password }, headers: who.headers })
    .then(() => true)
    .catch(() => false);
  if (!passwordOk) throw new ValidationError(accountSecurityMessages.wrongPassword, { password: accountSecurityMessages.wrongPassword });

  const [owner] = await db.select({ twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, who.userId));
  if (owner?.twoFactorEnabled) {
    if (!input.code) throw new ValidationError(accountSecurityMessages.codeRequired, { code: accountSecurityMessages.codeRequired });
    await checkTotp(deps, who, input.code, now);
  }

  const expiresAt = new Date(now.getTime() + REAUTH_VALID_MINUTES * 60_000);
  await db.delete(verification).where(eq(verification.identifier, reauthIdentifier(who.sessionId)));
  await db.insert(verification).values({ id: randomUUID(), identifier: reauthIdentifier(who.sessionId), value: who.userId, expiresAt });
  return expiresAt;
}

/** The plugin's own TOTP check for a signed-in user, with the same lockout as at sign-in (10 wrong codes lock 15 minutes). */
async function checkTotp(deps: { db: DbOrTx; auth: AuthService }, who: { userId: string; headers: Headers }, code: string, now: Date): Promise<void> {
  const { db, auth } = deps;
  const [row] = await db.select({ id: twoFactor.id, lockedUntil: twoFactor.lockedUntil }).from(twoFactor).where(eq(twoFactor.userId, who.userId));
  if (!row) throw new ValidationError(accountSecurityMessages.codeRequired, { code: accountSecurityMessages.codeRequired });
  if (row.lockedUntil && row.lockedUntil > now) throw new AppError(429, "RATE_LIMITED", accountSecurityMessages.lockedOut, { code: accountSecurityMessages.lockedOut });
  const ok = await auth.api
    .verifyTOTP({ body: { code }, headers: who.headers })
    .then(() => true)
    .catch(() => false);
  if (ok) {
    await db.update(twoFactor).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactor.id, row.id));
    return;
  }
  const [counted] = await db
    .update(twoFactor)
    .set({ failedVerificationCount: sql`coalesce(${twoFactor.failedVerificationCount}, 0) + 1` })
    .where(eq(twoFactor.id, row.id))
    .returning({ failures: twoFactor.failedVerificationCount });
  if ((counted?.failures ?? 0) >= MAX_FAILED_CODES) {
    await db.update(twoFactor).set({ lockedUntil: new Date(now.getTime() + LOCK_MS) }).where(eq(twoFactor.id, row.id));
  }
  throw new ValidationError(accountSecurityMessages.wrongCode, { code: accountSecurityMessages.wrongCode });
}

/** 403 unless this session confirmed the password within the last REAUTH_VALID_MINUTES. */
export async function requireRecentReauth(db: DbOrTx, who: { userId: string; sessionId: string }, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, reauthIdentifier(who.sessionId)), eq(verification.value, who.userId), gt(verification.expiresAt, now)));
  if (!row) throw new ForbiddenError(accountSecurityMessages.reauthRequired);
}

/** Forgets the confirmation (after the account is gone the row would name a deleted session). */
export async function clearReauth(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, reauthIdentifier(sessionId)));
}
