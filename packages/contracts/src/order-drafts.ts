import { z } from "zod";
import { isRealDate } from "./analytics";
import { createFormatter } from "./format";

/**
 * A day's order drafts (issue 25 "Order drafts are kept"): the orders a manager has typed, pasted
 * or imported for a day, as the planner holds them (apps/web/src/features/fleet/lib/order-import.ts
 * DraftOrder), saved under `PUT /api/teams/{teamId}/order-drafts/{date}` as they change and read
 * back by `GET` on reload or when a plan of that day is opened.
 *
 * A draft row may be one the planner cannot plan yet (no coordinates, a window that ends before it
 * starts, a name still being typed): it is stored as typed, with the planner's own problem messages.
 * So the schema checks only types and sizes, generously (an imported cell may be longer than a plan
 * order allows; the plan request checks the order itself with orderSchema). A day with nothing
 * saved reads `{ orders: [], updatedAt: null }` (200, not 404: "nothing typed yet" is a normal day);
 * saving `{ orders: [] }` clears the day.
 */

/** At most as many rows as a plan may have orders (SPEC §fleet, createPlanSchema). */
export const MAX_DRAFT_ORDERS = 10_000;

/** These messages are English whatever the reader's language, with English numbers ("10,000"). */
const english = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });

export const orderDraftMessages = {
  date: "Use a date as YYYY-MM-DD (a real calendar day)",
  tooManyOrders: `At most ${english.number(MAX_DRAFT_ORDERS)} orders in a day's draft`,
  tooLong: (max: number) => `At most ${english.number(max)} characters`,
  tooMany: (max: number) => `At most ${max} items`,
  number: "Use a number",
  text: "Use text",
  id: "Give each draft row an id of 1–64 characters",
} as const;

/** YYYY-MM-DD naming a real calendar day (no 2026-02-30). */
export const draftDateSchema = z
  .string({ error: orderDraftMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: orderDraftMessages.date })
  .refine(isRealDate, { error: orderDraftMessages.date });

const text = (max: number) => z.string({ error: orderDraftMessages.text }).max(max, { error: orderDraftMessages.tooLong(max) });
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, { error: orderDraftMessages.tooMany(max) });
/** Any finite number (JSON has no other): a typed latitude of 91 is kept, and shown as a problem. */
const number = z.number({ error: orderDraftMessages.number });

const draftWindowSchema = z.object({ start: text(16), end: text(16) });

/** The pickup of a pickup→delivery pair, so far (coordinates may still be missing). */
export const draftPickupSchema = z.object({
  label: text(1000),
  address: text(1000).optional(),
  lat: number.optional(),
  lng: number.optional(),
  serviceMinutes: number.optional(),
  timeWindows: list(draftWindowSchema, 4).optional(),
});

/** A customer's contact on a draft row; stored sealed (decision 011), never in clear. */
export const draftContactSchema = z.object({ name: text(500).optional(), email: text(500).optional(), phone: text(200).optional() });

/** The order of a draft row so far: the fields of orderSchema, each optional but the name, none checked beyond type and size. */
export const draftOrderFieldsSchema = z.object({
  id: text(64).optional(),
  label: text(1000),
  address: text(1000).optional(),
  lat: number.optional(),
  lng: number.optional(),
  serviceMinutes: number.optional(),
  timeWindows: list(draftWindowSchema, 4).optional(),
  demand: list(number, 10).optional(),
  skills: list(text(200), 50).optional(),
  priority: number.optional(),
  contact: draftContactSchema.optional(),
  notes: text(5000).optional(),
  pickup: draftPickupSchema.optional(),
});

/** One row of the planner's orders: its id, where it came from ("Row 4"), the order so far and what stops it from being planned. */
export const draftOrderSchema = z.object({
  id: z.string({ error: orderDraftMessages.id }).min(1, { error: orderDraftMessages.id }).max(64, { error: orderDraftMessages.id }),
  source: text(200),
  order: draftOrderFieldsSchema,
  problems: list(text(1000), 50),
});
export type DraftOrderRow = z.infer<typeof draftOrderSchema>;

/** PUT /api/teams/{teamId}/order-drafts/{date}: the day's rows, in the planner's order (replaces what was saved). */
export const orderDraftInputSchema = z.object({
  orders: z.array(draftOrderSchema).max(MAX_DRAFT_ORDERS, { error: orderDraftMessages.tooManyOrders }),
});
export type OrderDraftInput = z.infer<typeof orderDraftInputSchema>;

/** GET/PUT answer: the rows saved for the day (empty when none) and when they were last saved (null: never). */
export const orderDraftSchema = z.object({
  orders: z.array(draftOrderSchema),
  updatedAt: z.string().nullable(),
});
export type OrderDraft = z.infer<typeof orderDraftSchema>;
