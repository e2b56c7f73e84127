import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import { count } from "drizzle-orm";
import { emailSchema, messages, passwordProblem } from "@routepilot/contracts";
import { account, session, user, verification, type Database } from "@routepilot/db";
import type { Logger } from "../lib/logger";
import { writeAuditEvent, type AuditEvent } from "../services/audit";
import { ensureSubscriber } from "../services/accounts";
import { actionEmail, type Mailer } from "../services/mail";

/** Set by the HTTP layer from the socket (or a trusted proxy); see app.ts. */
export const CLIENT_IP_HEADER = "x-routepilot-client-ip";

export interface AuthDeps {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  baseUrl: string;
  secret: string;
  adminEmails: string[];
  trustedOrigins: string[];
  secureCookies: boolean;
  rateLimit: boolean;
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

function validationError(field: string, message: string): APIError {
  return new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR", message, fields: { [field]: message } });
}

function bodyOf(ctx: { body?: unknown }): Record<string, unknown> {
  return ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {};
}

/** Builds Better Auth: e-mail + password, verification, reset, admin roles, audit logging, SPEC §5 rules. */
export function createAuth(deps: AuthDeps) {
  const { db, logger, mailer } = deps;

  const requestMeta = (headers: Headers | undefined) => ({
    userAgent: headers?.get("user-agent") ?? null,
    ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null,
  });
  const audit = (event: Omit<AuditEvent, "userAgent" | "ipAddress">, headers: Headers | undefined) =>
    writeAuditEvent(db, logger, { ...event, ...requestMeta(headers) });

  return betterAuth({
    appName: "RoutePilot",
    baseURL: deps.baseUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: [deps.baseUrl, ...deps.trustedOrigins],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
    rateLimit: { enabled: deps.rateLimit, window: 60, max: 100 },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: deps.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: deps.secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: u }, request) => {
        await audit(
          { eventType: "password_reset", outcome: "success", userId: u.id, sessionId: null, resource: "/api/auth/reset-password" },
          request?.headers,
        );
      },
      sendResetPassword: async ({ user: u, url }) => {
        await mailer.send(
          actionEmail({
            to: u.email,
            kind: "reset-password",
            subject: "Reset your RoutePilot password",
            greeting: `Hello ${u.name || u.email},`,
            body: "We received a request to reset the password for your RoutePilot account. The link is valid for one hour.",
            action: "Choose a new password",
            link: url,
            footer: "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: u, url }) => {
        await mailer.send(
          actionEmail({
            to: u.email,
            kind: "verify-email",
            subject: "Verify your RoutePilot e-mail address",
            greeting: `Welcome to RoutePilot, ${u.name || u.email}!`,
            body: "Please confirm that this is your e-mail address so we can reach you about your account and routes.",
            action: "Verify e-mail address",
            link: url,
            footer: "If you did not create a RoutePilot account, you can ignore this e-mail.",
          }),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => {
            const email = newUser.email.toLowerCase();
            const [row] = await db.select({ n: count() }).from(user);
            const first = (row?.n ?? 0) === 0;
            const role = first || deps.adminEmails.includes(email) ? "super_admin" : "user";
            return { data: { ...newUser, role } };
          },
          after: async (created) => {
            await ensureSubscriber(db, created.id, created.email);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
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
      }),
      after: createAuthMiddleware(async (ctx) => {
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
          case "/change-password": {
            const current = ctx.context.session;
            await audit(
              { eventType: "password_change", outcome: failed ? "failure" : "success", riskLevel: failed ? "medium" : "low", userId: current?.user.id ?? null, sessionId: current?.session.id ?? null, resource, metadata: errorCode ? { error: errorCode } : {} },
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
      }),
    },
    plugins: [admin({ ac, roles, defaultRole: "user", adminRoles: ["admin", "super_admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
