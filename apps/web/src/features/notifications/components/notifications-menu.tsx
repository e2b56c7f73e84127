import { Link } from "react-router";
import { Bell, CheckCheck, Mail, Truck, AlertTriangle, Info } from "lucide-react";
import { toasts, type TeamRole } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { UserAvatar } from "@/components/user-avatar";
import { DropdownMenu, DropdownMenuContent, DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useFormat } from "@/lib/format";
import { cn } from "@/lib/utils";
import { NOTIFICATION_LIMIT, useNotifications, type Notification } from "@/features/notifications/api/get-notifications";
import { useInvitations, type MyInvitation } from "@/features/notifications/api/get-invitations";
import { useMarkAllNotificationsRead } from "@/features/notifications/api/mark-all-read";
import { useMarkNotificationRead } from "@/features/notifications/api/mark-notification-read";
import { formatBadge, notificationBadgeCount } from "@/features/notifications/lib/badge";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

const icons: Record<string, typeof Bell> = { team_invitation: Mail, fleet_communication: Truck, alert: AlertTriangle };

function NotificationItem({ notification, onRead }: { notification: Notification; onRead: (id: string) => void }) {
  const unread = notification.readAt === null;
  const Icon = icons[notification.type] ?? Info;
  const format = useFormat();
  const { t } = useTranslation("notifications");
  // Never "in 1 minute": a notification is not from the future, whatever this device's clock says.
  const now = new Date(Math.max(Date.now(), Date.parse(notification.createdAt) || 0));
  return (
    <DropdownMenuItem
      className="items-start gap-3 py-2.5"
      onSelect={(event) => {
        if (unread) {
          event.preventDefault();
          onRead(notification.id);
        }
      }}
    >
      <Icon className="mt-0.5" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className={cn("text-sm leading-snug", unread ? "font-semibold" : "font-normal")}>
          {notification.title}
          {unread ? <span className="sr-only">{t("unread")}</span> : null}
        </p>
        <p className="line-clamp-2 text-xs text-muted-foreground">{notification.message}</p>
        <p className="text-xs text-muted-foreground">{format.relative(notification.createdAt, now)}</p>
      </div>
      {unread ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" /> : null}
    </DropdownMenuItem>
  );
}

const roleKeys = { owner: "roles.owner", admin: "roles.admin", manager: "roles.manager", driver: "roles.driver", member: "roles.member" } as const satisfies Record<TeamRole, string>;

function InvitationItem({ invitation }: { invitation: MyInvitation }) {
  const { t } = useTranslation("notifications");
  const role = t(roleKeys[invitation.role]);
  return (
    <DropdownMenuItem asChild className="items-start gap-3 py-2.5">
      <Link to={`/team-invitation/${encodeURIComponent(invitation.token)}`}>
        {invitation.invitedBy ? (
          <UserAvatar person={{ name: invitation.invitedBy, image: invitation.invitedByImage }} size="sm" className="mt-0.5" />
        ) : (
          <Mail className="mt-0.5" aria-hidden="true" />
        )}
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="text-sm leading-snug font-semibold">{t("join", { team: invitation.teamName })}</p>
          <p className="line-clamp-2 text-xs text-muted-foreground">
            {invitation.invitedBy ? t("invitedBy", { name: invitation.invitedBy, role }) : t("invited", { role })}
          </p>
        </div>
      </Link>
    </DropdownMenuItem>
  );
}

/**
 * The bell in the top bar: pending invitations (each opening its invitation page, to accept or
 * decline), then the latest 20 notifications; badge = unread + pending invitations ("9+" above 9).
 */
export function NotificationsMenu() {
  const { t } = useTranslation("notifications");
  const notifications = useNotifications();
  const invitations = useInvitations();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const data = notifications.data;
  const count = data ? notificationBadgeCount(data.unreadCount, data.pendingInvitations) : 0;
  const badge = formatBadge(count);
  const items = data?.notifications.slice(0, NOTIFICATION_LIMIT) ?? [];
  const invites = invitations.data?.invitations ?? [];

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={count > 0 ? t("bellUnread", { count }) : t("title")}>
          <Bell className="size-5" aria-hidden="true" />
          {badge ? (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-destructive-foreground"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel className="flex items-center justify-between">
          <span>{t("title")}</span>
          {data && data.pendingInvitations > 0 ? (
            <span className="text-xs font-normal text-muted-foreground">
              {t("pending", { count: data.pendingInvitations })}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className="max-h-96 overflow-y-auto">
          {invites.length > 0 ? (
            <DropdownMenuGroup aria-label={t("invitations")}>
              {invites.map((invitation) => (
                <InvitationItem key={invitation.id} invitation={invitation} />
              ))}
              <DropdownMenuSeparator />
            </DropdownMenuGroup>
          ) : null}
          {notifications.isPending ? (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t("loading")}</p>
          ) : notifications.isError ? (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t("loadFailed")}</p>
          ) : items.length === 0 && invites.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">{translateMessage(toasts.noNotifications)}</p>
          ) : (
            items.map((notification) => <NotificationItem key={notification.id} notification={notification} onRead={(id) => markRead.mutate(id)} />)
          )}
        </div>
        {data && data.unreadCount > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="justify-center text-sm font-medium"
              onSelect={(event) => {
                event.preventDefault();
                markAllRead.mutate();
              }}
            >
              <CheckCheck aria-hidden="true" />
              {t("markAll")}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
