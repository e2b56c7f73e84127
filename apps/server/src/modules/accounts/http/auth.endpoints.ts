import { z, type OpenAPIHono } from "@hono/zod-openapi";

type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];
import { ErrorResponse } from "../../../lib/openapi";

const AuthUser = z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean(), role: z.string().optional() }).openapi("AuthUser");
const AuthError = z.object({ code: z.string().optional(), message: z.string() }).openapi("AuthError");

type Endpoint = { method: "get" | "post"; path: string; summary: string; body?: z.ZodType; query?: z.ZodObject };

/** Better Auth's standard endpoints as mounted at /api/auth, described in the OpenAPI document. */
const endpoints: Endpoint[] = [
  { method: "post", path: "/api/auth/sign-up/email", summary: "Create an account (signs in at once and sends the verification e-mail)", body: z.object({ name: z.string(), email: z.string(), password: z.string(), callbackURL: z.string().optional() }) },
  { method: "post", path: "/api/auth/sign-in/email", summary: "Sign in with e-mail and password; sets the session cookie", body: z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() }) },
  { method: "post", path: "/api/auth/sign-out", summary: "Sign out and clear the session cookie" },
  { method: "get", path: "/api/auth/get-session", summary: "The current session and user, or null" },
  { method: "post", path: "/api/auth/request-password-reset", summary: "E-mail a password reset link", body: z.object({ email: z.string(), redirectTo: z.string().optional() }) },
  { method: "post", path: "/api/auth/reset-password", summary: "Set a new password with the token from the e-mail", body: z.object({ newPassword: z.string(), token: z.string() }) },
  { method: "post", path: "/api/auth/change-password", summary: "Change the password of the signed-in user", body: z.object({ currentPassword: z.string(), newPassword: z.string(), revokeOtherSessions: z.boolean().optional() }) },
  { method: "post", path: "/api/auth/send-verification-email", summary: "Send the verification e-mail again", body: z.object({ email: z.string(), callbackURL: z.string().optional() }) },
  { method: "post", path: "/api/auth/two-factor/enable", summary: "Start two-factor set-up with the password: the TOTP URI and backup codes (on after the first verified code)", body: z.object({ password: z.string(), issuer: z.string().optional() }) },
  { method: "post", path: "/api/auth/two-factor/disable", summary: "Turn two-factor authentication off with the password", body: z.object({ password: z.string() }) },
  { method: "post", path: "/api/auth/two-factor/verify-totp", summary: "Verify a 6-digit authenticator code (finishes set-up, or the sign-in of a two-factor account)", body: z.object({ code: z.string(), trustDevice: z.boolean().optional() }) },
  { method: "post", path: "/api/auth/two-factor/verify-backup-code", summary: "Finish a two-factor sign-in with a backup code (each works once)", body: z.object({ code: z.string(), trustDevice: z.boolean().optional() }) },
  { method: "post", path: "/api/auth/two-factor/generate-backup-codes", summary: "Replace the backup codes with 10 new ones (password required)", body: z.object({ password: z.string() }) },
  { method: "get", path: "/api/auth/verify-email", summary: "Verify an e-mail address from the link in the e-mail", query: z.object({ token: z.string(), callbackURL: z.string().optional() }) },
  { method: "post", path: "/api/auth/sign-in/magic-link", summary: "E-mail a one-time sign-in link to an existing account (10 minutes; always 200, nothing is sent to unknown or suspended addresses; two-factor accounts are told to use their password)", body: z.object({ email: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional() }) },
  { method: "get", path: "/api/auth/magic-link/verify", summary: "Sign in from the e-mailed link; redirects to callbackURL, or to errorCallbackURL with ?error=", query: z.object({ token: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional() }) },
  { method: "post", path: "/api/auth/email-otp/send-verification-otp", summary: "E-mail a 6-digit sign-in code to an existing account (10 minutes, 3 tries; type must be sign-in)", body: z.object({ email: z.string(), type: z.literal("sign-in") }) },
  { method: "post", path: "/api/auth/sign-in/email-otp", summary: "Sign in with the e-mailed code; sets the session cookie", body: z.object({ email: z.string(), otp: z.string() }) },
  { method: "post", path: "/api/auth/sign-in/social", summary: "Start signing in with a configured provider (google, microsoft, github, oidc): the provider's URL to open", body: z.object({ provider: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional(), disableRedirect: z.boolean().optional() }) },
  { method: "post", path: "/api/auth/link-social", summary: "Start linking a configured provider's account to the signed-in user", body: z.object({ provider: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional(), disableRedirect: z.boolean().optional() }) },
  { method: "post", path: "/api/auth/change-email", summary: "Change the e-mail address: a confirmation link to the new address, a notice to the old; nothing changes until the link is used (409 EMAIL_IN_USE when another account has it)", body: z.object({ newEmail: z.string(), callbackURL: z.string().optional() }) },
  { method: "get", path: "/api/auth/token", summary: "A 15-minute JWT (EdDSA) for the signed-in user, for integrations; verify it with /api/auth/jwks" },
  { method: "get", path: "/api/auth/jwks", summary: "The public keys (JWKS) that verify the JWTs of /api/auth/token (public)" },
];

export function registerAuthDocs(registry: OpenAPIRegistry): void {
  for (const e of endpoints) {
    registry.registerPath({
      method: e.method,
      path: e.path,
      tags: ["Auth"],
      summary: e.summary,
      request: {
        ...(e.body ? { body: { content: { "application/json": { schema: e.body } } } } : {}),
        ...(e.query ? { query: e.query } : {}),
      },
      responses: {
        200: { description: "Success", content: { "application/json": { schema: z.object({ user: AuthUser.optional() }).passthrough() } } },
        400: { description: "Invalid input (SPEC §5 messages)", content: { "application/json": { schema: z.union([AuthError, ErrorResponse]) } } },
        401: { description: "Wrong credentials or not signed in", content: { "application/json": { schema: AuthError } } },
      },
    });
  }
}
