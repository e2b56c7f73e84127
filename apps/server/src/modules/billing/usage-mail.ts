import type { MailMessage } from "../../platform/mail/mail";

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

