import { z } from "zod";
import { emailSchema, safeText } from "./validation";

export const contactTopics = ["general", "sales", "support", "billing", "press"] as const;

/** POST /api/contact body. */
export const contactRequestSchema = z
  .object({
    name: safeText({ max: 100 }),
    email: emailSchema,
    topic: z.enum(contactTopics).default("general"),
    message: safeText({ min: 10, max: 5000 }),
  })
  .strict();
export type ContactRequest = z.input<typeof contactRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The admin console's contact inbox (decision 024).

/** A contact message's state: open (new or reopened), answered (a reply was e-mailed), handled. */
export const contactMessageStatuses = ["open", "answered", "handled"] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];
/** What an administrator sets by hand; "answered" comes from sending a reply. */
export const settableContactStatuses = ["open", "handled"] as const;

/** A reply's delivery, read from its outbox row: queued (no SMTP, or not yet tried), sent, failed (retried), not-queued (the mailer could not store it). */
export const contactReplyDeliveries = ["queued", "sent", "failed", "not-queued"] as const;
export type ContactReplyDelivery = (typeof contactReplyDeliveries)[number];

/** Longest reply, in characters (the contact form's own limit). */
export const CONTACT_REPLY_MAX = 5000;

/** Messages the inbox API and console show (written once here). */
export const contactInboxMessages = {
  replyRequired: "Write a reply before sending it",
  replyTooLong: `A reply can be at most ${CONTACT_REPLY_MAX} characters`,
  replyControlCharacters: "The reply contains control characters that cannot be e-mailed",
  unknownStatus: `Choose one of: ${settableContactStatuses.join(", ")} (a message becomes answered when a reply is sent)`,
  unknownStatusFilter: `Choose one of: ${contactMessageStatuses.join(", ")}`,
  nothingToChange: "Send a status (open or handled) or read (true or false)",
  notFound: "No such contact message",
  replyNotQueued: "The reply was saved but could not be queued for e-mail: see the server log, then send it again",
} as const;

/** GET /api/admin/contact-messages query: search (name, e-mail, topic, message), status, page. */
export const contactInboxQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(contactMessageStatuses, { error: contactInboxMessages.unknownStatusFilter }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .refine((n) => n === 25 || n === 50 || n === 100, "Page size must be 25, 50 or 100")
    .default(25),
});
export type ContactInboxQuery = z.input<typeof contactInboxQuerySchema>;

export const contactMessageSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  /** The first 160 characters of the message. */
  preview: z.string(),
  status: z.enum(contactMessageStatuses),
  read: z.boolean(),
  replies: z.number().int(),
  /** The sender's account when they were signed in. */
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;

/** One page of the inbox, newest first; `unread` counts the whole inbox, not the page or filter. */
export const contactInboxPageSchema = z.object({
  messages: z.array(contactMessageSummarySchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type ContactInboxPage = z.infer<typeof contactInboxPageSchema>;

export const contactReplySchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  createdAt: z.string(),
  delivery: z.enum(contactReplyDeliveries),
  /** The SMTP error of a failed delivery (retried by the mail-retry task). */
  deliveryError: z.string().nullable(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactMessageDetailSchema = contactMessageSummarySchema.omit({ preview: true, replies: true }).extend({
  message: z.string(),
  readAt: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  replies: z.array(contactReplySchema),
});
export type ContactMessageDetail = z.infer<typeof contactMessageDetailSchema>;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * POST /api/admin/contact-messages/{id}/reply body. Plain text, e-mailed as text and escaped
 * HTML: SPEC §5's dangerous-pattern check is not applied (it refuses everyday words such as
 * "update your settings"); control characters are refused.
 */
export const contactReplyRequestSchema = z
  .object({
    text: z
      .string({ error: contactInboxMessages.replyRequired })
      .trim()
      .min(1, contactInboxMessages.replyRequired)
      .max(CONTACT_REPLY_MAX, contactInboxMessages.replyTooLong)
      .refine((t) => !controlCharacters.test(t), contactInboxMessages.replyControlCharacters),
  })
  .strict();
export type ContactReplyRequest = z.input<typeof contactReplyRequestSchema>;

/** PATCH /api/admin/contact-messages/{id} body: handled or open again, and/or read or unread. */
export const contactMessagePatchSchema = z
  .object({
    status: z.enum(settableContactStatuses, { error: contactInboxMessages.unknownStatus }).optional(),
    read: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.read !== undefined, contactInboxMessages.nothingToChange);
export type ContactMessagePatch = z.infer<typeof contactMessagePatchSchema>;
