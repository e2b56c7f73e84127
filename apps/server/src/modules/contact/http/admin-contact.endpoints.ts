import { createRoute, z } from "@hono/zod-openapi";
import { contactInboxPageSchema, contactInboxQuerySchema, contactMessageDetailSchema, contactMessagePatchSchema, contactReplyRequestSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const MessageParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: "id", in: "path" } }) });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const forbidden = jsonError("Signed in, but not an administrator");
const notFound = jsonError("No such contact message");
const detail = json(contactMessageDetailSchema, "The message with its replies, oldest first, and each reply's e-mail delivery");

export const listContactMessages = createRoute({
  method: "get",
  path: "/api/admin/contact-messages",
  tags: ["Admin"],
  summary: "The contact inbox, newest first: search name, e-mail, topic and message (q), filter by status, paginate 25/50/100; with the unread count (admin, super_admin)",
  request: { query: contactInboxQuerySchema },
  responses: { 200: json(contactInboxPageSchema, "One page of messages, the total matching and the unread count"), 400: authErrors[400], 401: authErrors[401], 403: forbidden },
});

export const getContactMessage = createRoute({
  method: "get",
  path: "/api/admin/contact-messages/{id}",
  tags: ["Admin"],
  summary: "Open a contact message: marks it read (the first reader is recorded) and answers it with its replies (admin, super_admin)",
  request: { params: MessageParam },
  responses: { 200: detail, 401: authErrors[401], 403: forbidden, 404: notFound },
});

export const patchContactMessage = createRoute({
  method: "patch",
  path: "/api/admin/contact-messages/{id}",
  tags: ["Admin"],
  summary: "Mark a contact message handled or open again (audited), and/or read or unread (admin, super_admin)",
  request: { params: MessageParam, ...body(contactMessagePatchSchema) },
  responses: { 200: detail, ...authErrors, 403: forbidden, 404: notFound },
});

export const replyToContactMessage = createRoute({
  method: "post",
  path: "/api/admin/contact-messages/{id}/reply",
  tags: ["Admin"],
  summary:
    "E-mail a reply to the sender (queued in the outbox, SMTP failures retried); stores it with who replied and when, marks the message answered and read, audited (admin, super_admin)",
  request: { params: MessageParam, ...body(contactReplyRequestSchema) },
  responses: { 201: detail, ...authErrors, 403: forbidden, 404: notFound },
});
