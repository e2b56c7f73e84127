import type { Formatter } from "@routepilot/contracts";
import { noticeEmail, type MailMessage } from "../../platform/mail/mail";
import { mailFormatter, mailTranslator, type MailLanguage } from "../../platform/mail/i18n";

/**
 * Which usage notice an e-mail tells: 80 % of the quota (`near`), or 100 % — with no payment method
 * (`limit`), with one on file (`limitWithCard`), or a team member's allocation (`limitTeam`).
 */
export type UsageMailVariant = "near" | "limit" | "limitWithCard" | "limitTeam";

/**
 * A usage notice (80 % or 100 %) as the e-mail sent when the user's notifications preference is
 * on, in the user's language (decision 028, "E-mails"): counts, the price and the reset date are
 * formatted for that language (Intl) in the user's time zone. The bell's notice is the contracts'
 * `usageNotices` (English, translated by the web app).
 */
export function usageWarningEmail(opts: {
  to: string;
  variant: UsageMailVariant;
  used: number;
  total: number;
  /** Pence per route above the limit (limitWithCard). */
  pricePence: number;
  resetsAt: Date;
  baseUrl: string;
  language: MailLanguage;
  /** The user's formats (time zone, unit); the language is `language`. */
  format: Pick<Formatter, "timeZone" | "unit">;
}): MailMessage {
  const t = mailTranslator(opts.language);
  const format = mailFormatter(opts.language, opts.format);
  const link = `${opts.baseUrl}/subscription`;
  const values = { used: format.number(opts.used), total: format.number(opts.total), count: opts.total, date: format.date(opts.resetsAt, "long"), price: format.money(opts.pricePence) };
  const subject = opts.variant === "near" ? t("usage.nearLimitSubject", values) : t("usage.limitSubject");
  const message = t(opts.variant === "near" ? "usage.nearLimit" : `usage.${opts.variant}`, values);
  const mail = noticeEmail({
    to: opts.to,
    kind: "usage-warning",
    subject,
    greeting: t("frame.greetingAnonymous"),
    paragraphs: [message, t("usage.seePlan", { url: link }), t("usage.why", { url: `${opts.baseUrl}/settings` })],
    language: opts.language,
    link,
  });
  return mail;
}
