import type { AuthLimiters, LimitSubject } from "../../../lib/ports";

/** Better Auth paths (under /api/auth) counted per client address on every request (SPEC §9 auth). */
const PER_IP_REQUEST_PATHS = new Set(["/sign-up/email", "/request-password-reset", "/send-verification-email", "/change-email"]);
/** Requests that e-mail a sign-in link or code: counted per address and per target e-mail (nobody can flood one mailbox from many addresses). */
const SIGN_IN_MAIL_PATHS = new Set(["/sign-in/magic-link", "/email-otp/send-verification-otp"]);
/** Sign-ins with a secret (the password, an e-mailed code): only failures count. */
const SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-in/email-otp"]);

/** The e-mail a sign-in request names, lower-cased; null when the body is not JSON with one. */
async function emailOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" && body.email.trim() ? body.email.trim().toLowerCase().slice(0, 320) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §9 auth limits in front of Better Auth's handler (its own limiter is off):
 * - sign-in: every attempt is counted per account+address and per address before it runs; a
 *   successful one is taken back (and clears the account+address window), so only failures
 *   count: the 6th failure within 15 minutes is refused with 429 even with the right password,
 *   while the account from another address and other accounts from this address still sign in;
 *   the per-address ceiling (AUTH_FAILED_SIGN_INS_PER_IP) stops credential stuffing;
 * - sign-up, password-reset, verification and e-mail change requests: 5 per 15 minutes per address;
 * - magic-link and e-mail code requests: 5 per 15 minutes per address and 5 per target e-mail;
 * - an e-mailed code is checked like a password (failures per account+address and per address);
 *   the email-otp plugin also voids a code after 3 wrong tries.
 * Two-factor codes are left to the two-factor plugin's own lock (10 failures per account, 15 minutes).
 * Over a limit the RateLimitedError propagates (429); `handle` is not called.
 */
export async function limitAuthRequest(
  limiters: AuthLimiters | null,
  request: Request,
  at: { path: string; method: string; ip: string },
  handle: () => Promise<Response>,
): Promise<Response> {
  if (!limiters || at.method !== "POST") return handle();
  const path = at.path.replace(/^\/api\/auth/, "");
  const subject = (key: string): LimitSubject => ({ key, ip: at.ip, path: at.path });
  if (PER_IP_REQUEST_PATHS.has(path)) {
    await limiters.requests?.consume(subject(`ip:${at.ip}`));
    return handle();
  }
  if (SIGN_IN_MAIL_PATHS.has(path)) {
    await limiters.requests?.consume(subject(`ip:${at.ip}`));
    const email = await emailOf(request);
    if (email) await limiters.requests?.consume(subject(`email:${email}`));
    return handle();
  }
  if (!SIGN_IN_PATHS.has(path)) return handle();
  const email = await emailOf(request);
  if (!email) return handle();
  const account = `account:${email}|${at.ip}`;
  const address = `ip:${at.ip}`;
  await limiters.signIn.consume(subject(account));
  await limiters.signInPerIp.consume(subject(address));
  const response = await handle();
  if (response.ok) {
    // A successful sign-in does not count, and forgets this account's failures from this address.
    await Promise.all([limiters.signIn.reset(account), limiters.signInPerIp.reward(address)]);
  }
  return response;
}
