import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { driverMessages, encryptionMessages, failureReasonLabels, type CustomerMessageKind, type CustomerMessageSettings, type FailureReason } from "@routepilot/contracts";
import { customerMessageSettings, customerMessages, customerUnsubscribes, teams, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../../lib/context";
import { ForbiddenError } from "../../../lib/errors";
import { requireFleetTeam } from "../../fleet/access";
import { customerEmail, renderTemplate, templatesOf, type PlaceholderValues } from "./templates";
import { clockTime, longDate, quietUntil } from "./timing";
import { loadRouteView, windowOf, type RouteView, type StopRow } from "./route-view";
import { unsubscribeToken } from "./unsubscribe";
import { assertNoUnsafeMarkup } from "../../security/sanitize";
import { stopContact } from "../../security/contacts";
import { openField, sealField } from "../../security/field-encryption";

/**
 * Customer e-mails about dispatched stops (issue 12): "on its way" at dispatch, "you're next" when the
 * driver leaves the previous stop, "delivered" / "we missed you" when a stop is finished. The driver
 * and dispatch services call these after their transaction commits; they never throw (a failure is
 * logged) and are idempotent (one customer_messages row per stop and kind, unique).
 *
 * A message is stored first: "skipped" (messages off, or the address unsubscribed), or "held" with
 * send_after (now, or the end of the team's quiet hours). Sending claims held rows in one
 * UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING, so two processes never send
 * the same one; the in-process scheduler releases those held for quiet hours.
 */
export type CustomerMessageDeps = Pick<AppDeps, "db" | "mailer" | "logger" | "baseUrl" | "auth" | "encryption">;

/** After a plan is dispatched: "on its way" for every stop of these routes with a contact e-mail. */
export async function afterDispatch(deps: CustomerMessageDeps, routeIds: readonly string[]): Promise<void> {
  try {
    const now = Date.now();
    for (const routeId of routeIds) {
      const view = await loadRouteView(deps.db, routeId);
      if (!view) continue;
      await queueMessages(deps, view, view.stops.map((_, index) => ({ index, kind: "on_its_way" as const })), now);
    }
    await sendDueMessages(deps, now);
  } catch (err) {
    deps.logger.error({ err, routeIds }, "customer e-mails after dispatch failed");
  }
}

/** After a driver event on a stop (or a manager's re-plan): "delivered"/"missed" for it, "next" for the following pending stop. */
export async function afterStopEvent(deps: CustomerMessageDeps, event: { routeId: string; routeStopId: string }): Promise<void> {
  try {
    const now = Date.now();
    const view = await loadRouteView(deps.db, event.routeId);
    if (!view) return;
    const index = view.stops.findIndex((s) => s.id === event.routeStopId);
    const stop = view.stops[index];
    if (stop && (stop.status === "done" || stop.status === "failed")) {
      // The driver leaves this stop: the next one still to visit is next.
      const next = view.stops.findIndex((s, i) => i > index && s.status === "pending");
      const wanted = [{ index, kind: stop.status === "done" ? ("delivered" as const) : ("missed" as const) }];
      await queueMessages(deps, view, next >= 0 ? [...wanted, { index: next, kind: "next" as const }] : wanted, now);
    }
    await sendDueMessages(deps, now);
  } catch (err) {
    deps.logger.error({ err, ...event }, "customer e-mails after a stop event failed");
  }
}

/** The team's settings; no row yet = on, default templates, no quiet hours. */
export async function messageSettingsOf(db: DbOrTx, teamId: string): Promise<CustomerMessageSettings> {
  const [row] = await db.select().from(customerMessageSettings).where(eq(customerMessageSettings.teamId, teamId));
  return {
    enabled: row ? row.enabled === "on" : true,
    templates: templatesOf(row?.templates),
    quietHours: row?.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

/** Saves a team's settings (the caller has checked the role). */
export async function saveMessageSettings(db: DbOrTx, teamId: string, input: CustomerMessageSettings): Promise<CustomerMessageSettings> {
  const values = {
    enabled: input.enabled ? "on" : "off",
    templates: input.templates,
    quietStart: input.quietHours?.start ?? null,
    quietEnd: input.quietHours?.end ?? null,
    updatedAt: new Date(),
  };
  await db.insert(customerMessageSettings).values({ teamId, ...values }).onConflictDoUpdate({ target: customerMessageSettings.teamId, set: values });
  return messageSettingsOf(db, teamId);
}

/** The public tracking page of a stop, or "" when it has none. */
export function trackingUrl(baseUrl: string, stop: Pick<StopRow, "trackingToken">): string {
  return stop.trackingToken ? `${baseUrl}/track/${stop.trackingToken}` : "";
}

function placeholders(deps: Pick<AppDeps, "baseUrl">, view: RouteView, index: number, now: number, customerName: string | undefined): PlaceholderValues {
  const stop = view.stops[index] as StopRow;
  const planned = view.eta[index]?.plannedArrival ?? now;
  const window = windowOf(view, index, now);
  const when = stop.completedAt?.getTime() ?? window?.start ?? planned;
  return {
    customer: customerName?.trim() || "there",
    team: view.teamName,
    stop: stop.label,
    window: window ? `${clockTime(window.start, view.timeZone)} and ${clockTime(window.end, view.timeZone)}` : "",
    driver: view.driverFirstName ?? "your driver",
    tracking_link: trackingUrl(deps.baseUrl, stop),
    reason: stop.failureReason ? (failureReasonLabels[stop.failureReason as FailureReason] ?? stop.failureReason).toLowerCase() : "",
    date: longDate(when, view.timeZone),
  };
}

/**
 * Stores each (stop, kind) message once: skipped, or held until now or the end of quiet hours; a
 * second call changes nothing. The team's settings and unsubscribes are read once for the batch.
 */
async function queueMessages(deps: CustomerMessageDeps, view: RouteView, wanted: readonly { index: number; kind: CustomerMessageKind }[], now: number): Promise<void> {
  const items = wanted.flatMap(({ index, kind }) => {
    const stop = view.stops[index];
    const contact = stop ? stopContact(deps.encryption, stop, deps.logger) : null;
    const email = contact?.email?.trim().toLowerCase();
    return stop && email ? [{ index, kind, stop, email, emailHash: deps.encryption.emailHash(email), name: contact?.name }] : [];
  });
  if (items.length === 0) return;
  const settings = await messageSettingsOf(deps.db, view.teamId);
  const unsubscribed = new Set(
    (
      await deps.db
        .select({ emailHash: customerUnsubscribes.emailHash })
        .from(customerUnsubscribes)
        .where(and(eq(customerUnsubscribes.teamId, view.teamId), inArray(customerUnsubscribes.emailHash, [...new Set(items.map((i) => i.emailHash))])))
    ).map((r) => r.emailHash),
  );
  const held = quietUntil(now, settings.quietHours, view.timeZone);
  const rows = items.map(({ index, kind, stop, email, emailHash, name }) => {
    const values = placeholders(deps, view, index, now, name);
    const template = settings.templates[kind];
    // One line: a subject never carries a line break into the mail headers.
    const content: MessageContent = { email, subject: renderTemplate(template.subject, values).replace(/\s*[\r\n]+\s*/g, " "), body: renderTemplate(template.body, values) };
    return {
      teamId: view.teamId,
      routeStopId: stop.id,
      kind,
      // The address, and the body that names the customer, are sealed (decision 011).
      sealed: sealField(deps.encryption, JSON.stringify(content)),
      emailHash,
      status: !settings.enabled || unsubscribed.has(emailHash) ? "skipped" : "held",
      sendAfter: new Date(held ?? now),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await deps.db.insert(customerMessages).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

/** What a customer_messages row seals: the address and the rendered e-mail. */
interface MessageContent {
  email: string;
  subject: string;
  body: string;
}

/**
 * A message's address, subject and body: sealed, or plain in a row from before migration 0012 that
 * the start-up sealing has not reached. Null when they cannot be decrypted (logged; not sent).
 */
function messageContent(deps: Pick<AppDeps, "encryption" | "logger">, row: typeof customerMessages.$inferSelect): MessageContent | null {
  if (row.sealed === null) return row.email && row.subject !== null && row.body !== null ? { email: row.email, subject: row.subject, body: row.body } : null;
  const text = openField(deps.encryption, row.sealed, deps.logger, "customer_messages.sealed");
  if (text === null || text === encryptionMessages.decryptionFailed) return null;
  return JSON.parse(text) as MessageContent;
}

/**
 * Sends every held message due at `now` (at most `limit`), each exactly once across processes:
 * the rows are claimed (status sent) in one statement that skips rows another process has locked.
 * An address unsubscribed since the message was stored is skipped instead. Returns how many went out.
 */
export async function sendDueMessages(deps: CustomerMessageDeps, now = Date.now(), limit = 100): Promise<number> {
  const due = deps.db
    .select({ id: customerMessages.id })
    .from(customerMessages)
    .where(and(eq(customerMessages.status, "held"), lte(customerMessages.sendAfter, new Date(now))))
    .orderBy(asc(customerMessages.sendAfter))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await deps.db.update(customerMessages).set({ status: "sent", sentAt: new Date() }).where(inArray(customerMessages.id, due)).returning();
  let sent = 0;
  for (const message of claimed) {
    const [team] = await deps.db.select({ name: teams.name }).from(teams).where(eq(teams.id, message.teamId));
    const content = messageContent(deps, message);
    const emailHash = content ? deps.encryption.emailHash(content.email) : null;
    const [unsubscribed] = emailHash
      ? await deps.db
          .select({ emailHash: customerUnsubscribes.emailHash })
          .from(customerUnsubscribes)
          .where(and(eq(customerUnsubscribes.teamId, message.teamId), eq(customerUnsubscribes.emailHash, emailHash)))
      : [];
    if (!team || !content || unsubscribed) {
      await deps.db.update(customerMessages).set({ status: "skipped", sentAt: null }).where(eq(customerMessages.id, message.id));
      continue;
    }
    const token = await unsubscribeToken(deps, message.teamId, content.email);
    const unsubscribeUrl = `${deps.baseUrl}/unsubscribe/${token}`;
    const { text, html } = customerEmail({ body: content.body, team: team.name, unsubscribeUrl });
    // RFC 8058 one-click: the mail client POSTs to the API (no sign-in, no body needed).
    const headers = { "List-Unsubscribe": `<${deps.baseUrl}/api/unsubscribe/${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await deps.mailer.send({ to: content.email, subject: content.subject, text, html, kind: "customer-message", headers });
    sent++;
  }
  return sent;
}

/**
 * Releases messages held for quiet hours (and any due beyond the first batch a dispatch sends) every `intervalMs` (in process; the timer never keeps the
 * process alive). stop() ends it and waits for a round in progress.
 */
export function startCustomerMessageScheduler(deps: CustomerMessageDeps, intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(async () => {
      try {
        // Batch after batch until nothing is due (a large dispatch sends its first batch itself).
        while (!stopped && (await sendDueMessages(deps)) > 0);
      } catch (err) {
        deps.logger.error({ err }, "held customer e-mails could not be sent");
      }
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** GET /api/teams/{teamId}/customer-messages: the team's managers (owner, admin, manager) read the settings. */
export async function getCustomerMessages(deps: Pick<AppDeps, "db">, caller: { id: string }, teamId: string): Promise<CustomerMessageSettings> {
  const { team } = await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  return messageSettingsOf(deps.db, team.id);
}

/** PUT /api/teams/{teamId}/customer-messages: only the owner and admins change what customers are sent (managers read). */
export async function putCustomerMessages(deps: Pick<AppDeps, "db">, caller: { id: string }, teamId: string, input: CustomerMessageSettings): Promise<CustomerMessageSettings> {
  return deps.db.transaction(async (tx) => {
    const { team, role } = await requireFleetTeam(tx, caller, teamId, { manager: true, forUpdate: true });
    if (role !== "owner" && role !== "admin") throw new ForbiddenError(driverMessages.templatesAdminOnly);
    // The templates become the customers' e-mails: SPEC §5 HTML sanitiser's allow-list (decision 011).
    assertNoUnsafeMarkup(Object.fromEntries(Object.entries(input.templates).flatMap(([kind, t]) => [[`templates.${kind}.subject`, t.subject], [`templates.${kind}.body`, t.body]])), "html");
    return saveMessageSettings(tx, team.id, input);
  });
}
