import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outbox } from "@routepilot/db";
import { createTestDatabase } from "@routepilot/db/testing";
import { createLogger } from "../../lib/logger";
import { KeyringEncryption, loadKeyring, openField } from "../../modules/security/field-encryption";
import { startTestSmtp } from "../../test/smtp";
import { actionEmail, createMailer, MAIL_RETRY, sealedOutboxTo, type SealedMail } from "./mail";

const encryption = new KeyringEncryption(loadKeyring({ masterKey: randomBytes(32).toString("hex"), dataDir: mkdtempSync(path.join(tmpdir(), "rp-mail-")) }));

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

/** A port nothing listens on (a refused connection: the SMTP server is down). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("failed deliveries (the mail-retry task)", () => {
  it("are tried again once their wait is over, with their headers, sealed customer e-mails too; never after the last try", async () => {
    const smtp = await startTestSmtp();
    const from = "RoutePilot <no-reply@routepilot.local>";
    const logger = createLogger("silent");
    const down = createMailer({ db: database.db, logger, encryption, smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from, logLinks: false });
    const up = createMailer({ db: database.db, logger, encryption, smtpUrl: smtp.url, from, logLinks: false });
    try {
      await down.send({ to: "retry@example.com", kind: "usage-warning", subject: "Usage at 80 %", text: "80 % used", headers: { "X-RoutePilot-Test": "kept" } });
      await down.send({ to: "Cara.Customer@example.org", kind: "customer-message", subject: "On its way", text: "Hello Cara", headers: { "List-Unsubscribe": "<http://localhost:3000/unsubscribe/t>" } });
      const failed = await database.db.select().from(outbox).where(eq(outbox.status, "failed"));
      expect(failed.map((r) => r.attempts)).toEqual([1, 1]);
      // The first wait (2 minutes) is not over: nothing is tried.
      expect(await up.retryFailed()).toBe(0);
      await database.db.update(outbox).set({ lastAttemptAt: new Date(Date.now() - 3 * 60_000) }).where(eq(outbox.status, "failed"));
      expect(await up.retryFailed()).toBe(2);
      expect((await smtp.waitFor("retry@example.com", /Usage at 80/)).body).toMatch(/^X-RoutePilot-Test: kept/im);
      const customer = await smtp.waitFor("cara.customer@example.org", /On its way/);
      expect(customer.body).toContain("List-Unsubscribe: <http://localhost:3000/unsubscribe/t>");
      expect(customer.body).toContain("Hello Cara");
      expect((await database.db.select().from(outbox).where(eq(outbox.status, "failed"))).length).toBe(0);

      // A message that failed every try is left alone; so is one older than a day.
      await down.send({ to: "never@example.com", kind: "usage-warning", subject: "Never", text: "x" });
      await down.send({ to: "old@example.com", kind: "usage-warning", subject: "Old", text: "x" });
      const longAgo = new Date(Date.now() - 25 * 60 * 60_000);
      await database.db.update(outbox).set({ attempts: MAIL_RETRY.attempts, lastAttemptAt: longAgo }).where(eq(outbox.to, "never@example.com"));
      await database.db.update(outbox).set({ createdAt: longAgo, lastAttemptAt: longAgo }).where(eq(outbox.to, "old@example.com"));
      expect(await up.retryFailed()).toBe(0);
    } finally {
      down.close();
      up.close();
      await smtp.close();
    }
  });
});
