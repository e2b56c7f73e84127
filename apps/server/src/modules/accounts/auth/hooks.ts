import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import { SIGN_IN_CODE_LENGTH, emailSchema, messages, passwordProblem, signInMethodMessages } from "@routepilot/contracts";
import { user, type Database } from "@routepilot/db";
import type { AuditEvent } from "../../security/audit";
import { emailChangeNoticeEmail, type Mailer } from "../../../platform/mail/mail";
import { recipientMailLanguage } from "../../../platform/mail/language";

/**
 * Better Auth's request hooks (decision 021): `checkAuthRequest` applies SPEC §5's input rules
 * and the sign-in refusals before an endpoint runs; `auditAuthResponse` writes the audit row of
 * each sign-in, sign-up, second factor, password, e-mail and identity change after it answered.
 */

export interface AuthHookDeps {
  db: Database;
  mailer: Mailer;
  baseUrl: string;
  /** Writes an audit row with the request's user agent and client address. */
  audit(event: Omit<AuditEvent, "userAgent" | "ipAddress">, headers: Headers | undefined): Promise<void>;
  /** The account an address belongs to, or null. */
  accountOf(email: string): Promise<{ id: string; name: string; email: string } | null>;
  /** Sends a magic link of a suspended or two-factor account back to the sign-in page (throws the redirect). */
  refuseMagicLinkSignIn(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<void>;
}

/** How an audit row names a sign-in path's method. */
function signInMethodOf(path: string): string {
  if (path === "/magic-link/verify") return "magic_link";
  if (path === "/sign-in/email-otp") return "email_code";
  return "oauth";
}

/** The claims of a Better Auth e-mail verification token (a JWT already checked by the endpoint); null when unreadable. */
function verificationTokenClaims(token: unknown): { email?: string; updateTo?: string; requestType?: string } | null {
  if (typeof token !== "string") return null;
  try {
    const payload = token.split(".")[1];
    return payload ? (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: string; updateTo?: string; requestType?: string }) : null;
  } catch {
    return null;
  }
}

/** The two-factor endpoints that check a code: at sign-in (no session yet) or to confirm the set-up. */
const TWO_FACTOR_VERIFY_PATHS: Record<string, string> = { "/two-factor/verify-totp": "totp", "/two-factor/verify-backup-code": "backup_code" };

/** What twoFactorChallengeUser reads of a Better Auth endpoint context. */
interface ChallengeContext {
  context: { secret: string; createAuthCookie(name: string): { name: string }; internalAdapter: { findVerificationValue(identifier: string): Promise<{ value: string } | null | undefined> } };
  getSignedCookie(name: string, secret: string): Promise<string | null | false | undefined>;
}

/** The user a pending sign-in's two-factor challenge (its signed cookie) belongs to; null when there is none. */
async function twoFactorChallengeUser(ctx: ChallengeContext): Promise<string | null> {
  try {
    const cookie = ctx.context.createAuthCookie("two_factor");
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return challenge?.value ?? null;
  } catch {
    return null;
  }
}

function validationError(field: string, message: string): APIError {
  return new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR", message, fields: { [field]: message } });
}

function bodyOf(ctx: { body?: unknown }): Record<string, unknown> {
  return ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {};
}

/** SPEC §5's rules on what reaches Better Auth's endpoints; sign-out is audited here, while the session is known. */
export const checkAuthRequest = ({ db, audit, refuseMagicLinkSignIn }: AuthHookDeps) =>
  createAuthMiddleware(async (ctx) => {
    const body = bodyOf(ctx);
    if (ctx.path === "/sign-up/email") {
      const email = emailSchema.safeParse(typeof body.email === "string" ? body.email : "");
      if (!email.success) throw validationError("email", email.error.issues[0]?.message ?? messages.invalidFormat);
      const problem = passwordProblem(typeof body.password === "string" ? body.password : "");
      if (problem) throw validationError("password", problem);
      if (typeof body.name !== "string" || body.name.trim() === "") throw validationError("name", messages.required);
      if (body.name.length > 100) throw validationError("name", messages.maxLength(100));
    }
    if (ctx.path === "/sign-in/email") {
      if (typeof body.email !== "string" || body.email.trim() === "") throw validationError("email", messages.required);
      if (typeof body.password !== "string" || body.password === "") throw validationError("password", messages.required);
    }
    if (ctx.path === "/sign-in/magic-link" || ctx.path === "/email-otp/send-verification-otp" || ctx.path === "/sign-in/email-otp") {
      const email = emailSchema.safeParse(typeof body.email === "string" ? body.email.trim() : "");
      if (!email.success) throw validationError("email", email.error.issues[0]?.message ?? messages.invalidFormat);
    }
    // The code is for signing in only: verification and resets have their own links.
    if (ctx.path === "/email-otp/send-verification-otp" && body.type !== "sign-in") throw validationError("type", messages.invalidFormat);
    if (ctx.path === "/sign-in/email-otp" && (typeof body.otp !== "string" || !new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(body.otp.trim()))) {
      throw validationError("otp", signInMethodMessages.codeFormat);
    }
    if (ctx.path === "/magic-link/verify") {
      // The plugin decodes these once more and would fail with a 500 on a malformed escape.
      for (const key of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
        const value: unknown = ctx.query?.[key];
        if (typeof value !== "string") continue;
        try {
          decodeURIComponent(value);
        } catch {
          throw validationError(key, messages.invalidFormat);
        }
      }
      await refuseMagicLinkSignIn(ctx);
    }
    if (ctx.path === "/change-email") {
      const parsed = emailSchema.safeParse(typeof body.newEmail === "string" ? body.newEmail.trim() : "");
      if (!parsed.success) throw validationError("newEmail", parsed.error.issues[0]?.message ?? messages.invalidFormat);
      const current = await getSessionFromCtx(ctx).catch(() => null);
      const newEmail = parsed.data.toLowerCase();
      if (current && current.user.email.toLowerCase() === newEmail) throw validationError("newEmail", signInMethodMessages.emailSame);
      // Asked by a signed-in user only (the endpoint answers 401 otherwise): saying the address is taken is the product's choice (decision 021).
      if (current) {
        const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, newEmail)).limit(1);
        if (taken) throw new APIError("CONFLICT", { code: "EMAIL_IN_USE", message: signInMethodMessages.emailInUse, fields: { newEmail: signInMethodMessages.emailInUse } });
      }
    }
    if (ctx.path === "/reset-password" || ctx.path === "/change-password") {
      const problem = passwordProblem(typeof body.newPassword === "string" ? body.newPassword : "");
      if (problem) throw validationError("newPassword", problem);
    }
    if (ctx.path === "/sign-out") {
      const current = await getSessionFromCtx(ctx).catch(() => null);
      if (current) {
        await audit(
          { eventType: "sign_out", outcome: "success", userId: current.user.id, sessionId: current.session.id, resource: "/api/auth/sign-out" },
          ctx.headers,
        );
      }
    }
  });

/** The audit row of what an endpoint answered (and the old address's notice of an e-mail change). */
export const auditAuthResponse = ({ db, mailer, baseUrl, audit, accountOf }: AuthHookDeps) =>
  createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    const failed = returned instanceof APIError || (returned instanceof Response && !returned.ok);
    const body = bodyOf(ctx);
    const errorCode = returned instanceof APIError ? String(returned.body?.code ?? returned.status) : undefined;
    const newSession = ctx.context.newSession;
    const resource = `/api/auth${ctx.path}`;
    switch (ctx.path) {
      case "/sign-in/email":
      case "/sign-up/email":
        await audit(
          {
            eventType: ctx.path === "/sign-in/email" ? "sign_in" : "sign_up",
            // Two-factor accounts: the password was right, the session waits for the code (the plugin deletes this one).
            ...(newSession?.user.twoFactorEnabled && ctx.path === "/sign-in/email" ? { action: "password accepted, two-factor code required" } : {}),
            outcome: failed ? "failure" : "success",
            riskLevel: failed ? "medium" : "low",
            userId: newSession?.user.id ?? null,
            sessionId: newSession?.session.id ?? null,
            resource,
            metadata: { email: typeof body.email === "string" ? body.email.toLowerCase().slice(0, 254) : null, ...(errorCode ? { error: errorCode } : {}) },
          },
          ctx.headers,
        );
        break;
      case "/two-factor/verify-totp":
      case "/two-factor/verify-backup-code": {
        // A session on the request: confirming the set-up (audited as two_factor_enable). Otherwise a sign-in's second step.
        if (ctx.context.session) break;
        const userId = newSession?.user.id ?? (await twoFactorChallengeUser(ctx));
        const method = TWO_FACTOR_VERIFY_PATHS[ctx.path];
        await audit(
          { eventType: "two_factor_verify", outcome: failed ? "failure" : "success", riskLevel: failed ? "medium" : "low", userId, sessionId: newSession?.session.id ?? null, resource, metadata: { method, ...(errorCode ? { error: errorCode } : {}) } },
          ctx.headers,
        );
        if (!failed && newSession) {
          await audit({ eventType: "sign_in", outcome: "success", userId: newSession.user.id, sessionId: newSession.session.id, resource, metadata: { email: newSession.user.email, twoFactor: method } }, ctx.headers);
        }
        break;
      }
      case "/change-password": {
        const current = ctx.context.session;
        await audit(
          { eventType: "password_change", outcome: failed ? "failure" : "success", riskLevel: failed ? "medium" : "low", userId: current?.user.id ?? null, sessionId: current?.session.id ?? null, resource, metadata: errorCode ? { error: errorCode } : {} },
          ctx.headers,
        );
        break;
      }
      case "/sign-in/magic-link":
      case "/email-otp/send-verification-otp": {
        const email = typeof body.email === "string" ? body.email.trim().toLowerCase().slice(0, 254) : null;
        const [owner] = email ? await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1) : [];
        await audit(
          { eventType: "sign_in_request", action: ctx.path === "/sign-in/magic-link" ? "sign-in link requested" : "sign-in code requested", outcome: failed ? "failure" : "success", userId: owner?.id ?? null, sessionId: null, resource, metadata: { email, ...(errorCode ? { error: errorCode } : {}) } },
          ctx.headers,
        );
        break;
      }
      case "/sign-in/email-otp":
      case "/magic-link/verify":
      case "/callback/:id": {
        // A link-account callback (signed in already, no new session) is audited as identity_link.
        if (ctx.path === "/callback/:id" && !newSession && ctx.context.session) break;
        const redirectError = returned instanceof APIError ? new URL(String(returned.headers?.get?.("location") ?? "/"), baseUrl).searchParams.get("error") : null;
        const ok = Boolean(newSession) && !failed;
        const email = newSession?.user.email ?? (typeof body.email === "string" ? body.email.trim().toLowerCase().slice(0, 254) : null);
        // A failed code names the account it was tried on (its owner sees it in the sign-in history).
        const tried = !newSession && email ? await accountOf(email) : null;
        await audit(
          {
            eventType: "sign_in",
            outcome: ok ? "success" : "failure",
            riskLevel: ok ? "low" : "medium",
            userId: newSession?.user.id ?? tried?.id ?? null,
            sessionId: newSession?.session.id ?? null,
            resource: ctx.path === "/callback/:id" ? `/api/auth/callback/${String(ctx.params?.id ?? "")}` : resource,
            metadata: { email, method: signInMethodOf(ctx.path), ...(ctx.path === "/callback/:id" ? { provider: String(ctx.params?.id ?? "") } : {}), ...(ok ? {} : { error: redirectError ?? errorCode ?? "failed" }) },
          },
          ctx.headers,
        );
        break;
      }
      case "/unlink-account": {
        const current = ctx.context.session;
        await audit(
          { eventType: "identity_unlink", outcome: failed ? "failure" : "success", riskLevel: failed ? "low" : "medium", userId: current?.user.id ?? null, sessionId: current?.session.id ?? null, resource, metadata: { accountId: typeof body.accountId === "string" ? body.accountId.slice(0, 64) : null, ...(errorCode ? { error: errorCode } : {}) } },
          ctx.headers,
        );
        break;
      }
      case "/change-email": {
        const current = ctx.context.session;
        const newEmail = typeof body.newEmail === "string" ? body.newEmail.trim().toLowerCase().slice(0, 254) : null;
        await audit(
          { eventType: "email_change", action: "e-mail change requested", outcome: failed ? "failure" : "success", riskLevel: "medium", userId: current?.user.id ?? null, sessionId: current?.session.id ?? null, resource, metadata: { from: current?.user.email ?? null, to: newEmail, ...(errorCode ? { error: errorCode } : {}) } },
          ctx.headers,
        );
        // The old address is told at once, in the user's language; nothing changes until the new address confirms.
        if (!failed && current && newEmail) {
          const language = await recipientMailLanguage(db, { userId: current.user.id, acceptLanguage: ctx.headers?.get("accept-language") });
          await mailer.send(emailChangeNoticeEmail({ to: current.user.email, name: current.user.name, newEmail, securityUrl: `${baseUrl}/security`, language }));
        }
        break;
      }
      case "/verify-email": {
        const claims = verificationTokenClaims(ctx.query?.token);
        if (failed || claims?.requestType !== "change-email-verification" || !claims.updateTo) break;
        const [changed] = await db.select({ id: user.id }).from(user).where(eq(user.email, claims.updateTo.toLowerCase())).limit(1);
        await audit(
          { eventType: "email_change", action: "e-mail change confirmed", outcome: "success", riskLevel: "medium", userId: changed?.id ?? null, sessionId: ctx.context.session?.session.id ?? null, resource, metadata: { from: claims.email ?? null, to: claims.updateTo } },
          ctx.headers,
        );
        break;
      }
      case "/reset-password":
        // Success is logged by onPasswordReset, which knows the user.
        if (!failed) break;
        await audit(
          { eventType: "password_reset", outcome: failed ? "failure" : "success", riskLevel: failed ? "medium" : "low", userId: null, sessionId: null, resource, metadata: errorCode ? { error: errorCode } : {} },
          ctx.headers,
        );
        break;
      default:
        break;
    }
  });
