import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, outbox } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

// The contact e-mails to a sender in their language (decision 028, "E-mails"); the copy to
// SUPPORT_EMAIL (the operator's) stays English, and an administrator's reply is sent as written.

let t: TestApp;
let boss: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: "support@routepilot.test" });
  // The instance's first account is super_admin.
  boss = await t.signUp("boss@example.com", undefined, "Boss Person");
});
afterAll(() => t.close());

const mailTo = (to: string) => t.deps.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
const message = (n: number, extra: Record<string, unknown> = {}) => ({ name: `Sender ${n}`, email: `sender${n}@example.com`, topic: "billing", message: `Message number ${n}: my invoice is wrong.`, ...extra });
const reply = (id: string, text: string) => t.call(`/api/admin/contact-messages/${id}/reply`, { cookie: boss.cookie, body: { text } });

describe("contact e-mails in the sender's language", () => {
  it("signed out: the copy in the request's language, the reply's frame in the copy's language, the reply as written", async () => {
    const res = await t.call("/api/contact", { body: message(1), headers: { "accept-language": "fr-CH,fr;q=0.9,en;q=0.8" } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [copy] = await mailTo("sender1@example.com");
    expect(copy!.subject).toBe("Nous avons bien reçu votre message");
    expect(copy!.text).toMatch(/^Bonjour Sender 1,\n\nNous avons bien reçu votre message : une personne vous répondra par e-mail/);
    expect(copy!.text).toContain("Sujet : Facturation\n> Message number 1: my invoice is wrong.");
    expect(copy!.html).toContain('<html lang="fr">');
    expect(copy!.headers).toMatchObject({ "Content-Language": "fr" });
    const [support] = await mailTo("support@routepilot.test");
    expect(support!.subject).toBe("Contact form: Billing from Sender 1");
    expect(support!.headers).toMatchObject({ "Content-Language": "en-GB" });

    expect((await reply(id, "Thanks, we have fixed your invoice.")).status).toBe(201);
    const [answer] = await mailTo("sender1@example.com");
    expect(answer!.subject).toBe("Re : votre message à RoutePilot");
    const [stored] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    const written = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(stored!.createdAt);
    expect(answer!.text).toBe(`Bonjour Sender 1,\n\nThanks, we have fixed your invoice.\n\nVous avez écrit le ${written} :\n> Message number 1: my invoice is wrong.\n\n— RoutePilot`);
  });

  it("signed in: the sender's language preference, whatever the browser says", async () => {
    const german = await t.signUp("kontakt-de@example.com", undefined, "Karl Kontakt");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: german.cookie, body: { language: "de", timezone: "Europe/Berlin" } })).status).toBe(200);
    const res = await t.call("/api/contact", { cookie: german.cookie, body: message(2, { email: "kontakt-de@example.com", name: "Karl Kontakt" }), headers: { "accept-language": "en-GB" } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [copy] = await mailTo("kontakt-de@example.com");
    expect(copy!.subject).toBe("Wir haben Ihre Nachricht erhalten");
    expect(copy!.text).toContain("Thema: Abrechnung\n> Message number 2");
    expect((await reply(id, "Danke, erledigt.")).status).toBe(201);
    const [answer] = await mailTo("kontakt-de@example.com");
    expect(answer!.subject).toBe("Re: Ihre Nachricht an RoutePilot");
    expect(answer!.text).toMatch(/^Hallo Karl Kontakt,\n\nDanke, erledigt\.\n\nSie schrieben am \d+\. \S+ \d{4}:\n> Message number 2/);
  });

  it("without a language anywhere: English, as before", async () => {
    const res = await t.call("/api/contact", { body: message(3) });
    const { id } = (await res.json()) as { id: string };
    expect((await mailTo("sender3@example.com"))[0]!.subject).toBe("We received your message");
    expect((await reply(id, "Fixed.")).status).toBe(201);
    expect((await mailTo("sender3@example.com"))[0]!.subject).toBe("Re: your message to RoutePilot");
  });
});
