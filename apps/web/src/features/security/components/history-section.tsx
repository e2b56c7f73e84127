import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useSecurityEvents } from "@/features/security/api/account-security";

const eventNames: Record<string, string> = {
  sign_in: "Sign-in",
  sign_out: "Sign-out",
  sign_up: "Account created",
  password_change: "Password changed",
  password_reset: "Password reset",
  two_factor_enable: "Two-factor turned on",
  two_factor_disable: "Two-factor turned off",
  two_factor_verify: "Two-factor code",
  session_revoke: "Session signed out",
  data_export: "Data downloaded",
};

/** /security: the account's sign-in history, newest first, 20 at a time. */
export function HistorySection() {
  const events = useSecurityEvents();
  const format = useFormat();
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in history</CardTitle>
        <CardDescription>Sign-ins, failed attempts with your e-mail address, sign-outs and security changes.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : events.isError ? (
          <ErrorCard message={errorMessage(events.error)} onRetry={() => void events.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No events yet.</p>
        ) : (
          <>
            <ol className="divide-y" aria-label="Sign-in history">
              {rows.map((event) => (
                <li key={event.id} className="flex gap-3 py-2.5 text-sm">
                  {event.outcome === "success" ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                  )}
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium">
                      {eventNames[event.eventType] ?? event.action}
                      {event.outcome === "failure" ? " failed" : ""}
                      {event.action !== event.eventType.replaceAll("_", " ") && eventNames[event.eventType] ? <span className="font-normal text-muted-foreground"> — {event.action}</span> : null}
                    </span>
                    <span className="text-muted-foreground">
                      <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time> · {event.device} · {event.ipAddress ?? "unknown IP"}
                    </span>
                  </div>
                </li>
              ))}
            </ol>
            {events.hasNextPage ? (
              <Button type="button" variant="outline" className="mt-3" disabled={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
                Show older events
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
