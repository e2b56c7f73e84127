import { CloudOff, RefreshCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { TFunction } from "i18next";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { waitingActions, type OutboxItem, type RejectedItem } from "@/features/driver/lib/outbox";

/** "3 changes waiting to sync", or nothing. */
export function waitingText(count: number, t: TFunction<"driver">, formatted: string = String(count)): string {
  return count === 0 ? "" : t("sync.waiting", { count, changes: formatted });
}

/** Refused items grouped by the driver's action (a proof and its "done" event are one tap), first refused first. */
function refusedActions(rejected: RejectedItem[]): { id: string; label: string; messages: string[] }[] {
  const byAction = new Map<string, { id: string; label: string; messages: string[] }>();
  for (const { item, message } of [...rejected].sort((a, b) => a.rejectedAt.localeCompare(b.rejectedAt))) {
    const group = byAction.get(item.action);
    if (!group) byAction.set(item.action, { id: item.id, label: item.label, messages: [message] });
    else if (!group.messages.includes(message)) group.messages.push(message);
  }
  return [...byAction.values()];
}

/**
 * What the phone has not sent yet: an offline banner, how many actions wait (announced politely),
 * "Sync now", and actions the server refused for good with its reason, kept until the driver sends
 * them again ("Try again") or lets them go ("Discard").
 */
export function SyncStatus({
  online,
  pending,
  rejected,
  syncing,
  onSync,
  onRetry,
  onDismiss,
}: {
  online: boolean;
  pending: OutboxItem[];
  rejected: RejectedItem[];
  syncing: boolean;
  onSync: () => void;
  onRetry: (id: string) => void;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation("driver");
  const format = useFormat();
  const count = waitingActions(pending);
  return (
    <div className="grid gap-2">
      {!online ? (
        <Alert data-testid="offline-banner">
          <CloudOff aria-hidden />
          <AlertTitle>{t("sync.offlineTitle")}</AlertTitle>
          <AlertDescription>{t("sync.offline")}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex min-h-6 items-center justify-between gap-2">
        <p role="status" aria-live="polite" data-testid="sync-status" className="text-sm font-medium">
          {count > 0 ? waitingText(count, t, format.number(count)) : pending.length === 0 && online ? t("sync.allSynced") : ""}
        </p>
        {count > 0 && online ? (
          <Button variant="outline" size="sm" onClick={onSync} disabled={syncing}>
            <RefreshCw aria-hidden className={syncing ? "animate-spin" : undefined} />
            {syncing ? t("sync.syncing") : t("sync.now")}
          </Button>
        ) : null}
      </div>
      {refusedActions(rejected).map(({ id, label, messages }) => (
        <Alert key={id} variant="destructive" data-testid="sync-rejected">
          <AlertTitle>{t("sync.notSaved", { label })}</AlertTitle>
          <AlertDescription>
            {messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" aria-label={t("sync.retryLabel", { label })} onClick={() => onRetry(id)}>
                {t("sync.retry")}
              </Button>
              <Button variant="ghost" size="sm" aria-label={t("sync.discardLabel", { label })} onClick={() => onDismiss(id)}>
                {t("sync.discard")}
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
