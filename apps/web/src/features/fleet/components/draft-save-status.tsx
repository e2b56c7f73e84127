import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import type { DraftSyncStatus } from "@/features/fleet/hooks/use-order-draft-sync";
import { planFieldName, type DraftOrder } from "@/features/fleet/lib/order-import";

/**
 * Whether the day's orders are kept on the server, beside them: "Saving…", "Saved", or the
 * server's message with a retry (a failed save or load is never silent; decision 018's inline case).
 */
export function DraftSaveStatus({ status, drafts }: { status: DraftSyncStatus; drafts: readonly DraftOrder[] }) {
  const { t } = useTranslation("fleet");
  switch (status.state) {
    case "idle":
      return null;
    case "loading":
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-3" /> {t("drafts.loading")}
        </p>
      );
    case "saving":
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-3" /> {t("drafts.saving")}
        </p>
      );
    case "saved":
      return (
        <p role="status" className="text-sm text-muted-foreground">
          {t("drafts.saved")}
        </p>
      );
    case "loadFailed":
    case "saveFailed": {
      const fields = status.error instanceof ApiError ? status.error.localizedFields : undefined;
      return (
        <div role="alert" className="grid gap-1 text-sm font-medium text-destructive">
          <p>
            {t(status.state === "loadFailed" ? "drafts.loadFailed" : "drafts.saveFailed", { message: errorMessage(status.error) })}
            {status.state === "loadFailed" ? t("drafts.loadFailedHint") : null}
          </p>
          {fields ? (
            <ul className="list-disc pl-5 font-normal">
              {Object.entries(fields).map(([field, message]) => (
                <li key={field}>
                  {planFieldName(field, drafts)}: {message}
                </li>
              ))}
            </ul>
          ) : null}
          <div>
            <Button type="button" size="sm" variant="outline" onClick={status.retry}>
              {t("tryAgain")}
            </Button>
          </div>
        </div>
      );
    }
  }
}
