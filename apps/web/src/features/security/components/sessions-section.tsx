import { toast } from "sonner";
import { Laptop, Smartphone } from "lucide-react";
import { accountSecurityMessages, type SecuritySession } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "@/features/security/api/account-security";

function SessionRow({ session, onRevoke, busy }: { session: SecuritySession; onRevoke: () => void; busy: boolean }) {
  const Icon = /iPhone|Android|iPad/.test(session.device) ? Smartphone : Laptop;
  const format = useFormat();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={`${session.device}${session.current ? " (this device)" : ""}`}>
      <div className="flex min-w-0 gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5 text-sm">
          <div className="flex flex-wrap items-center gap-2 font-medium">
            {session.device}
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </div>
          <div className="text-muted-foreground">IP address: {session.ipAddress ?? "unknown"}</div>
          <div className="text-muted-foreground">
            Signed in {format.dateTime(session.createdAt)} · last active {format.dateTime(session.lastActiveAt)}
          </div>
        </div>
      </div>
      {session.current ? null : (
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onRevoke} aria-label={`Sign out ${session.device}, signed in ${format.dateTime(session.createdAt)}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** /security: the devices signed in to the account, with sign-out per device or all others. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Where you are signed in</CardTitle>
        <CardDescription>Sign out any session you do not recognise, then change your password.</CardDescription>
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
            <ul className="divide-y" aria-label="Sessions">
              {sessions.data.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  busy={revoke.isPending}
                  onRevoke={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast.success(accountSecurityMessages.sessionRevoked),
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
                    onSuccess: ({ revoked }) => toast.success(accountSecurityMessages.otherSessionsRevoked(revoked)),
                  })
                }
              >
                Sign out all other sessions
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
