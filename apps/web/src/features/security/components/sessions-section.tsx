import { toast } from "sonner";
import { Laptop, Smartphone } from "lucide-react";
import type { SecuritySession } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "@/features/security/api/account-security";
import { useTranslation } from "@/lib/i18n";

function SessionRow({ session, onRevoke, busy }: { session: SecuritySession; onRevoke: () => void; busy: boolean }) {
  const Icon = /iPhone|Android|iPad/.test(session.device) ? Smartphone : Laptop;
  const format = useFormat();
  const { t } = useTranslation("security");
  const signedIn = format.dateTime(session.createdAt);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={session.current ? t("sessions.thisDeviceLabel", { device: session.device }) : session.device}>
      <div className="flex min-w-0 gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5 text-sm">
          <div className="flex flex-wrap items-center gap-2 font-medium">
            {session.device}
            {session.current ? <Badge variant="success">{t("sessions.thisDevice")}</Badge> : null}
          </div>
          <div className="text-muted-foreground">{t("sessions.ipAddress", { ip: session.ipAddress ?? t("sessions.unknownIp") })}</div>
          <div className="text-muted-foreground">{t("sessions.when", { signedIn, lastActive: format.dateTime(session.lastActiveAt) })}</div>
        </div>
      </div>
      {session.current ? null : (
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onRevoke} aria-label={t("sessions.signOutLabel", { device: session.device, signedIn })}>
          {t("sessions.signOut")}
        </Button>
      )}
    </li>
  );
}

/** /security: the devices signed in to the account, with sign-out per device or all others. */
export function SessionsSection() {
  const { t } = useTranslation("security");
  const format = useFormat();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <ErrorCard message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <ul className="divide-y" aria-label={t("sessions.label")}>
              {sessions.data.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  busy={revoke.isPending}
                  onRevoke={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast.success(t("sessions.revoked")),
                    })
                  }
                />
              ))}
            </ul>
            {others > 0 ? (
              <Button
                type="button"
                variant="outline"
                className="mt-3"
                disabled={revokeOthers.isPending}
                onClick={() =>
                  revokeOthers.mutate(undefined, {
                    onSuccess: ({ revoked }) => toast.success(t("sessions.othersRevoked", { count: revoked, number: format.number(revoked) })),
                  })
                }
              >
                {t("sessions.signOutOthers")}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
