import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "@routepilot/db";
import { createTestDatabase } from "@routepilot/db/testing";
import { createLogger } from "../lib/logger";
import { actionEmail, createMailer } from "./mail";

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

async function sendWithoutSmtp(logLinks: boolean): Promise<string> {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const mailer = createMailer({ db: database.db, logger: createLogger("info", sink), from: "RoutePilot <no-reply@routepilot.local>", logLinks });
  await mailer.send(reset);
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
