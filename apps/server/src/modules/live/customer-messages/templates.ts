import { escapeMarkup, type CustomerMessageKind, type CustomerMessageSettings } from "@routepilot/contracts";

type Templates = CustomerMessageSettings["templates"];

/** The e-mails a team sends until its admins change them: plain text, every placeholder optional. */
export const defaultTemplates: Templates = {
  on_its_way: {
    subject: "Your delivery from {team} is on its way",
    body: "Hello {customer},\n\n{team} will deliver {stop} on {date}. We expect to be with you between {window}.\n\nFollow your delivery live: {tracking_link}\n\nThank you,\n{team}",
  },
  next: {
    subject: "You're next: {team} is heading to you",
    body: "Hello {customer},\n\n{driver} has just finished the previous delivery and is on the way to you now. Expected arrival: {window}.\n\nSee where {driver} is: {tracking_link}\n\nSee you soon,\n{team}",
  },
  delivered: {
    subject: "Delivered: {stop}",
    body: "Hello {customer},\n\nYour delivery from {team} ({stop}) was delivered on {date}.\n\nDetails and proof of delivery: {tracking_link}\n\nThank you,\n{team}",
  },
  missed: {
    subject: "We missed you: {stop}",
    body: "Hello {customer},\n\nWe came by with your delivery from {team} ({stop}) on {date} but could not deliver it. Reason: {reason}.\n\nWe will be in touch to arrange another time. Details: {tracking_link}\n\nKind regards,\n{team}",
  },
};

/** Values of the placeholders ({customer}, {team}, …) for one message. */
export type PlaceholderValues = Record<"customer" | "team" | "stop" | "window" | "driver" | "tracking_link" | "reason" | "date", string>;

/** Replaces each known {placeholder}; anything else stays as typed. Plain text in, plain text out. */
export function renderTemplate(text: string, values: PlaceholderValues): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as keyof PlaceholderValues] : whole));
}

/** The team's templates, each kind falling back to the default. */
export function templatesOf(stored: Record<string, { subject: string; body: string }> | undefined): Templates {
  const out = { ...defaultTemplates };
  for (const kind of Object.keys(defaultTemplates) as CustomerMessageKind[]) {
    const t = stored?.[kind];
    if (t && typeof t.subject === "string" && typeof t.body === "string") out[kind] = { subject: t.subject, body: t.body };
  }
  return out;
}

/**
 * The text and HTML of a customer e-mail: the rendered template, then the unsubscribe line. Every
 * piece of the template (team and customer names are data) is escaped in the HTML part; only
 * web links become anchors.
 */
export function customerEmail(opts: { body: string; team: string; unsubscribeUrl: string }): { text: string; html: string } {
  const footer = `You receive this e-mail about a delivery from ${opts.team}. To stop these e-mails: ${opts.unsubscribeUrl}`;
  const text = `${opts.body}\n\n--\n${footer}`;
  // Escaped first: a link can hold neither "<" nor a raw quote, so it is safe inside href.
  const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const paragraphs = opts.body
    .split(/\n{2,}/)
    .map((p) => `<p>${linkify(escapeMarkup(p)).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${paragraphs}
<p style="font-size:13px;color:#475569">You receive this e-mail about a delivery from ${escapeMarkup(opts.team)}. <a href="${escapeMarkup(opts.unsubscribeUrl)}">Stop these e-mails</a>.</p></body></html>`;
  return { text, html };
}
