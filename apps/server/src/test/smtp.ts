import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives (tests only). */
export async function startTestSmtp() {
  const inbox: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = chunks.map((c) => c.toString("utf8")).join("");
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          body: decodeQuotedPrintable(raw),
        };
        inbox.push(mail);
        for (const w of [...waiters]) {
          if (mail.to.includes(w.to)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Resolves with the next (or an already received, not yet taken) message to `to` whose subject matches. */
    waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const lower = to.toLowerCase();
      const existing = inbox.find((m) => m.to.includes(lower) && subject.test(m.subject));
      if (existing) {
        inbox.splice(inbox.indexOf(existing), 1);
        return Promise.resolve(existing);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: lower,
          resolve: (m) => {
            if (!subject.test(m.subject)) return;
            clearTimeout(timer);
            inbox.splice(inbox.indexOf(m), 1);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail body. */
export function firstLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+/.exec(mail.body);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}
