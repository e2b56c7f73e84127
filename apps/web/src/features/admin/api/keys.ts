import type { AdminUsersQuery } from "@routepilot/contracts";

/** Query keys of the admin console: the users list (per query) and a user's overage charges. */
export const adminKeys = {
  all: ["admin"] as const,
  users: (query: AdminUsersQuery) => ["admin", "users", query] as const,
  overage: (userId: string) => ["admin", "overage", userId] as const,
};
