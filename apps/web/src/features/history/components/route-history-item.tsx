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

/** One route in the history: summary, open in the planner, re-optimise, rename, duplicate, delete. */
export function RouteHistoryItem({ route }: { route: RouteSummary }) {
  const format = useFormat();
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
          {route.shared ? <Badge variant="outline">Shared</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {format.dateTime(route.createdAt)} · from {route.startLabel} · {route.stopCount} stop{route.stopCount === 1 ? "" : "s"} · {format.distance(route.distanceMeters)} ·{" "}
          {format.duration(route.durationSeconds)}
          {route.savingPercent !== null && route.savingPercent > 0 ? ` · saved ${format.percent(route.savingPercent)}` : ""}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button asChild size="sm">
          <Link to={`/?route=${encodeURIComponent(route.id)}`} aria-label={`Open ${route.name} in the planner`}>
            Open
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={`/?route=${encodeURIComponent(route.id)}&reoptimize=1`} aria-label={`Re-optimise ${route.name}`}>
            <RefreshCw aria-hidden="true" />
            Re-optimise
          </Link>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`More actions for ${route.name}`}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setRenaming(true)}>
              <Pencil aria-hidden="true" />
              Rename
            </DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() =>
                duplicate.mutate(route.id, {
                  onSuccess: (copy) => toast.success(`Duplicated as "${copy.name}"`),
                })
              }
            >
              <Copy aria-hidden="true" />
              Duplicate
            </DropdownMenuItem>
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <RenameRouteDialog route={route} open={renaming} onOpenChange={setRenaming} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete “${route.name}”?`}
        description="The route, its stops and its share link are deleted. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => remove.mutateAsync(route.id).then(() => toast.success(`Deleted "${route.name}"`))}
      />
    </li>
  );
}
