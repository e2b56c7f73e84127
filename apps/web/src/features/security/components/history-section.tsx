import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useSecurityEvents } from "@/features/security/api/account-security";
import { useTranslation } from "@/lib/i18n";

type EventKey =
  | "history.event.signIn"
  | "history.event.signOut"
  | "history.event.signUp"
  | "history.event.passwordChange"
  | "history.event.passwordReset"
  | "history.event.twoFactorEnable"
  | "history.event.twoFactorDisable"
  | "history.event.twoFactorVerify"
  | "history.event.sessionRevoke"
  | "history.event.dataExport";

/** The events the history names; any other is shown by the server's own action text. */
const eventKeys: Record<string, EventKey> = {
  sign_in: "history.event.signIn",
  sign_out: "history.event.signOut",
  sign_up: "history.event.signUp",
  password_change: "history.event.passwordChange",
  password_reset: "history.event.passwordReset",
  two_factor_enable: "history.event.twoFactorEnable",
  two_factor_disable: "history.event.twoFactorDisable",
  two_factor_verify: "history.event.twoFactorVerify",
  session_revoke: "history.event.sessionRevoke",
  data_export: "history.event.dataExport",
};

/** /security: the account's sign-in history, newest first, 20 at a time. */
export function HistorySection() {
  const { t } = useTranslation("security");
  const events = useSecurityEvents();
  const format = useFormat();
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("history.title")}</CardTitle>
        <CardDescription>{t("history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : events.isError ? (
          <ErrorCard message={errorMessage(events.error)} onRetry={() => void events.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("history.none")}</p>
        ) : (
          <>
            <ol className="divide-y" aria-label={t("history.title")}>
              {rows.map((event) => {
                const key = eventKeys[event.eventType];
                const name = key ? t(key) : event.action;
                return (
                <li key={event.id} className="flex gap-3 py-2.5 text-sm">
                  {event.outcome === "success" ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                  )}
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium">
                      {event.outcome === "failure" ? t("history.failed", { event: name }) : name}
                      {event.action !== event.eventType.replaceAll("_", " ") && key ? <span className="font-normal text-muted-foreground"> — {event.action}</span> : null}
                    </span>
                    <span className="text-muted-foreground">
                      <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time> · {event.device} · {event.ipAddress ?? t("history.unknownIp")}
                    </span>
                  </div>
                </li>
                );
              })}
            </ol>
            {events.hasNextPage ? (
              <Button type="button" variant="outline" className="mt-3" disabled={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
                {t("history.showOlder")}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
