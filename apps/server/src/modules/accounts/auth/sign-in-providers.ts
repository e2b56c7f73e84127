import type { GenericOAuthConfig } from "better-auth/plugins";
import { identityName, type SignInProvider } from "@routepilot/contracts";

/** The OAuth / OpenID Connect providers configured by the environment (README "Sign-in providers"). */
export interface SignInProvidersEnv {
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  MICROSOFT_CLIENT_ID?: string | undefined;
  MICROSOFT_CLIENT_SECRET?: string | undefined;
  MICROSOFT_TENANT_ID?: string | undefined;
  GITHUB_CLIENT_ID?: string | undefined;
  GITHUB_CLIENT_SECRET?: string | undefined;
  OIDC_DISCOVERY_URL?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_PROVIDER_NAME?: string | undefined;
}

export interface SignInProviderConfig {
  /** Better Auth `socialProviders` (Google, Microsoft, GitHub). */
  social: {
    google?: { clientId: string; clientSecret: string; prompt: "select_account" };
    microsoft?: { clientId: string; clientSecret: string; tenantId: string; prompt: "select_account" };
    github?: { clientId: string; clientSecret: string };
  };
  /** Better Auth genericOAuth providers: any OpenID Connect issuer found by its discovery document. */
  generic: GenericOAuthConfig[];
  /** What the sign-in page may offer, in button order. */
  listed: SignInProvider[];
}

/** The providers whose variables are set (env.ts checks that each id comes with its secret). */
export function signInProvidersFrom(env: SignInProvidersEnv): SignInProviderConfig {
  const config: SignInProviderConfig = { social: {}, generic: [], listed: [] };
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    config.social.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, prompt: "select_account" };
    config.listed.push({ id: "google", name: identityName("google"), kind: "social" });
  }
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    config.social.microsoft = { clientId: env.MICROSOFT_CLIENT_ID, clientSecret: env.MICROSOFT_CLIENT_SECRET, tenantId: env.MICROSOFT_TENANT_ID ?? "common", prompt: "select_account" };
    config.listed.push({ id: "microsoft", name: identityName("microsoft"), kind: "social" });
  }
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) {
    config.social.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
    config.listed.push({ id: "github", name: identityName("github"), kind: "social" });
  }
  if (env.OIDC_DISCOVERY_URL && env.OIDC_CLIENT_ID) {
    const name = env.OIDC_PROVIDER_NAME ?? identityName("oidc");
    config.generic.push({
      providerId: "oidc",
      name,
      discoveryUrl: env.OIDC_DISCOVERY_URL,
      clientId: env.OIDC_CLIENT_ID,
      ...(env.OIDC_CLIENT_SECRET ? { clientSecret: env.OIDC_CLIENT_SECRET } : {}),
      scopes: ["openid", "email", "profile"],
      pkce: true,
      // The ID token is checked against the issuer's published keys, never taken on trust.
      requireIdTokenVerification: true,
    });
    config.listed.push({ id: "oidc", name, kind: "oauth2" });
  }
  return config;
}
