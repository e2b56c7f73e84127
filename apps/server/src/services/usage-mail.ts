import type { MailMessage } from "./mail";

/** A usage notice (80 % or 100 %) as the e-mail sent when the user's notifications preference is on. */
export function usageWarningEmail(opts: { to: string; subject: string; message: string; baseUrl: string }): MailMessage {
  const link = `${opts.baseUrl}/subscription`;
  return {
    to: opts.to,
    kind: "usage-warning",
    subject: opts.subject,
    text: `Hello,\n\n${opts.message}\n\nSee your plan: ${link}\n\nYou get this e-mail because notifications are on in your settings: ${opts.baseUrl}/settings\n\n— RoutePilot`,
    link,
  };
}

/**
 * A date as the user reads it: their language and time zone (preferences), through Intl. A
 * language or zone Intl does not know falls back to the runtime's default rather than failing.
 */
export function formatUserDate(date: Date, prefs: { language: string; timezone: string }): string {
  try {
    return new Intl.DateTimeFormat(prefs.language, { dateStyle: "long", timeZone: prefs.timezone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}
