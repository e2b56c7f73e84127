import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { escapeMarkup } from "@routepilot/contracts";
import { outbox, type Database } from "@routepilot/db";
import type { Logger } from "../../lib/logger";
import { openField, sealField, type FieldEncryption } from "../../modules/security/field-encryption";
import type { Mailer, MailKind, MailMessage } from "../../lib/ports";
import { defaultMailLanguage, mailLang, mailTranslator, type MailLanguage, type MailTranslate } from "./i18n";
export type { Mailer, MailKind, MailMessage } from "../../lib/ports";

/**
 * Kinds whose outbox row is sealed (decision 011): a customer's address, and a body that names them.
 * Account mail (verification, invitations, …) goes to users, whose addresses the user table holds.
 */
const SEALED_KINDS: ReadonlySet<MailKind> = new Set(["customer-message"]);

/** The outbox `to` of a sealed message: its address's keyed hash, so the rows of one address can be found without storing it. */
export function sealedOutboxTo(encryption: FieldEncryption, email: string): string {
  return `sealed:${encryption.emailHash(email)}`;
}

/** A sealed message's parts, as sealed into outbox.sealed. */
export interface SealedMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers?: Record<string, string>;
}

/** The outbox row of a message: plain, or for a sealed kind the hash, empty subject and text, and the sealed parts. */
export function outboxValues(encryption: FieldEncryption, message: Pick<MailMessage, "to" | "subject" | "text" | "kind" | "headers"> & { html?: string | null | undefined }) {
  const headers = message.headers && Object.keys(message.headers).length > 0 ? message.headers : null;
  if (!SEALED_KINDS.has(message.kind)) return { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, kind: message.kind, sealed: null, headers };
  const parts: SealedMail = { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, ...(headers ? { headers } : {}) };
  return { to: sealedOutboxTo(encryption, message.to), subject: "", text: "", html: null, kind: message.kind, sealed: sealField(encryption, JSON.stringify(parts)), headers: null };
}

/** Deliveries a failed message gets in all (the first included), and how long they are tried. */
export const MAIL_RETRY = { attempts: 5, withinHours: 24, batch: 50 } as const;

/**
 * Outbox-backed mailer: SMTP via nodemailer when smtpUrl is set, otherwise outbox + a log line.
 * The log line carries the action link (verification, reset) only when `logLinks` is on —
 * never in production, where logs are shipped and read by others than the addressee.
 */
export function createMailer(opts: { db: Database; logger: Logger; encryption: FieldEncryption; smtpUrl?: string | undefined; from: string; logLinks: boolean }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  /** One more failed delivery (or, with `attempts`, no more tries). */
  const markFailed = (id: string, error: unknown, attempts?: number) =>
    opts.db
      .update(outbox)
      .set({ status: "failed", error: error instanceof Error ? error.message : String(error), attempts: attempts ?? sql`${outbox.attempts} + 1`, lastAttemptAt: new Date() })
      .where(eq(outbox.id, id))
      .then(() => undefined)
      .catch(() => undefined);
  return {
    async send(message) {
      let id: string | undefined;
      try {
        const [row] = await opts.db.insert(outbox).values(outboxValues(opts.encryption, message)).returning({ id: outbox.id });
        id = row?.id;
        if (!transport) {
          if (SEALED_KINDS.has(message.kind)) {
            opts.logger.info({ mail: { kind: message.kind, outboxId: id } }, "customer e-mail stored in outbox, sealed (no SMTP_URL)");
            return;
          }
          const link = opts.logLinks ? message.link : undefined;
          opts.logger.info(
            { mail: { to: message.to, subject: message.subject, kind: message.kind }, ...(link ? { link } : {}) },
            `e-mail stored in outbox (no SMTP_URL): ${message.subject} → ${message.to}${link ? ` ${link}` : ""}`,
          );
          return;
        }
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
        if (id) await opts.db.update(outbox).set({ status: "sent", sentAt: new Date(), lastAttemptAt: new Date() }).where(eq(outbox.id, id));
      } catch (error) {
        opts.logger.error({ err: error, ...(SEALED_KINDS.has(message.kind) ? { outboxId: id } : { to: message.to }), kind: message.kind }, "e-mail delivery failed (retried later)");
        if (id) await markFailed(id, error);
      }
    },
    async retryFailed() {
      if (!transport) return 0;
      let delivered = 0;
      try {
        // Claimed by stamping the attempt: a run that overlaps (another process, the next period) skips them.
        const due = await opts.db
          .update(outbox)
          .set({ lastAttemptAt: new Date() })
          .where(
            inArray(
              outbox.id,
              opts.db
                .select({ id: outbox.id })
                .from(outbox)
                .where(
                  and(
                    eq(outbox.status, "failed"),
                    lt(outbox.attempts, MAIL_RETRY.attempts),
                    gt(outbox.createdAt, sql`now() - make_interval(hours => ${MAIL_RETRY.withinHours})`),
                    sql`coalesce(${outbox.lastAttemptAt}, ${outbox.createdAt}) < now() - make_interval(mins => power(2, ${outbox.attempts})::int)`,
                  ),
                )
                .orderBy(outbox.createdAt)
                .limit(MAIL_RETRY.batch)
                .for("update", { skipLocked: true }),
            ),
          )
          .returning();
        for (const row of due) {
          const parts: SealedMail | null = row.sealed
            ? (JSON.parse(openField(opts.encryption, row.sealed, opts.logger, "outbox.sealed") ?? "null") as SealedMail | null)
            : { to: row.to, subject: row.subject, text: row.text, html: row.html, ...(row.headers ? { headers: row.headers } : {}) };
          if (!parts || typeof parts !== "object") {
            await markFailed(row.id, new Error("the sealed message cannot be opened"), MAIL_RETRY.attempts);
            continue;
          }
          try {
            await transport.sendMail({ from: opts.from, to: parts.to, subject: parts.subject, text: parts.text, html: parts.html ?? undefined, headers: parts.headers });
            await opts.db.update(outbox).set({ status: "sent", sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
            delivered++;
          } catch (error) {
            opts.logger.warn({ err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts + 1 }, "e-mail delivery failed again");
            await markFailed(row.id, error);
          }
        }
      } catch (error) {
        opts.logger.error({ err: error }, "e-mail retry failed");
      }
      return delivered;
    },
    close() {
      transport?.close();
    },
  };
}

/** What every user e-mail carries of its language: `<html lang>` and the Content-Language header. */
function languageParts(language: MailLanguage) {
  const lang = mailLang(language);
  return { htmlOpen: `<!doctype html><html lang="${lang}">`, headers: { "Content-Language": lang } };
}

/**
 * A plain, accessible action e-mail (text + HTML) with one button. The texts come translated; the
 * button's fallback line is written in `language` (English when not given).
 */
export function actionEmail(opts: { to: string; kind: MailKind; subject: string; greeting: string; body: string; action: string; link: string; footer: string; language?: MailLanguage }): MailMessage {
  const language = opts.language ?? defaultMailLanguage;
  const { htmlOpen, headers } = languageParts(language);
  const t = mailTranslator(language);
  const text = `${opts.greeting}\n\n${opts.body}\n\n${opts.action}: ${opts.link}\n\n${opts.footer}\n\n— RoutePilot`;
  const html = `${htmlOpen}<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeMarkup(opts.greeting)}</p><p>${escapeMarkup(opts.body)}</p>
<p><a href="${escapeMarkup(opts.link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeMarkup(opts.action)}</a></p>
<p style="font-size:13px;color:#475569">${escapeMarkup(t("frame.buttonFallback"))}<br>${escapeMarkup(opts.link)}</p>
<p style="font-size:13px;color:#475569">${escapeMarkup(opts.footer)}</p><p>— RoutePilot</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, kind: opts.kind, link: opts.link, headers };
}

/** A plain notice e-mail (text + HTML) with no action link, in `language`. */
export function noticeEmail(opts: { to: string; kind: MailKind; subject: string; greeting: string; paragraphs: string[]; language: MailLanguage; link?: string; headers?: Record<string, string> }): MailMessage {
  const { htmlOpen, headers } = languageParts(opts.language);
  const text = `${opts.greeting}\n\n${opts.paragraphs.join("\n\n")}\n\n— RoutePilot`;
  const html = `${htmlOpen}<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeMarkup(opts.greeting)}</p>${opts.paragraphs.map((p) => `<p>${escapeMarkup(p).replaceAll("\n", "<br>")}</p>`).join("")}<p>— RoutePilot</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html, kind: opts.kind, ...(opts.link ? { link: opts.link } : {}), headers: { ...headers, ...opts.headers } };
}

/** "Hello Ana," — the name, or the address when the account has none. */
function greeting(t: MailTranslate, name: string, to: string): string {
  return t("frame.greeting", { name: name || to });
}

/** The verification e-mail sent at sign-up (and when asked again): confirms the address is the user's. */
export function verifyEmailEmail(opts: { to: string; name: string; link: string; language: MailLanguage }): MailMessage {
  const t = mailTranslator(opts.language);
  return actionEmail({
    to: opts.to,
    kind: "verify-email",
    subject: t("verifyEmail.subject"),
    greeting: t("verifyEmail.greeting", { name: opts.name || opts.to }),
    body: t("verifyEmail.body"),
    action: t("verifyEmail.action"),
    link: opts.link,
    footer: t("verifyEmail.footer"),
    language: opts.language,
  });
}

/** The password-reset e-mail: one link, valid one hour. */
export function resetPasswordEmail(opts: { to: string; name: string; link: string; language: MailLanguage }): MailMessage {
  const t = mailTranslator(opts.language);
  return actionEmail({
    to: opts.to,
    kind: "reset-password",
    subject: t("resetPassword.subject"),
    greeting: greeting(t, opts.name, opts.to),
    body: t("resetPassword.body"),
    action: t("resetPassword.action"),
    link: opts.link,
    footer: t("resetPassword.footer"),
    language: opts.language,
  });
}

/** The magic-link sign-in e-mail: one link, valid `minutes`, usable once. */
export function magicLinkEmail(opts: { to: string; name: string; link: string; minutes: number; language?: MailLanguage }): MailMessage {
  const language = opts.language ?? defaultMailLanguage;
  const t = mailTranslator(language);
  return actionEmail({
    to: opts.to,
    kind: "magic-link",
    subject: t("magicLink.subject"),
    greeting: greeting(t, opts.name, opts.to),
    body: t("magicLink.body", { count: opts.minutes }),
    action: t("magicLink.action"),
    link: opts.link,
    footer: t("magicLink.footer"),
    language,
  });
}

/** The e-mail one-time sign-in code: `code` is typed on the sign-in page within `minutes`. */
export function signInCodeEmail(opts: { to: string; name: string; code: string; minutes: number; language?: MailLanguage }): MailMessage {
  const language = opts.language ?? defaultMailLanguage;
  const t = mailTranslator(language);
  return noticeEmail({
    to: opts.to,
    kind: "sign-in-code",
    subject: t("signInCode.subject", { code: opts.code }),
    greeting: greeting(t, opts.name, opts.to),
    paragraphs: [t("signInCode.body", { code: opts.code, count: opts.minutes }), t("signInCode.footer")],
    language,
  });
}

/**
 * Sent instead of a link or code when the account cannot sign in without its password: two-factor
 * authentication is on. The request's answer is the same either way (nobody learns it by asking).
 */
export function passwordlessRefusedEmail(opts: { to: string; name: string; signInUrl: string; language?: MailLanguage }): MailMessage {
  const language = opts.language ?? defaultMailLanguage;
  const t = mailTranslator(language);
  return noticeEmail({
    to: opts.to,
    kind: "sign-in-refused",
    subject: t("passwordlessRefused.subject"),
    greeting: greeting(t, opts.name, opts.to),
    paragraphs: [t("passwordlessRefused.body"), t("passwordlessRefused.signIn", { url: opts.signInUrl })],
    language,
  });
}

/** The confirmation sent to the NEW address of an e-mail change: nothing changes until the link is used. */
export function changeEmailConfirmationEmail(opts: { to: string; name: string; oldEmail: string; link: string; hours: number; language?: MailLanguage }): MailMessage {
  const language = opts.language ?? defaultMailLanguage;
  const t = mailTranslator(language);
  return actionEmail({
    to: opts.to,
    kind: "change-email",
    subject: t("changeEmail.subject"),
    greeting: greeting(t, opts.name, opts.to),
    body: t("changeEmail.body", { oldEmail: opts.oldEmail, count: opts.hours }),
    action: t("changeEmail.action"),
    link: opts.link,
    footer: t("changeEmail.footer"),
    language,
  });
}

/** The notice sent to the OLD address when an e-mail change is requested. */
export function emailChangeNoticeEmail(opts: { to: string; name: string; newEmail: string; securityUrl: string; language?: MailLanguage }): MailMessage {
  const language = opts.language ?? defaultMailLanguage;
  const t = mailTranslator(language);
  return noticeEmail({
    to: opts.to,
    kind: "email-change-notice",
    subject: t("emailChangeNotice.subject"),
    greeting: greeting(t, opts.name, opts.to),
    paragraphs: [t("emailChangeNotice.body", { newEmail: opts.newEmail }), t("emailChangeNotice.notYou", { url: opts.securityUrl })],
    language,
  });
}
