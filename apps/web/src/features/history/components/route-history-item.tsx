import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Copy, MoreHorizontal, Pencil, RefreshCw, Trash2 } from "lucide-react";
import type { RouteSummary } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useFormat } from "@/lib/format";
import { useDeleteRoute } from "@/features/history/api/delete-route";
import { useDuplicateRoute } from "@/features/history/api/duplicate-route";
import { RenameRouteDialog } from "@/features/history/components/rename-route-dialog";
import { useTranslation } from "@/lib/i18n";

/** One route in the history: summary, open in the planner, re-optimise, rename, duplicate, delete. */
export function RouteHistoryItem({ route }: { route: RouteSummary }) {
  const format = useFormat();
  const { t } = useTranslation(["history", "common"]);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const duplicate = useDuplicateRoute();
  const remove = useDeleteRoute();
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center" data-testid="history-route">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/?route=${encodeURIComponent(route.id)}`} className="truncate text-base font-semibold hover:underline">
            {route.name}
          </Link>
          {route.shared ? <Badge variant="outline">{t("item.shared")}</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("item.summary", {
            date: format.dateTime(route.createdAt),
            start: route.startLabel,
            stops: t("item.stops", { count: route.stopCount }),
            distance: format.distance(route.distanceMeters),
            duration: format.duration(route.durationSeconds),
          })}
          {route.savingPercent !== null && route.savingPercent > 0 ? t("item.saved", { percent: format.percent(route.savingPercent) }) : ""}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button asChild size="sm">
          <Link to={`/?route=${encodeURIComponent(route.id)}`} aria-label={t("item.openLabel", { name: route.name })}>
            {t("item.open")}
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={`/?route=${encodeURIComponent(route.id)}&reoptimize=1`} aria-label={t("item.reoptimiseLabel", { name: route.name })}>
            <RefreshCw aria-hidden="true" />
            {t("item.reoptimise")}
          </Link>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t("item.more", { name: route.name })}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setRenaming(true)}>
              <Pencil aria-hidden="true" />
              {t("item.rename")}
            </DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() =>
                duplicate.mutate(route.id, {
                  onSuccess: (copy) => toast.success(t("item.duplicated", { name: copy.name })),
                })
              }
            >
              <Copy aria-hidden="true" />
              {t("item.duplicate")}
            </DropdownMenuItem>
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              {t("common:delete")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <RenameRouteDialog route={route} open={renaming} onOpenChange={setRenaming} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("item.deleteTitle", { name: route.name })}
        description={t("item.deleteDescription")}
        confirmLabel={t("common:delete")}
        onConfirm={() => remove.mutateAsync(route.id).then(() => toast.success(t("item.deleted", { name: route.name })))}
      />
    </li>
  );
}
