// The contact inbox (decision 024): messages sent through the contact form, read, answered by
// e-mail and marked handled from the admin console. Knows nothing of HTTP.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import {
  contactMessageStatuses,
  type ContactInboxPage,
  type ContactMessageDetail,
  type ContactMessagePatch,
  type ContactMessageStatus,
  type ContactReplyDelivery,
  type contactInboxQuerySchema,
} from "@routepilot/contracts";
import { contactMessages, contactReplies, outbox, type Database, type DbOrTx } from "@routepilot/db";
import type { z } from "zod";
import { firstOrThrow, NotFoundError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { RequestOrigin } from "../../lib/request-origin";
import { writeAuditEvent } from "../security/audit";
import { CONTACT_MESSAGE_HEADER, CONTACT_REPLY_HEADER, contactCopyEmail, contactReplyEmail, contactSupportEmail, type ContactMailMessage } from "./contact-mail";
import type { Mailer } from "../../platform/mail/mail";
import { supportedMailLanguage, type MailLanguage } from "../../platform/mail/i18n";
import { recipientMailLanguage, storedMailLanguage } from "../../platform/mail/language";
import { formatterOf } from "../accounts/preferences";

/** The administrator acting on the inbox, and where the request came from (for the audit row). */
export interface InboxActor extends RequestOrigin {
  id: string;
  name: string;
  email: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PREVIEW_CHARS = 160;

/** Escapes LIKE wildcards so a search for "a_b" matches the text literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const asStatus = (s: string): ContactMessageStatus => ((contactMessageStatuses as readonly string[]).includes(s) ? (s as ContactMessageStatus) : "open");

/**
 * Stores a contact-form message, then e-mails the sender a copy and, when `supportEmail` is set,
 * the support address. The row is written first: a mail that cannot be sent is logged (the
 * mailer keeps it in the outbox and retries SMTP failures) and never loses the message. The copy
 * is in the sender's language: their preference when signed in, else the request's Accept-Language.
 */
export async function receiveContactMessage(
  deps: { db: Database; logger: Logger; mailer: Mailer; baseUrl: string; supportEmail: string | undefined },
  input: ContactMailMessage & { userId: string | null; ipAddress: string | null; acceptLanguage?: string | null | undefined },
): Promise<{ id: string }> {
  const row = firstOrThrow(
    await deps.db
      .insert(contactMessages)
      .values({ userId: input.userId, name: input.name, email: input.email, topic: input.topic, message: input.message, ipAddress: input.ipAddress })
      .returning({ id: contactMessages.id }),
    "contact message insert returned no row",
  );
  deps.logger.info({ contactId: row.id, topic: input.topic }, "contact message received");
  const language = await recipientMailLanguage(deps.db, { userId: input.userId, acceptLanguage: input.acceptLanguage });
  const mails = [
    contactCopyEmail({ ...input, messageId: row.id, language }),
    ...(deps.supportEmail ? [contactSupportEmail({ ...input, to: deps.supportEmail, inboxUrl: `${deps.baseUrl}/admin?tab=inbox`, signedInUserId: input.userId })] : []),
  ];
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      // The mailer never throws by contract; a broken one still must not fail a stored message.
      deps.logger.error({ err: error, contactId: row.id }, "contact message e-mail failed");
    }
  }
  return { id: row.id };
}

/** One page of the inbox, newest first, with the whole inbox's unread count. */
export async function listContactMessages(db: DbOrTx, query: z.output<typeof contactInboxQuerySchema>): Promise<ContactInboxPage> {
  const where = and(
    query.q
      ? or(
          ilike(contactMessages.name, likePattern(query.q)),
          ilike(contactMessages.email, likePattern(query.q)),
          ilike(contactMessages.topic, likePattern(query.q)),
          ilike(contactMessages.message, likePattern(query.q)),
        )
      : undefined,
    query.status ? eq(contactMessages.status, query.status) : undefined,
  );
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      topic: contactMessages.topic,
      preview: sql<string>`left(${contactMessages.message}, ${PREVIEW_CHARS})`,
      status: contactMessages.status,
      readAt: contactMessages.readAt,
      // Spelled out: drizzle leaves a one-table query's columns unqualified, and "id" would be the reply's.
      replies: sql<number>`(select count(*) from "contact_replies" where "contact_replies"."message_id" = "contact_messages"."id")`.mapWith(Number),
      userId: contactMessages.userId,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  const [unread] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return {
    messages: rows.map(({ readAt, ...r }) => ({ ...r, status: asStatus(r.status), read: readAt !== null, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    unread: Number(unread?.n ?? 0),
  };
}

/** The message row, or NotFoundError (also for an id that is not a UUID). */
async function findMessage(db: DbOrTx, id: string, lock = false) {
  if (!UUID.test(id)) throw new NotFoundError("Contact message");
  const query = db.select().from(contactMessages).where(eq(contactMessages.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Contact message");
  return row;
}

/** A message with its replies (oldest first) and each reply's delivery, read from its outbox row. */
export async function getContactMessage(db: DbOrTx, id: string): Promise<ContactMessageDetail> {
  const m = await findMessage(db, id);
  const replies = await db
    .select({ reply: contactReplies, outboxStatus: outbox.status, outboxError: outbox.error })
    .from(contactReplies)
    .leftJoin(outbox, eq(outbox.id, contactReplies.outboxId))
    .where(eq(contactReplies.messageId, m.id))
    .orderBy(contactReplies.createdAt, contactReplies.id);
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    topic: m.topic,
    message: m.message,
    status: asStatus(m.status),
    read: m.readAt !== null,
    readAt: m.readAt?.toISOString() ?? null,
    statusChangedAt: m.statusChangedAt?.toISOString() ?? null,
    userId: m.userId,
    createdAt: m.createdAt.toISOString(),
    replies: replies.map(({ reply, outboxStatus, outboxError }) => {
      const delivery: ContactReplyDelivery = !reply.outboxId || !outboxStatus ? "not-queued" : outboxStatus === "sent" ? "sent" : outboxStatus === "failed" ? "failed" : "queued";
      return {
        id: reply.id,
        text: reply.text,
        authorName: reply.authorName,
        authorEmail: reply.authorEmail,
        createdAt: reply.createdAt.toISOString(),
        delivery,
        deliveryError: delivery === "failed" ? (outboxError ?? null) : null,
      };
    }),
  };
}

/** Opens a message: the first administrator to open it marks it read. Returns it with its replies. */
export async function openContactMessage(db: DbOrTx, id: string, readerId: string): Promise<ContactMessageDetail> {
  const m = await findMessage(db, id);
  if (!m.readAt) await db.update(contactMessages).set({ readAt: new Date(), readBy: readerId }).where(and(eq(contactMessages.id, m.id), isNull(contactMessages.readAt)));
  return getContactMessage(db, m.id);
}

/**
 * Sets a message handled or open again, and/or read or unread. A status change is audited
 * (contact_status); read state is not (it is the inbox's bookkeeping, not a decision).
 */
export async function updateContactMessage(db: Database, logger: Logger, actor: InboxActor, id: string, patch: ContactMessagePatch): Promise<ContactMessageDetail> {
  await db.transaction(async (tx) => {
    const m = await findMessage(tx, id, true);
    const now = new Date();
    const statusChanges = patch.status !== undefined && patch.status !== m.status;
    const changes = {
      ...(statusChanges ? { status: patch.status, statusChangedAt: now, statusChangedBy: actor.id } : {}),
      ...(patch.read === true && !m.readAt ? { readAt: now, readBy: actor.id } : {}),
      ...(patch.read === false && m.readAt ? { readAt: null, readBy: null } : {}),
    };
    // Setting what already is changes nothing (and writes nothing).
    if (Object.keys(changes).length > 0) await tx.update(contactMessages).set(changes).where(eq(contactMessages.id, m.id));
    if (statusChanges) {
      await writeAuditEvent(tx, logger, {
        eventType: "contact_status",
        action: patch.status === "handled" ? "mark handled" : "reopen",
        outcome: "success",
        riskLevel: "low",
        userId: actor.id,
        userAgent: actor.userAgent,
        ipAddress: actor.ipAddress,
        sessionId: actor.sessionId,
        resource: `/api/admin/contact-messages/${m.id}`,
        metadata: { actorId: actor.id, actorEmail: actor.email, messageId: m.id, before: m.status, after: patch.status },
      });
    }
  });
  return getContactMessage(db, id);
}

/**
 * The language of a reply's frame: the sender's preference when they wrote signed in (and still
 * have one), else the language of the copy they were sent (its Content-Language), else English.
 */
async function replyLanguage(db: DbOrTx, original: { id: string; userId: string | null }): Promise<MailLanguage> {
  const stored = original.userId ? await storedMailLanguage(db, original.userId) : null;
  if (stored) return stored;
  const [copy] = await db
    .select({ language: sql<string | null>`${outbox.headers}->>'Content-Language'` })
    .from(outbox)
    .where(sql`${outbox.headers}->>${CONTACT_MESSAGE_HEADER} = ${original.id}`)
    .limit(1);
  return supportedMailLanguage(copy?.language) ?? "en";
}

/**
 * E-mails a reply to the sender. The reply row, the message's new status (answered, and read)
 * and the audit row are written in one transaction; then the mailer queues the e-mail in the
 * outbox (SMTP failures are retried by the mail-retry task) and the reply is linked to its outbox
 * row, whose status is the reply's delivery. Should the mailer fail to queue it, the reply stays
 * with delivery "not-queued", shown in the thread, and the failure is logged.
 */
export async function replyToContactMessage(deps: { db: Database; logger: Logger; mailer: Mailer }, actor: InboxActor, id: string, text: string): Promise<ContactMessageDetail> {
  const replyId = randomUUID();
  const original = await deps.db.transaction(async (tx) => {
    const m = await findMessage(tx, id, true);
    const now = new Date();
    await tx.insert(contactReplies).values({ id: replyId, messageId: m.id, authorId: actor.id, authorName: actor.name, authorEmail: actor.email, text, createdAt: now });
    await tx
      .update(contactMessages)
      .set({
        status: "answered",
        statusChangedAt: now,
        statusChangedBy: actor.id,
        readAt: m.readAt ?? now,
        readBy: m.readAt ? m.readBy : actor.id,
      })
      .where(eq(contactMessages.id, m.id));
    await writeAuditEvent(tx, deps.logger, {
      eventType: "contact_reply",
      action: "reply",
      outcome: "success",
      riskLevel: "low",
      userId: actor.id,
      userAgent: actor.userAgent,
      ipAddress: actor.ipAddress,
      sessionId: actor.sessionId,
      resource: `/api/admin/contact-messages/${m.id}/reply`,
      metadata: { actorId: actor.id, actorEmail: actor.email, messageId: m.id, replyId, to: m.email, characters: text.length, before: m.status, after: "answered" },
    });
    return m;
  });
  try {
    // The sender's time zone when they wrote signed in, else UTC; the frame in their language (replyLanguage).
    const format = await formatterOf(deps.db, original.userId);
    const language = await replyLanguage(deps.db, original);
    await deps.mailer.send(contactReplyEmail({ replyId, reply: text, original, format, language }));
  } catch (error) {
    deps.logger.error({ err: error, contactId: original.id, replyId }, "contact reply e-mail failed");
  }
  const [queued] = await deps.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(sql`${outbox.headers}->>${CONTACT_REPLY_HEADER} = ${replyId}`)
    .limit(1);
  if (queued) await deps.db.update(contactReplies).set({ outboxId: queued.id }).where(eq(contactReplies.id, replyId));
  else deps.logger.error({ contactId: original.id, replyId }, "contact reply not queued: the mailer stored no outbox row");
  return getContactMessage(deps.db, original.id);
}
