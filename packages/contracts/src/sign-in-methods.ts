import { z } from "zod";

/**
 * Ways to sign in besides e-mail + password (issue 27, decision 021): a magic link or a one-time
 * code by e-mail, and accounts at OAuth / OpenID Connect providers configured by the server.
 */

/** Minutes a magic link stays valid. */
export const MAGIC_LINK_VALID_MINUTES = 10;
/** Minutes an e-mailed sign-in code stays valid, its digits, and the wrong tries it allows. */
export const SIGN_IN_CODE_VALID_MINUTES = 10;
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_ATTEMPTS = 3;
/** Hours the confirmation link of an e-mail change stays valid (the e-mail verification link's lifetime). */
export const CHANGE_EMAIL_VALID_HOURS = 24;

/** The providers the server knows how to configure; `oidc` is any OpenID Connect issuer with discovery. */
export const signInProviderIds = ["google", "microsoft", "github", "oidc"] as const;
export type SignInProviderId = (typeof signInProviderIds)[number];

/** How a provider signs in: Better Auth's social sign-in, or its generic OAuth plugin. */
export const signInProviderSchema = z.object({
  id: z.enum(signInProviderIds),
  /** The button's name, e.g. "Google" or OIDC_PROVIDER_NAME. */
  name: z.string(),
  kind: z.enum(["social", "oauth2"]),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

/** GET /api/auth-providers: what the sign-in page offers. */
export const signInOptionsSchema = z.object({
  passwordless: z.object({ magicLink: z.boolean(), emailCode: z.boolean() }),
  providers: z.array(signInProviderSchema),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** One way the signed-in user can sign in: the password ("credential") or a linked identity. */
export const identitySchema = z.object({
  /** The account row's id (DELETE /api/me/identities/{id}). */
  id: z.string(),
  /** "credential" for the password, else a provider id. */
  providerId: z.string(),
  /** The provider's name for the user ("Google", "Password"). */
  name: z.string(),
  linkedAt: z.string(),
});
export type Identity = z.infer<typeof identitySchema>;

export const identitiesSchema = z.object({ identities: z.array(identitySchema) });
export type Identities = z.infer<typeof identitiesSchema>;

/** The name shown for a provider id (the password is "Password"). */
export function identityName(providerId: string, providers: readonly Pick<SignInProvider, "id" | "name">[] = []): string {
  if (providerId === "credential") return "Password";
  const configured = providers.find((p) => p.id === providerId);
  if (configured) return configured.name;
  const known: Record<string, string> = { google: "Google", microsoft: "Microsoft", github: "GitHub", oidc: "Single sign-on" };
  return known[providerId] ?? providerId;
}

/** Texts shown to the user (one place for the web and the server). */
export const signInMethodMessages = {
  linkSent: (email: string) => `If ${email} has a RoutePilot account, a sign-in link is on its way. It works once within ${MAGIC_LINK_VALID_MINUTES} minutes.`,
  codeSent: (email: string) => `If ${email} has a RoutePilot account, a ${SIGN_IN_CODE_LENGTH}-digit code is on its way. It works within ${SIGN_IN_CODE_VALID_MINUTES} minutes.`,
  codeFormat: `The code has ${SIGN_IN_CODE_LENGTH} digits`,
  wrongCode: "That code is not correct or has expired. Ask for a new one if it keeps failing.",
  tooManyCodeAttempts: "Too many wrong codes. Ask for a new code.",
  twoFactorPasswordRequired: "Your account has two-factor authentication: sign in with your password and the code from your authenticator app.",
  banned: "This account has been suspended. Contact support if you believe this is a mistake.",
  linkInvalid: "This sign-in link is not valid any more (it works once, for a limited time). Ask for a new one.",
  noAccount: "There is no RoutePilot account for this address yet. Create one first, then link this sign-in method from Account security.",
  signInFailed: "Signing in with that account did not work. Try again, or sign in another way.",
  accountNotLinked: "This address already has a RoutePilot account. Sign in with it first, then link this provider from Account security.",
  lastMethod: "This is your only way to sign in. Set a password or link another account before removing it.",
  identityNotFound: "That sign-in method is not linked to your account",
  identityRemoved: (name: string) => `${name} can no longer be used to sign in`,
  emailInUse: "This e-mail address is already used by another RoutePilot account",
  emailSame: "This is already your e-mail address",
  changeEmailSent: (email: string) => `We sent a confirmation link to ${email}. Your address changes when you use it.`,
  emailChanged: "Your e-mail address has been changed",
  providerNotConfigured: "This sign-in provider is not configured on this server",
} as const;

/**
 * Plain words for the error codes of the passwordless, provider and e-mail change flows
 * (Better Auth's, and this server's), by code. Unknown codes fall back to the server's message.
 */
export const signInMethodErrorMessages: Record<string, string> = {
  INVALID_OTP: signInMethodMessages.wrongCode,
  OTP_EXPIRED: signInMethodMessages.wrongCode,
  TOO_MANY_ATTEMPTS: signInMethodMessages.tooManyCodeAttempts,
  TWO_FACTOR_PASSWORD_REQUIRED: signInMethodMessages.twoFactorPasswordRequired,
  BANNED_USER: signInMethodMessages.banned,
  INVALID_TOKEN: signInMethodMessages.linkInvalid,
  EXPIRED_TOKEN: signInMethodMessages.linkInvalid,
  NEW_USER_SIGNUP_DISABLED: signInMethodMessages.noAccount,
  SIGNUP_DISABLED: signInMethodMessages.noAccount,
  ACCOUNT_NOT_LINKED: signInMethodMessages.accountNotLinked,
  LAST_SIGN_IN_METHOD: signInMethodMessages.lastMethod,
  FAILED_TO_UNLINK_LAST_ACCOUNT: signInMethodMessages.lastMethod,
  EMAIL_IN_USE: signInMethodMessages.emailInUse,
};

/** The message for an `error` query parameter the server put on a sign-in redirect (lower or upper case). */
export function signInRedirectError(code: string | null | undefined): string | null {
  if (!code) return null;
  const key = code.toUpperCase().replace(/[^A-Z_]/g, "_");
  return signInMethodErrorMessages[key] ?? signInMethodMessages.signInFailed;
}
