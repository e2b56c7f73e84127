import { and, eq } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMethodMessages, type Identities, type SignInOptions } from "@routepilot/contracts";
import { account, authenticationLogs, user } from "@routepilot/db";
import { BASE, cookieFrom, createTestApp, type TestApp } from "../../../test/harness";

/** A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, authorize, token, JWKS. */
let idp: OAuth2Server;
let t: TestApp;
/** The claims the provider puts in the next ID token. */
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(0, "127.0.0.1");
  idp.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, claims);
  });
  t = await createTestApp({ OIDC_DISCOVERY_URL: `${idp.issuer.url}/.well-known/openid-configuration`, OIDC_CLIENT_ID: "routepilot-test", OIDC_CLIENT_SECRET: "test-client-secret", OIDC_PROVIDER_NAME: "Test IdP" });
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The whole authorization-code flow as a browser does it: start, the provider's redirect, the callback. */
async function signInWithIdp(start: "/api/auth/sign-in/social" | "/api/auth/link-social", cookie = "", callbackURL = "/dashboard") {
  const begin = await t.call(start, { body: { provider: "oidc", callbackURL, errorCallbackURL: "/sign-in" }, cookie });
  expect(begin.status).toBe(200);
  const { url } = await json<{ url: string }>(begin);
  expect(url.startsWith(idp.issuer.url ?? "")).toBe(true);
  const authorize = await fetch(url, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get("location") ?? "");
  expect(`${callback.origin}${callback.pathname}`).toBe(`${BASE}/api/auth/callback/oidc`);
  const landing = await t.call(`${callback.pathname}${callback.search}`, { cookie: [cookie, cookieFrom(begin)].filter(Boolean).join("; ") });
  expect(landing.status).toBe(302);
  const location = new URL(landing.headers.get("location") ?? "", BASE);
  return { landing, location, cookie: cookieFrom(landing) };
}

const identities = async (cookie: string) => (await json<Identities>(await t.call("/api/me/identities", { cookie }))).identities;

describe("sign-in options", () => {
  it("lists the configured provider and the passwordless methods, signed out", async () => {
    const res = await t.call("/api/sign-in-options");
    expect(res.status).toBe(200);
    expect(await json<SignInOptions>(res)).toEqual({ passwordless: { magicLink: true, emailCode: true }, providers: [{ id: "oidc", name: "Test IdP", kind: "oauth2" }] });
  });

  it("lists no provider when none is configured", async () => {
    const bare = await createTestApp({ PASSWORDLESS_SIGN_IN: "false" });
    try {
      expect(await json<SignInOptions>(await bare.call("/api/sign-in-options"))).toEqual({ passwordless: { magicLink: false, emailCode: false }, providers: [] });
      expect((await bare.call("/api/auth/sign-in/magic-link", { body: { email: "a@example.com" } })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("OpenID Connect sign-in (authorization code flow against the loopback provider)", () => {
  it("links the provider account to an existing user with a verified address, by e-mail", async () => {
    const { userId } = await t.signUp("alice@example.com");
    await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    claims = { sub: "idp-alice", email: "alice@example.com", email_verified: true, name: "Alice IdP" };
    const { location, cookie } = await signInWithIdp("/api/auth/sign-in/social");
    expect(location.pathname).toBe("/dashboard");
    const me = await json<{ user: { id: string } }>(await t.call("/api/auth/get-session", { cookie }));
    expect(me.user.id).toBe(userId);
    const rows = await t.deps.db.select().from(account).where(eq(account.userId, userId));
    expect(rows.map((r) => r.providerId).sort()).toEqual(["credential", "oidc"]);
    expect(rows.find((r) => r.providerId === "oidc")?.accountId).toBe("idp-alice");
    const logs = await t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.userId, userId));
    expect(logs.some((l) => l.eventType === "identity_link")).toBe(true);
    expect(logs.some((l) => l.eventType === "sign_in" && l.details.outcome === "success" && (l.details.metadata as { method?: string }).method === "oauth")).toBe(true);
  });

  it("creates a new user for a new address", async () => {
    claims = { sub: "idp-newcomer", email: "newcomer@example.com", email_verified: true, name: "New Comer" };
    const { location, cookie } = await signInWithIdp("/api/auth/sign-in/social");
    expect(location.pathname).toBe("/dashboard");
    const [created] = await t.deps.db.select().from(user).where(eq(user.email, "newcomer@example.com"));
    expect(created).toMatchObject({ name: "New Comer", emailVerified: true });
    expect((await identities(cookie)).map((i) => i.providerId)).toEqual(["oidc"]);
  });

  it("does not link to an account whose own address is unverified", async () => {
    await t.signUp("unverified@example.com");
    claims = { sub: "idp-squatter", email: "unverified@example.com", email_verified: true, name: "Squatter" };
    const { location, cookie } = await signInWithIdp("/api/auth/sign-in/social");
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toBe("account_not_linked");
    expect(cookie).not.toMatch(/session_token/);
  });

  it("does not sign a two-factor account in", async () => {
    const { userId } = await t.signUp("twofa@example.com");
    await t.deps.db.update(user).set({ emailVerified: true, twoFactorEnabled: true }).where(eq(user.id, userId));
    claims = { sub: "idp-twofa", email: "twofa@example.com", email_verified: true, name: "Two Factor" };
    const { location, cookie } = await signInWithIdp("/api/auth/sign-in/social");
    expect(location.searchParams.get("error")).toBe("TWO_FACTOR_PASSWORD_REQUIRED");
    expect(cookie).not.toMatch(/session_token/);
  });

  it("links another account from /security while signed in", async () => {
    const bob = await t.signUp("bob@example.com");
    claims = { sub: "idp-bob-work", email: "bob.work@corp.example", email_verified: true, name: "Bob" };
    const { location } = await signInWithIdp("/api/auth/link-social", bob.cookie, "/security");
    expect(location.pathname).toBe("/security");
    expect((await identities(bob.cookie)).map((i) => [i.providerId, i.name])).toEqual([
      ["credential", "Password"],
      ["oidc", "Test IdP"],
    ]);
  });
});

describe("linked identities (GET and DELETE /api/me/identities)", () => {
  it("needs a session", async () => {
    expect((await t.call("/api/me/identities")).status).toBe(401);
    expect((await t.call("/api/me/identities/x", { method: "DELETE" })).status).toBe(401);
  });

  it("unlinks a provider account, never the password, nor another user's account, nor the last way to sign in", async () => {
    const alice = await t.signIn("alice@example.com");
    const aliceCookie = cookieFrom(alice);
    const [password, oidc] = await identities(aliceCookie);
    expect(password?.providerId).toBe("credential");
    expect(oidc?.providerId).toBe("oidc");

    // Another user's identity is not found.
    const bob = cookieFrom(await t.signIn("bob@example.com"));
    const notHers = await t.call(`/api/me/identities/${oidc!.id}`, { method: "DELETE", cookie: bob });
    expect(notHers.status).toBe(404);
    expect((await t.deps.db.select().from(account).where(eq(account.id, oidc!.id))).length).toBe(1);

    const keepPassword = await t.call(`/api/me/identities/${password!.id}`, { method: "DELETE", cookie: aliceCookie });
    expect(keepPassword.status).toBe(400);

    const removed = await t.call(`/api/me/identities/${oidc!.id}`, { method: "DELETE", cookie: aliceCookie });
    expect(removed.status).toBe(204);
    expect((await identities(aliceCookie)).map((i) => i.providerId)).toEqual(["credential"]);
    const unlinks = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.eventType, "identity_unlink"), eq(authenticationLogs.userId, password ? (await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, "alice@example.com")))[0]!.id : "")));
    expect(unlinks.some((l) => l.details.outcome === "success")).toBe(true);

    // The newcomer signed up through the provider: it is the only way in.
    claims = { sub: "idp-newcomer", email: "newcomer@example.com", email_verified: true, name: "New Comer" };
    const { cookie } = await signInWithIdp("/api/auth/sign-in/social");
    const [only] = await identities(cookie);
    const refused = await t.call(`/api/me/identities/${only!.id}`, { method: "DELETE", cookie });
    expect(refused.status).toBe(409);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(signInMethodMessages.lastMethod);
  });
});

describe("JWT for integrations (GET /api/auth/jwks, GET /api/auth/token)", () => {
  it("publishes the keys signed out and issues a 15-minute JWT only to a session", async () => {
    expect((await t.call("/api/auth/token")).status).toBe(401);
    const { cookie, userId } = await t.signUp("integrator@example.com");
    const res = await t.call("/api/auth/token", { cookie });
    expect(res.status).toBe(200);
    const { token } = await json<{ token: string }>(res);
    const keys = await t.call("/api/auth/jwks");
    expect(keys.status).toBe(200);
    const jwks = await json<{ keys: { kid: string; alg?: string }[] }>(keys);
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(jwks)).not.toMatch(/"d":/);
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]), { issuer: BASE, audience: BASE });
    expect(protectedHeader.alg).toBe("EdDSA");
    expect(payload).toMatchObject({ sub: userId, email: "integrator@example.com", role: "user" });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    // A tampered token fails.
    const [h, p, s] = token.split(".");
    await expect(jwtVerify(`${h}.${p}x.${s}`, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]))).rejects.toThrow();
  });
});
