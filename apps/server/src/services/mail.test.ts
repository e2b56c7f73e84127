import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "@routepilot/db";
import { createTestDatabase } from "@routepilot/db/testing";
import { createLogger } from "../lib/logger";
import { FieldEncryption, loadKeyring, openField } from "../security/field-encryption";
import { actionEmail, createMailer, sealedOutboxTo, type SealedMail } from "./mail";

const encryption = new FieldEncryption(loadKeyring({ masterKey: randomBytes(32).toString("hex"), dataDir: mkdtempSync(path.join(tmpdir(), "rp-mail-")) }));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const reset = actionEmail({
  to: "ana@example.com",
  kind: "reset-password",
  subject: "Reset your RoutePilot password",
  greeting: "Hello Ana,",
  body: "Reset it.",
  action: "Choose a new password",
  link: "http://localhost:3000/api/auth/reset-password/SECRET-RESET-TOKEN",
  footer: "Ignore otherwise.",
});

async function sendWithoutSmtp(logLinks: boolean, message = reset): Promise<string> {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const mailer = createMailer({ db: database.db, logger: createLogger("info", sink), encryption, from: "RoutePilot <no-reply@routepilot.local>", logLinks });
  await mailer.send(message);
  mailer.close();
  return lines.join("\n");
}

describe("mailer without SMTP", () => {
  it("prints the action link in development, so a fresh clone can reset a password", async () => {
    expect(await sendWithoutSmtp(true)).toContain("SECRET-RESET-TOKEN");
  });

  it("never prints it in production (logs are read by others than the addressee); the outbox keeps the message", async () => {
    const log = await sendWithoutSmtp(false);
    expect(log).toContain("e-mail stored in outbox");
    expect(log).not.toContain("SECRET-RESET-TOKEN");
    const rows = await database.db.select().from(outbox);
    expect(rows.filter((r) => r.to === "ana@example.com")).toHaveLength(2);
  });
});

describe("customer e-mails in the outbox (decision 011)", () => {
  it("are sealed: the row holds the address's keyed hash and the sealed parts, and the log names neither", async () => {
    const customer = { to: "Lena.Customer@example.org", kind: "customer-message" as const, subject: "Your delivery from Fleet & Co is on its way", text: "Hello Lena Customer, 12 Rue Basse", html: "<p>Hello Lena Customer</p>" };
    const log = await sendWithoutSmtp(true, customer);
    expect(log).toContain("customer e-mail stored in outbox, sealed");
    expect(log).not.toMatch(/lena/i);
    const rows = (await database.db.select().from(outbox)).filter((r) => r.kind === "customer-message");
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toMatch(/lena|rue basse|fleet/i);
    expect(row.to).toBe(sealedOutboxTo(encryption, "lena.customer@example.org"));
    expect(JSON.parse(openField(encryption, row.sealed, createLogger("silent"))!) as SealedMail).toEqual({ to: customer.to, subject: customer.subject, text: customer.text, html: customer.html });
  });
});
