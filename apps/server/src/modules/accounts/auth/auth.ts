import { createHash } from "node:crypto";
import { apiKey } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, emailOTP, genericOAuth, jwt, magicLink, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import { and, eq, inArray, ne } from "drizzle-orm";
import {
  MAGIC_LINK_VALID_MINUTES,
  SIGN_IN_CODE_ATTEMPTS,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_VALID_MINUTES,
  signInMethodMessages,
} from "@routepilot/contracts";
import { account, apikey, firstAdminClaim, jwks, session, twoFactor, user, verification, type Database } from "@routepilot/db";
import { redactSecrets, redactText, type Logger } from "../../../lib/logger";
import { CLIENT_IP_HEADER, requestOriginOfHeaders } from "../../../lib/request-origin";
import { writeAuditEvent, type AuditEvent } from "../../security/audit";
import { ensureSubscriber } from "../accounts";
import { magicLinkEmail, passwordlessRefusedEmail, signInCodeEmail, type Mailer } from "../../../platform/mail/mail";
import { recipientMailLanguage } from "../../../platform/mail/language";
import type { MailLanguage } from "../../../platform/mail/i18n";
import { sendResetPasswordMail, sendVerificationMail } from "./auth-mail";
import type { SignInProviderConfig } from "./sign-in-providers";
import { auditAuthResponse, checkAuthRequest, type AuthHookDeps } from "./hooks";

/** Set by the HTTP layer: the origin the request was sent to (scheme + Host), for the same-origin check. */
export const SELF_ORIGIN_HEADER = "x-routepilot-self-origin";

export interface AuthDeps {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  baseUrl: string;
  secret: string;
  adminEmails: string[];
  trustedOrigins: string[];
  secureCookies: boolean;
  /** OAuth / OpenID Connect providers from the environment (sign-in-providers.ts). */
  providers?: SignInProviderConfig | undefined;
  /** Magic link and e-mail code sign-in (PASSWORDLESS_SIGN_IN; on when not given). */
  passwordless?: boolean | undefined;
  /** Password hashing other than Better Auth's own: only the test suites' lighter scrypt (test-password-hashing.ts). */
  passwordHashing?: { hash(password: string): Promise<string>; verify(input: { hash: string; password: string }): Promise<boolean> } | undefined;
}

/** Lifetime of the JWTs GET /api/auth/token issues (jwt plugin; verified with GET /api/auth/jwks). */
export const JWT_EXPIRATION = "15m";

/** The email-otp plugin's endpoints RoutePilot does not use: resets, e-mail changes and verification go through their own flows. */
const EMAIL_OTP_UNUSED_PATHS = [
  "/email-otp/check-verification-otp",
  "/email-otp/verify-email",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/email-otp/reset-password",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
];

/** Sign-ins that prove only the mailbox or a provider account: refused for two-factor accounts (decision 021). */
function isSecondarySignIn(path: string | undefined): boolean {
  return path === "/magic-link/verify" || path === "/sign-in/email-otp" || (path?.startsWith("/callback/") ?? false);
}

/** The magic-link plugin's stored form of a token with storeToken "hashed": SHA-256, base64url without padding. */
function hashMagicLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

const ac = createAccessControl(defaultStatements);
/** Account roles (admin plugin). driver and manager are fleet roles that may also appear in the role field. */
const roles = {
  user: userAc,
  admin: adminAc,
  super_admin: ac.newRole({ ...adminAc.statements }),
  driver: userAc,
  manager: userAc,
};

/** API keys start with this (a secret scanner can spot them); the secret is 48 random letters after it. */
export const API_KEY_PREFIX = "rp_";
/** The api-key plugin's HTTP endpoints, turned off: keys are created, listed and revoked through /api/api-keys. */
const API_KEY_PLUGIN_PATHS = ["/api-key/create", "/api-key/get", "/api-key/update", "/api-key/delete", "/api-key/list", "/api-key/verify", "/api-key/delete-all-expired-api-keys"];

/** The two-factor endpoints that switch user.two_factor_enabled (confirming the first code turns it on). */
const TWO_FACTOR_SWITCH_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/disable"]);
/**
 * Makes `email` super_admin when the instance has no first admin yet. The claim is one
 * INSERT on a single-row table, so of two simultaneous first sign-ups exactly one wins.
 */
async function claimFirstAdmin(db: Database, email: string): Promise<boolean> {
  const won = await db.insert(firstAdminClaim).values({ id: 1, email }).onConflictDoNothing().returning({ id: firstAdminClaim.id });
  return won.length > 0;
}

/**
 * Promotes verified accounts whose address is listed in ADMIN_EMAILS (at start-up, for addresses
 * listed after their owners verified). Unverified accounts never are: anyone can sign up with an
 * address they do not own, but only its owner can verify it. Returns the promoted ids.
 */
export async function promoteVerifiedAdmins(db: Database, adminEmails: string[]): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const rows = await db
    .update(user)
    .set({ role: "super_admin", updatedAt: new Date() })
    .where(and(inArray(user.email, adminEmails), eq(user.emailVerified, true), ne(user.role, "super_admin")))
    .returning({ id: user.id });
  return rows.map((r) => r.id);
}

/** Builds Better Auth: e-mail + password, verification, reset, admin roles, audit logging, SPEC §5 rules. */
export function createAuth(deps: AuthDeps) {
  const { db, logger, mailer } = deps;
  const providers = deps.providers ?? { social: {}, generic: [], listed: [] };
  const passwordless = deps.passwordless ?? true;

  const audit = (event: Omit<AuditEvent, "userAgent" | "ipAddress">, headers: Headers | undefined) =>
    writeAuditEvent(db, logger, { ...event, ...requestOriginOfHeaders(headers) });

  /** The account an address belongs to (lower-cased), with what decides whether it may sign in without its password. */
  const accountOf = async (email: string) => {
    const [row] = await db
      .select({ id: user.id, name: user.name, email: user.email, banned: user.banned, banExpires: user.banExpires, twoFactorEnabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()))
      .limit(1);
    return row ?? null;
  };
  const isBanned = (u: { banned: boolean | null; banExpires: Date | null }) => u.banned === true && (!u.banExpires || u.banExpires.getTime() > Date.now());

  /**
   * Sends the magic link or the code, or, for a two-factor account, a mail saying it signs in with
   * its password and code. Unknown and suspended addresses get nothing: the answer is the same
   * 200 either way, so nobody learns which addresses have accounts. Written in the owner's
   * language (their preference, else the request's Accept-Language).
   */
  const sendPasswordless = async (email: string, headers: Headers | undefined, message: (owner: { name: string; email: string }, language: MailLanguage) => Parameters<Mailer["send"]>[0]) => {
    const owner = await accountOf(email);
    if (!owner || isBanned(owner)) {
      logger.info({ kind: "passwordless" }, owner ? "sign-in link or code not sent: account suspended" : "sign-in link or code not sent: no account for the address");
      return;
    }
    const language = await recipientMailLanguage(db, { userId: owner.id, acceptLanguage: headers?.get("accept-language") });
    if (owner.twoFactorEnabled) {
      await mailer.send(passwordlessRefusedEmail({ to: owner.email, name: owner.name, signInUrl: `${deps.baseUrl}/auth/sign-in`, language }));
      return;
    }
    await mailer.send(message(owner, language));
  };

  /**
   * Before a magic link signs in: a suspended or two-factor account is sent back to the sign-in
   * page with the reason (its session is never created), not to a JSON error page.
   */
  const refuseMagicLinkSignIn = async (ctx: { query?: Record<string, unknown> | undefined; redirect(url: string): unknown; context: { internalAdapter: { findVerificationValue(identifier: string): Promise<{ value: string } | null | undefined> } } }) => {
    const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
    if (!token) return;
    const stored = await ctx.context.internalAdapter.findVerificationValue(`magic-link:${hashMagicLinkToken(token)}`).catch(() => null);
    const email = ((): unknown => {
      try {
        return stored ? (JSON.parse(stored.value) as { email?: unknown }).email : null;
      } catch {
        return null;
      }
    })();
    if (typeof email !== "string") return;
    const owner = await accountOf(email);
    const refusal = owner && isBanned(owner) ? "BANNED_USER" : owner?.twoFactorEnabled ? "TWO_FACTOR_PASSWORD_REQUIRED" : null;
    if (!refusal) return;
    const errorUrl = new URL(typeof ctx.query?.errorCallbackURL === "string" ? ctx.query.errorCallbackURL : "/auth/sign-in", deps.baseUrl);
    errorUrl.searchParams.set("error", refusal);
    await audit({ eventType: "sign_in", outcome: "failure", riskLevel: "medium", userId: owner?.id ?? null, sessionId: null, resource: "/api/auth/magic-link/verify", metadata: { email: owner?.email ?? null, method: "magic_link", error: refusal } }, undefined);
    throw ctx.redirect(errorUrl.toString());
  };

  const hookDeps: AuthHookDeps = { db, mailer, baseUrl: deps.baseUrl, audit, accountOf, refuseMagicLinkSignIn };

  return betterAuth({
    appName: "RoutePilot",
    baseURL: deps.baseUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    // BASE_URL, TRUSTED_ORIGINS, and the origin the request itself was sent to: a browser on
    // http://127.0.0.1:3000 or a LAN address is same-origin there. Foreign origins stay refused.
    trustedOrigins: (request) => [deps.baseUrl, ...deps.trustedOrigins, request?.headers.get(SELF_ORIGIN_HEADER)],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, twoFactor, apikey, jwks } }),
    // API keys are managed through /api/api-keys (validated, audited; modules/accounts/api-keys.ts), never the plugin's own HTTP endpoints.
    disabledPaths: [...API_KEY_PLUGIN_PATHS, ...EMAIL_OTP_UNUSED_PATHS],
    // Google, Microsoft and GitHub when configured (sign-in-providers.ts); any OIDC issuer through genericOAuth below.
    socialProviders: providers.social,
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted blindly: a provider account joins an existing user only when the
        // provider says its e-mail is verified and the user's own address is verified too.
        trustedProviders: [],
        requireLocalEmailVerified: true,
        // Linking from /security (signed in already) may add an account under another address.
        allowDifferentEmails: true,
      },
    },
    user: {
      // POST /api/auth/change-email: a link to the NEW address (sendVerificationEmail), a notice to the old one (hooks.after).
      changeEmail: { enabled: true },
    },
    logger: {
      // Better Auth may log URLs with tokens or objects holding secrets: mask them first.
      log: (level, message, ...args) => {
        // A wrong, expired or revoked API key is the caller's mistake (answered 401), not a server error.
        const at = level === "error" && message.startsWith("Failed to validate API key") ? "warn" : level;
        logger[at]({ args: redactSecrets(args) }, `auth: ${redactText(message)}`);
      },
    },
    // Off: modules/security/rate-limits applies SPEC §9's auth limits in front of this handler (app.ts).
    rateLimit: { enabled: false },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: deps.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: deps.secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips both checks when it detects a test run; keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: u }, request) => {
        await audit(
          { eventType: "password_reset", outcome: "success", userId: u.id, sessionId: null, resource: "/api/auth/reset-password" },
          request?.headers,
        );
      },
      sendResetPassword: async ({ user: u, url }, request) => {
        await sendResetPasswordMail({ db, mailer }, u, url, request?.headers);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      afterEmailVerification: async (verified, request) => {
        if (!deps.adminEmails.includes(verified.email.toLowerCase())) return;
        const promoted = await promoteVerifiedAdmins(db, [verified.email.toLowerCase()]);
        if (promoted.length > 0) {
          await audit(
            { eventType: "role_change", outcome: "success", riskLevel: "high", userId: verified.id, sessionId: null, resource: "/api/auth/verify-email", metadata: { before: "user", after: "super_admin", reason: "ADMIN_EMAILS, address verified" } },
            request?.headers,
          );
        }
      },
      expiresIn: 60 * 60 * 24,
      // The verification link, or for an e-mail change (user.changeEmail) the confirmation to the NEW address (auth-mail.ts).
      sendVerificationEmail: async ({ user: u, url }, request) => {
        await sendVerificationMail({ db, mailer }, u, url, request?.headers);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A magic link, an e-mailed code or a provider proves the mailbox or the provider account,
          // not the authenticator app: two-factor accounts sign in with password and code (decision 021).
          before: async (newSession, context) => {
            if (!context || !isSecondarySignIn(context.path)) return;
            const [owner] = await db.select({ twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, newSession.userId)).limit(1);
            if (owner?.twoFactorEnabled) {
              throw new APIError("FORBIDDEN", { code: "TWO_FACTOR_PASSWORD_REQUIRED", message: signInMethodMessages.twoFactorPasswordRequired });
            }
          },
        },
      },
      account: {
        create: {
          // A provider account linked (at sign-in by a verified e-mail, or from /security).
          after: async (created, context) => {
            if (created.providerId === "credential") return;
            await audit(
              { eventType: "identity_link", outcome: "success", riskLevel: "medium", userId: created.userId, sessionId: context?.context.session?.session.id ?? null, resource: context?.path ? `/api/auth${context.path}` : "/api/auth", metadata: { provider: created.providerId } },
              context?.headers,
            );
          },
        },
      },
      user: {
        update: {
          // Two-factor authentication switched on (code confirmed) or off (password confirmed).
          after: async (updated, context) => {
            if (!context?.path || !TWO_FACTOR_SWITCH_PATHS.has(context.path)) return;
            const on = (updated as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
            await audit(
              { eventType: on ? "two_factor_enable" : "two_factor_disable", outcome: "success", riskLevel: on ? "low" : "medium", userId: updated.id, sessionId: context.context.session?.session.id ?? null, resource: `/api/auth${context.path}` },
              context.headers,
            );
          },
        },
        create: {
          // The instance's first account becomes super_admin; ADMIN_EMAILS only once verified.
          before: async (newUser) => {
            const role = (await claimFirstAdmin(db, newUser.email.toLowerCase())) ? "super_admin" : "user";
            return { data: { ...newUser, role } };
          },
          after: async (created) => {
            await ensureSubscriber(db, created.id, created.email);
          },
        },
      },
    },
    hooks: {
      before: checkAuthRequest(hookDeps),
      after: auditAuthResponse(hookDeps),
    },
    plugins: [
      ...(passwordless
        ? [
            magicLink({
              expiresIn: MAGIC_LINK_VALID_MINUTES * 60,
              storeToken: "hashed",
              // Accounts are created by sign-up (name, password rules) or a provider, not by a link.
              disableSignUp: true,
              sendMagicLink: async ({ email, url }, ctx) => {
                await sendPasswordless(email, ctx?.headers, (owner, language) => magicLinkEmail({ to: owner.email, name: owner.name, link: url, minutes: MAGIC_LINK_VALID_MINUTES, language }));
              },
            }),
            emailOTP({
              otpLength: SIGN_IN_CODE_LENGTH,
              expiresIn: SIGN_IN_CODE_VALID_MINUTES * 60,
              allowedAttempts: SIGN_IN_CODE_ATTEMPTS,
              storeOTP: "hashed",
              disableSignUp: true,
              sendVerificationOTP: async ({ email, otp }, ctx) => {
                await sendPasswordless(email, ctx?.headers, (owner, language) => signInCodeEmail({ to: owner.email, name: owner.name, code: otp, minutes: SIGN_IN_CODE_VALID_MINUTES, language }));
              },
            }),
          ]
        : []),
      ...(providers.generic.length > 0 ? [genericOAuth({ config: providers.generic })] : []),
      // GET /api/auth/jwks (public keys) and GET /api/auth/token (a JWT for the session) for integrations.
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        jwt: {
          issuer: deps.baseUrl,
          audience: deps.baseUrl,
          expirationTime: JWT_EXPIRATION,
          definePayload: ({ user: u }) => ({ email: u.email, name: u.name, role: (u as { role?: string }).role ?? "user" }),
        },
        // No JWT on every get-session answer: integrations ask GET /api/auth/token when they need one.
        disableSettingJwtHeader: true,
      }),
      admin({ ac, roles, defaultRole: "user", adminRoles: ["admin", "super_admin"] }),
      // TOTP with backup codes; the session is created only once the code is verified.
      twoFactorPlugin({ issuer: "RoutePilot", backupCodeOptions: { amount: 10, length: 10 } }),
      // API keys for /api/v1/* (decision 012): SHA-256 hashed, "rp_" prefix, expiry 1–365 days or none.
      // The plugin's per-key rate limit is off: the owner's SPEC §9 tier limits apply (http/api-key.ts).
      apiKey({
        defaultPrefix: API_KEY_PREFIX,
        defaultKeyLength: 48,
        requireName: true,
        maximumNameLength: 100,
        startingCharactersConfig: { shouldStore: true, charactersLength: 10 },
        keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
        rateLimit: { enabled: false },
        enableSessionForAPIKeys: false,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
