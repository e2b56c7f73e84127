/**
 * Query keys shared by several features (features never import each other, so keys that one
 * feature refreshes for another live here).
 */
export const queryKeys = {
  /** GET /api/me/usage — refreshed after every optimisation. */
  usage: ["me", "usage"] as const,
  /** GET /api/me/plan — the dashboard's plan card. */
  plan: ["me", "plan"] as const,
  /** Everything about stored routes: the history list (`[...routes, "list", q]`) and details (`[...routes, id]`). */
  routes: ["routes"] as const,
  /** GET /api/notifications — the bell; refetched on every realtime `notifications` message. */
  notifications: ["notifications"] as const,
  /** GET /api/invitations — open invitations to the user (the bell). */
  invitations: ["invitations"] as const,
  /** Everything about teams: lists, details, an invitation by token (`["teams", …]`). */
  teams: ["teams"] as const,
  /** The manager's live operations view (`["live", teamId, …]`): fed by `live:{teamId}` messages, refetched after a reconnect. */
  live: ["live"] as const,
};
