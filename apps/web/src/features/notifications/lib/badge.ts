/** SPEC §2/§9: the bell badge counts unread notifications plus pending invitations. */
export function notificationBadgeCount(unreadCount: number, pendingInvitations: number): number {
  return Math.max(0, unreadCount) + Math.max(0, pendingInvitations);
}

/** The badge text: nothing for 0, the number up to 9, "9+" above 9. */
export function formatBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
