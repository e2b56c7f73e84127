import { CloudOff, RefreshCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { waitingActions, type OutboxItem, type RejectedItem } from "@/features/driver/lib/outbox";

/** "3 changes waiting to sync", or nothing. */
export function waitingText(count: number): string {
  return count === 0 ? "" : `${count} ${count === 1 ? "change" : "changes"} waiting to sync`;
}

/**
 * What the phone has not sent yet: an offline banner, how many actions wait (announced politely),
 * "Sync now", and actions the server refused for good with its reason.
 */
export function SyncStatus({ online, pending, rejected, syncing, onSync, onDismiss }: { online: boolean; pending: OutboxItem[]; rejected: RejectedItem[]; syncing: boolean; onSync: () => void; onDismiss: (id: string) => void }) {
  const count = waitingActions(pending);
  return (
    <div className="grid gap-2">
      {!online ? (
        <Alert data-testid="offline-banner">
          <CloudOff aria-hidden />
          <AlertTitle>You're offline</AlertTitle>
          <AlertDescription>Your changes are kept on this phone and sent as soon as you're back online.</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex min-h-6 items-center justify-between gap-2">
        <p role="status" aria-live="polite" data-testid="sync-status" className="text-sm font-medium">
          {count > 0 ? waitingText(count) : pending.length === 0 && online ? "All changes synced" : ""}
        </p>
        {count > 0 && online ? (
          <Button variant="outline" size="sm" onClick={onSync} disabled={syncing}>
            <RefreshCw aria-hidden className={syncing ? "animate-spin" : undefined} />
            {syncing ? "Syncing…" : "Sync now"}
          </Button>
        ) : null}
      </div>
      {rejected.map(({ item, message }) => (
        <Alert key={item.id} variant="destructive">
          <AlertTitle>{`Not saved: ${item.label}`}</AlertTitle>
          <AlertDescription>
            <p>{message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => onDismiss(item.id)}>
              Dismiss
            </Button>
          </AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
