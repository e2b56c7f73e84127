// The contact inbox's e-mails (decision 024): the sender's copy, the copy to SUPPORT_EMAIL and an
// administrator's reply. Built here, sent through the one mailer (platform/mail/mail.ts), which keeps
// every message in the outbox and retries failed SMTP deliveries.
import { escapeMarkup, type Formatter } from "@routepilot/contracts";
import type { MailMessage } from "../../platform/mail/mail";

/**
 * The outbox header that ties a reply's e-mail to its contact_replies row (also sent: a mail
 * client ignores it). The row's outbox_id is read back by it, since the mailer answers nothing.
 */
export const CONTACT_REPLY_HEADER = "X-RoutePilot-Contact-Reply";

const topicNames: Record<string, string> = {
  general: "General question",
  sales: "Sales and plans",
  support: "Technical support",
  billing: "Billing",
  press: "Press",
};

/** A name or topic on one line: a subject never carries a line break (header injection). */
const oneLine = (text: string, max = 80) => text.replace(/\s+/g, " ").trim().slice(0, max);

/** A plain e-mail: paragraphs as text, and the same escaped into HTML (line breaks kept). */
function plainEmail(opts: { to: string; subject: string; paragraphs: string[]; headers?: Record<string, string> }): MailMessage {
  const text = `${opts.paragraphs.join("\n\n")}\n\n— RoutePilot`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${opts.paragraphs.map((p) => `<p>${escapeMarkup(p).replaceAll("\n", "<br>")}</p>`).join("\n")}<p>— RoutePilot</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, kind: "contact-copy", ...(opts.headers ? { headers: opts.headers } : {}) };
}

/** The message as quoted in a copy or a reply: "> " before each line. */
const quoted = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

export interface ContactMailMessage {
  name: string;
  email: string;
  topic: string;
  message: string;
}

/** The sender's copy of what they sent through the contact form. */
export function contactCopyEmail(m: ContactMailMessage): MailMessage {
  return plainEmail({
    to: m.email,
    subject: "We received your message",
    paragraphs: [
      `Hello ${oneLine(m.name)},`,
      "We received your message and a person will answer it by e-mail, usually within one working day. This is your copy:",
      `Topic: ${topicNames[m.topic] ?? m.topic}\n${quoted(m.message)}`,
      "If you did not write to RoutePilot, someone typed your address into our contact form: you can ignore this e-mail.",
    ],
  });
}

/** The copy to the support address (SUPPORT_EMAIL): answering it answers the sender (Reply-To). */
export function contactSupportEmail(m: ContactMailMessage & { to: string; inboxUrl: string; signedInUserId: string | null }): MailMessage {
  return plainEmail({
    to: m.to,
    subject: `Contact form: ${topicNames[m.topic] ?? m.topic} from ${oneLine(m.name)}`,
    paragraphs: [
      `${oneLine(m.name, 100)} <${m.email}> wrote through the contact form${m.signedInUserId ? " (signed in)" : ""}:`,
      `Topic: ${topicNames[m.topic] ?? m.topic}\n${quoted(m.message)}`,
      `Reply from the admin console's inbox (${m.inboxUrl}) to keep the thread there, or answer this e-mail to write to the sender directly.`,
    ],
    headers: { "Reply-To": m.email },
  });
}

/** An administrator's reply to a contact message, quoting it; the date it was written in `format` (the sender's). */
export function contactReplyEmail(opts: { replyId: string; reply: string; original: ContactMailMessage & { createdAt: Date }; format: Formatter }): MailMessage {
  const { original } = opts;
  return plainEmail({
    to: original.email,
    subject: "Re: your message to RoutePilot",
    paragraphs: [
      `Hello ${oneLine(original.name)},`,
      opts.reply,
      `You wrote on ${opts.format.date(original.createdAt, "long")}:\n${quoted(original.message)}`,
    ],
    headers: { [CONTACT_REPLY_HEADER]: opts.replyId },
  });
}
