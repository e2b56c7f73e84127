import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "@routepilot/db";
import { createTestApp, PASSWORD, cookieFrom, type TestApp } from "../../../test/harness";

// The account e-mails in the recipient's language (decision 028, "E-mails"): the user's
// preferences.language, else the request's Accept-Language, else English.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The latest outbox row of a kind to an address. */
async function lastMail(to: string, kind: string) {
  const [mail] = await t.deps.db.select().from(outbox).where(and(eq(outbox.to, to), eq(outbox.kind, kind))).orderBy(desc(outbox.createdAt)).limit(1);
  if (!mail) throw new Error(`no ${kind} e-mail to ${to}`);
  return mail;
}

/** An account whose language preference is `language`. */
async function userIn(email: string, language: string, name = "Dana Dienst") {
  const account = await t.signUp(email, PASSWORD, name);
  expect((await t.call("/api/preferences", { method: "PATCH", cookie: account.cookie, body: { language } })).status).toBe(200);
  return account;
}

describe("sign-up verification (no preference yet): the request's language", () => {
  it("a sign-up sent with Accept-Language: fr-CH,fr;q=0.9 gets a French verification e-mail", async () => {
    const res = await t.call("/api/auth/sign-up/email", { body: { email: "francoise@example.com", password: PASSWORD, name: "Françoise" }, headers: { "accept-language": "fr-CH,fr;q=0.9" } });
    expect(res.status).toBe(200);
    const mail = await lastMail("francoise@example.com", "verify-email");
    expect(mail.subject).toBe("Confirmez votre adresse e-mail RoutePilot");
    expect(mail.text).toContain("Bienvenue sur RoutePilot, Françoise !");
    expect(mail.text).toContain("Confirmer l’adresse e-mail: http://localhost:3000/api/auth/verify-email?token=");
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.headers).toMatchObject({ "Content-Language": "fr" });
  });

  it("a language the e-mails are not written in, or none, gives English", async () => {
    await t.call("/api/auth/sign-up/email", { body: { email: "joao@example.com", password: PASSWORD, name: "João" }, headers: { "accept-language": "pt-BR,pt;q=0.9" } });
    expect((await lastMail("joao@example.com", "verify-email")).subject).toBe("Verify your RoutePilot e-mail address");
    await t.signUp("plain-english@example.com");
    const mail = await lastMail("plain-english@example.com", "verify-email");
    expect(mail.subject).toBe("Verify your RoutePilot e-mail address");
    expect(mail.headers).toMatchObject({ "Content-Language": "en-GB" });
  });
});

describe("e-mails to a user with a language preference", () => {
  it("a German user asking for a password reset gets it in German, whatever the browser says", async () => {
    await userIn("dana@example.com", "de");
    const res = await t.call("/api/auth/request-password-reset", { body: { email: "dana@example.com", redirectTo: "/reset-password" }, headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect(res.status).toBe(200);
    const mail = await lastMail("dana@example.com", "reset-password");
    expect(mail.subject).toBe("Setzen Sie Ihr RoutePilot-Passwort zurück");
    expect(mail.text).toMatch(/^Hallo Dana Dienst,\n\nWir haben eine Anfrage erhalten, das Passwort Ihres RoutePilot-Kontos zurückzusetzen\. Der Link ist eine Stunde lang gültig\.\n\nNeues Passwort wählen: http/);
    expect(mail.html).toContain("Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:");
    expect(mail.html).toContain('<html lang="de">');
  });

  it("a verification asked again by a French user is French", async () => {
    const { cookie } = await userIn("fabien@example.com", "fr", "Fabien");
    expect((await t.call("/api/auth/send-verification-email", { cookie, body: { email: "fabien@example.com" } })).status).toBe(200);
    expect((await lastMail("fabien@example.com", "verify-email")).subject).toBe("Confirmez votre adresse e-mail RoutePilot");
  });

  it("the magic link and the sign-in code of a German user are German; a French user's code is French", async () => {
    await userIn("magda@example.com", "de", "Magda");
    expect((await t.call("/api/auth/sign-in/magic-link", { body: { email: "magda@example.com", callbackURL: "/dashboard" } })).status).toBe(200);
    const link = await lastMail("magda@example.com", "magic-link");
    expect(link.subject).toBe("Ihr Anmeldelink für RoutePilot");
    expect(link.text).toMatch(/Melden Sie sich mit diesem Link bei RoutePilot an\. Er funktioniert einmal und läuft in \d+ Minuten ab\./);
    expect((await t.call("/api/auth/email-otp/send-verification-otp", { body: { email: "magda@example.com", type: "sign-in" } })).status).toBe(200);
    expect((await lastMail("magda@example.com", "sign-in-code")).subject).toMatch(/^Ihr Anmeldecode für RoutePilot: \d{6}$/);

    await userIn("odile@example.com", "fr", "Odile");
    expect((await t.call("/api/auth/email-otp/send-verification-otp", { body: { email: "odile@example.com", type: "sign-in" } })).status).toBe(200);
    const code = await lastMail("odile@example.com", "sign-in-code");
    expect(code.subject).toMatch(/^Votre code de connexion RoutePilot : \d{6}$/);
    expect(code.text).toMatch(/^Bonjour Odile,\n\nVotre code de connexion est \d{6}\. Saisissez-le sur la page de connexion dans un délai de \d+ minutes ; il fonctionne une seule fois\./);
  });

  it("a German user's e-mail change: the notice to the old address and the confirmation to the new one are German", async () => {
    await userIn("umzug@example.com", "de", "Uwe");
    const cookie = cookieFrom(await t.signIn("umzug@example.com"));
    expect((await t.call("/api/auth/change-email", { cookie, body: { newEmail: "umzug-neu@example.com", callbackURL: "/profile" } })).status).toBe(200);
    const notice = await lastMail("umzug@example.com", "email-change-notice");
    expect(notice.subject).toBe("Die E-Mail-Adresse Ihres RoutePilot-Kontos wird geändert");
    expect(notice.text).toContain("auf umzug-neu@example.com ändern");
    const confirm = await lastMail("umzug-neu@example.com", "change-email");
    expect(confirm.subject).toBe("Bestätigen Sie Ihre neue E-Mail-Adresse für RoutePilot");
    expect(confirm.text).toContain("von umzug@example.com auf diese Adresse ändern");
  });
});
