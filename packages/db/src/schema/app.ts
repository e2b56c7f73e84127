import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/** SPEC §3 subscribers: one row per user, created on first access (free, 5 routes, active). */
export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    monthlyRouteLimit: integer("monthly_route_limit").notNull().default(5),
    routesUsedThisPeriod: integer("routes_used_this_period").notNull().default(0),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    stripeCustomerId: text("stripe_customer_id"),
    hasPaymentMethod: boolean("has_payment_method").notNull().default(false),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull().defaultNow(),
    /** Stripe's billing: the subscription that sets the tier, when its period ends, whether it then ends. */
    stripeSubscriptionId: text("stripe_subscription_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** `created` of the last subscription event applied: an older one arriving late changes nothing. */
    stripeSubscriptionEventAt: timestamp("stripe_subscription_event_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscribers_user_id_key").on(t.userId),
    check("subscribers_tier_check", sql`${t.subscriptionTier} in ('free','premium','enterprise','fleet_pro')`),
    check("subscribers_used_check", sql`${t.routesUsedThisPeriod} >= 0`),
  ],
);

/**
 * Every plan a user has been on and since when (super-admin tier mix over time): written by a
 * trigger on subscribers (migration 0014) in the same transaction as each insert or tier change,
 * whoever makes it (sign-up, team join, admin, Stripe webhook); backfilled from subscribers.
 */
export const subscriptionTierChanges = pgTable(
  "subscription_tier_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_tier_changes_user_idx").on(t.userId, t.changedAt),
    index("subscription_tier_changes_changed_idx").on(t.changedAt),
    check("subscription_tier_changes_tier_check", sql`${t.tier} in ('free','premium','enterprise','fleet_pro')`),
  ],
);

/** SPEC §3 saved_locations, plus owner, coordinates and an optional provider place id. */
export const savedLocations = pgTable(
  "saved_locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull(),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    placeId: text("place_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_locations_user_id_idx").on(t.userId, t.createdAt)],
);

/** SPEC §3 user_preferences: the preferences object plus the two default location ids. */
export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull().default({}),
  defaultStartLocationId: uuid("default_start_location_id").references(() => savedLocations.id, {
    onDelete: "set null",
  }),
  defaultEndLocationId: uuid("default_end_location_id").references(() => savedLocations.id, {
    onDelete: "set null",
  }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 authentication_logs: one row per audit event. */
export const authenticationLogs = pgTable(
  "authentication_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventType: text("event_type").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<AuditDetails>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("authentication_logs_user_idx").on(t.userId, t.createdAt)],
);

export type AuditDetails = {
  outcome: "success" | "failure";
  riskLevel: "low" | "medium" | "high" | "critical";
  resource: string;
  sessionId: string | null;
  ipAddress: string | null;
  metadata: Record<string, unknown>;
  timestamp: string;
};

/** E-mail outbox: every message the product sends, and the only delivery when SMTP is not configured. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    /**
     * Customer e-mails (decision 011): address, subject, text and HTML sealed together; `to` then
     * holds "sealed:" + the address's keyed hash, and subject and text are empty.
     */
    sealed: text("sealed"),
    /** Extra headers (List-Unsubscribe, …) of a plain message, kept for a retry; a sealed one keeps them sealed. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").notNull().default("queued"),
    error: text("error"),
    /** SMTP deliveries tried and failed; the mail-retry task tries again with a growing wait, up to 5 times within 24 hours. */
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  // The backlog (health details and /metrics read it on every call) without scanning sent mail.
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt), index("outbox_backlog_idx").on(t.status, t.createdAt).where(sql`${t.status} <> 'sent'`)],
);

/**
 * Messages sent through the public contact form, answered from the admin console's inbox
 * (decision 024): unread until an administrator opens one; open → answered (a reply was sent) →
 * handled, and back to open.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** open, answered or handled (contracts' contactMessageStatuses). */
    status: text("status").notNull().default("open"),
    /** When an administrator first opened it; null is unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    readBy: text("read_by").references(() => user.id, { onDelete: "set null" }),
    /** The last change of status (a reply, handled, reopened) and who made it. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: text("status_changed_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("contact_messages_status_check", sql`${t.status} in ('open','answered','handled')`),
    index("contact_messages_created_idx").on(t.createdAt, t.id),
    index("contact_messages_status_idx").on(t.status, t.createdAt),
    index("contact_messages_unread_idx").on(t.createdAt).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Replies to a contact message, e-mailed from the admin console (decision 024). The outbox row is
 * the delivery (queued, sent, failed and retried); null when the mailer could not even queue it.
 */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** Who replied, as they were when they did (the account may be deleted later). */
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    text: text("text").notNull(),
    outboxId: uuid("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

/** SPEC §3 team_notifications (teams arrive later; the bell reads this table now). */
export const teamNotifications = pgTable(
  "team_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("team_notifications_user_idx").on(t.userId, t.createdAt),
    check("team_notifications_type_check", sql`${t.type} in ('team_invitation','fleet_communication','alert','other')`),
  ],
);

/** SPEC §3 teams. A team's owner pays; members draw from total_quota. */
export const teams = pgTable("teams", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  totalQuota: integer("total_quota").notNull().default(0),
  usedQuota: integer("used_quota").notNull().default(0),
  subscriptionId: text("subscription_id"),
  /** Start of the owner's usage period the used quotas count in; a newer owner period resets them (decision 008). */
  usagePeriodStart: timestamp("usage_period_start", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 team_members. role is the member's team role (e.g. member, manager, driver). */
export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("member"),
    quotaAllocation: integer("quota_allocation").notNull().default(0),
    usedQuota: integer("used_quota").notNull().default(0),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("team_members_team_user_key").on(t.teamId, t.userId), index("team_members_user_idx").on(t.userId)],
);

/** SPEC §3 team_invitations (plus token, invited_by, created_at, revoked_at, declined_at). Open while not accepted, revoked, declined or expired. */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("member"),
    token: text("token").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** Withdrawn by the team (owner/admin) or declined by the invitee: closed, like accepted. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_invitations_email_idx").on(t.email)],
);
