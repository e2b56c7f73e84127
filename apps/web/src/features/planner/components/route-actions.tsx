import { useState } from "react";
import { toast } from "sonner";
import { Copy, Download, Link2, Link2Off, Printer } from "lucide-react";
import type { RouteDetail } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { NavigateMenu } from "@/lib/map/navigate-menu";
import { exportRouteUrl } from "@/features/planner/api/export-route";
import { useShareRoute } from "@/features/planner/api/share-route";
import { useUnshareRoute } from "@/features/planner/api/unshare-route";
import { useTranslation } from "@/lib/i18n";

/** Open in navigation apps, export GPX/CSV, print, and share a read-only link (revoking it asks first). */
export function RouteActions({ route, nextStop }: { route: RouteDetail; /** Index of the stop Apple Maps and Waze go to. */ nextStop: number }) {
  const { t } = useTranslation("planner");
  const share = useShareRoute();
  const unshare = useUnshareRoute();
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("actions.copied"));
    } catch {
      toast.info(t("actions.copyFromBox"));
    }
  }

  function revoke() {
    return unshare.mutateAsync(route.id).then(() => {
      setShareUrl(null);
      toast.success(t("actions.revoked"));
    });
  }

  return (
    <div className="grid gap-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        <NavigateMenu route={route} nextStop={nextStop} />
        <Button asChild variant="outline" size="sm">
          <a href={exportRouteUrl(route.id, "gpx")} download>
            <Download aria-hidden="true" />
            GPX
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={exportRouteUrl(route.id, "csv")} download>
            <Download aria-hidden="true" />
            CSV
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t("actions.print")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={share.isPending}
          onClick={() =>
            share.mutate(route.id, {
              onSuccess: (result) => {
                setShareUrl(result.url);
                void copy(result.url);
              },
            })
          }
        >
          <Link2 aria-hidden="true" />
          {t("actions.share")}
        </Button>
      </div>
      {shareUrl ? (
        <div className="grid gap-1.5 rounded-lg border p-3">
          <label htmlFor="share-url" className="text-sm font-medium">
            {t("actions.readOnlyLink")}
          </label>
          <div className="flex gap-2">
            <Input id="share-url" readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
            <Button variant="outline" size="icon" aria-label={t("actions.copyLink")} onClick={() => void copy(shareUrl)}>
              <Copy aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" className="text-destructive" disabled={unshare.isPending} onClick={() => setConfirmRevoke(true)}>
              <Link2Off aria-hidden="true" />
              {t("actions.revoke")}
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title={t("actions.revokeTitle")}
        description={t("actions.revokeDescription")}
        confirmLabel={t("actions.revokeConfirm")}
        cancelLabel={t("actions.keepSharing")}
        onConfirm={revoke}
      />
    </div>
  );
}
