import type { AdminUsersQuery, ContactInboxQuery } from "@routepilot/contracts";

/** Query keys of the admin console (users list per query, a user's overage charges, the contact inbox) and the system view (health, analytics per period). */
export const adminKeys = {
  all: ["admin"] as const,
  users: (query: AdminUsersQuery) => ["admin", "users", query] as const,
  overage: (userId: string) => ["admin", "overage", userId] as const,
  health: ["admin", "health"] as const,
  analytics: (period: { from: string; to: string } | null) => ["admin", "analytics", period] as const,
  /** The contact inbox: every page (and the unread count), and one message with its replies. */
  inbox: ["admin", "inbox"] as const,
  inboxPage: (query: ContactInboxQuery) => ["admin", "inbox", "page", query] as const,
  inboxMessage: (id: string) => ["admin", "inbox", "message", id] as const,
};
