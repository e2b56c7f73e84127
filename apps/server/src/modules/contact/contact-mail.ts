// The contact inbox's e-mails (decision 024): the sender's copy, the copy to SUPPORT_EMAIL and an
// administrator's reply. Built here, sent through the one mailer (platform/mail/mail.ts), which keeps
// every message in the outbox and retries failed SMTP deliveries.
import { escapeMarkup, type Formatter } from "@routepilot/contracts";
import type { MailMessage } from "../../platform/mail/mail";
import { mailFormatter, mailLang, mailTranslator, type MailKey, type MailLanguage } from "../../platform/mail/i18n";

/**
 * The outbox header that ties a reply's e-mail to its contact_replies row (also sent: a mail
 * client ignores it). The row's outbox_id is read back by it, since the mailer answers nothing.
 */
export const CONTACT_REPLY_HEADER = "X-RoutePilot-Contact-Reply";

/**
 * The header that ties the sender's copy to its contact_messages row: the reply to a sender who
 * wrote signed out is written in the copy's language (its Content-Language), the only record of it.
 */
export const CONTACT_MESSAGE_HEADER = "X-RoutePilot-Contact-Message";

const topicKeys: Record<string, MailKey> = {
  general: "contact.topics.general",
  sales: "contact.topics.sales",
  support: "contact.topics.support",
  billing: "contact.topics.billing",
  press: "contact.topics.press",
};

/** A topic's name in a language; an unknown topic as it was sent. */
const topicName = (topic: string, language: MailLanguage) => {
  const key = topicKeys[topic];
  return key ? mailTranslator(language)(key) : topic;
};

/** A name or topic on one line: a subject never carries a line break (header injection). */
const oneLine = (text: string, max = 80) => text.replace(/\s+/g, " ").trim().slice(0, max);

/** A plain e-mail in `language`: paragraphs as text, and the same escaped into HTML (line breaks kept). */
function plainEmail(opts: { to: string; subject: string; paragraphs: string[]; headers?: Record<string, string>; language: MailLanguage }): MailMessage {
  const lang = mailLang(opts.language);
  const text = `${opts.paragraphs.join("\n\n")}\n\n— RoutePilot`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${opts.paragraphs.map((p) => `<p>${escapeMarkup(p).replaceAll("\n", "<br>")}</p>`).join("\n")}<p>— RoutePilot</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, kind: "contact-copy", headers: { "Content-Language": lang, ...opts.headers } };
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

/** The sender's copy of what they sent through the contact form, in their language (`messageId`: the stored message). */
export function contactCopyEmail(m: ContactMailMessage & { messageId: string; language: MailLanguage }): MailMessage {
  const t = mailTranslator(m.language);
  return plainEmail({
    to: m.email,
    subject: t("contact.copySubject"),
    paragraphs: [
      t("frame.greeting", { name: oneLine(m.name) }),
      t("contact.copyIntro"),
      `${t("contact.topic", { topic: topicName(m.topic, m.language) })}\n${quoted(m.message)}`,
      t("contact.copyFooter"),
    ],
    headers: { [CONTACT_MESSAGE_HEADER]: m.messageId },
    language: m.language,
  });
}

/** The copy to the support address (SUPPORT_EMAIL), in English (the operator's, not a user's): answering it answers the sender (Reply-To). */
export function contactSupportEmail(m: ContactMailMessage & { to: string; inboxUrl: string; signedInUserId: string | null }): MailMessage {
  const topic = topicName(m.topic, "en");
  return plainEmail({
    to: m.to,
    subject: `Contact form: ${topic} from ${oneLine(m.name)}`,
    paragraphs: [
      `${oneLine(m.name, 100)} <${m.email}> wrote through the contact form${m.signedInUserId ? " (signed in)" : ""}:`,
      `Topic: ${topic}\n${quoted(m.message)}`,
      `Reply from the admin console's inbox (${m.inboxUrl}) to keep the thread there, or answer this e-mail to write to the sender directly.`,
    ],
    headers: { "Reply-To": m.email },
    language: "en",
  });
}

/**
 * An administrator's reply to a contact message, quoting it. The reply is sent as written; the
 * frame (subject, greeting, "You wrote on …") is in `language`, the date in the sender's time zone (`format`).
 */
export function contactReplyEmail(opts: { replyId: string; reply: string; original: ContactMailMessage & { createdAt: Date }; format: Pick<Formatter, "timeZone" | "unit">; language: MailLanguage }): MailMessage {
  const { original } = opts;
  const t = mailTranslator(opts.language);
  const format = mailFormatter(opts.language, opts.format);
  return plainEmail({
    to: original.email,
    subject: t("contact.replySubject"),
    paragraphs: [t("frame.greeting", { name: oneLine(original.name) }), opts.reply, `${t("contact.youWrote", { date: format.date(original.createdAt, "long") })}\n${quoted(original.message)}`],
    headers: { [CONTACT_REPLY_HEADER]: opts.replyId },
    language: opts.language,
  });
}
