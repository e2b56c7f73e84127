import { createAuthClient } from "better-auth/react";
import { adminClient, twoFactorClient } from "better-auth/client/plugins";

/** Better Auth client for the server's /api/auth handler (same origin, cookie session). */
export const authClient = createAuthClient({
  baseURL: `${typeof window === "undefined" ? "http://localhost" : window.location.origin}/api/auth`,
  // twoFactorClient: sign-in answers { twoFactorRedirect } for accounts with two-factor on (the form asks for the code).
  plugins: [adminClient(), twoFactorClient()],
  // Session polling is done by useSessionKeepAlive (30 s ticks), not by Better Auth itself.
  sessionOptions: { refetchOnWindowFocus: true },
});

/** The message of a Better Auth client error (`{ error: { message, code, status } }`). */
export function authErrorMessage(error: { message?: string | undefined; statusText?: string } | null | undefined): string {
  return error?.message || error?.statusText || "Something went wrong. Please try again.";
}
