import { useEffect, useRef, useState } from "react";
import { ArrowDown, ArrowUp, GripVertical, Pin, Trash2 } from "lucide-react";
import type { RouteDetail } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { useFormatDistance } from "@/lib/format-distance";
import { useFormat } from "@/lib/format";
import { clockAfter } from "@/lib/format-duration";
import { useTranslation } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { MatchBadge } from "@/features/planner/components/match-badge";

type RouteStopsListProps = {
  route: RouteDetail;
  /** Stop ids in the order shown (the route's order until the user moves stops). */
  order: string[];
  pinned: ReadonlySet<string>;
  selected: number | null;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onTogglePin: (id: string) => void;
  /** Removes a stop from the saved route (a remove button per stop when given). */
  onRemove?: ((id: string) => void) | undefined;
  readOnly?: boolean;
};

/**
 * The stops in route order with ETA and the leg from the previous place. Stops can be dragged
 * to another position or moved with the up/down buttons, and pinned to keep their position
 * when the rest is re-optimised. Selecting a row highlights its marker on the map.
 */
export function RouteStopsList({ route, order, pinned, selected, onSelect, onMove, onTogglePin, onRemove, readOnly = false }: RouteStopsListProps) {
  const byId = new Map(route.stops.map((s) => [s.id, s]));
  const stops = order.map((id) => byId.get(id)).filter((s) => s !== undefined);
  const reordered = order.some((id, i) => route.stops[i]?.id !== id);
  const formatDistance = useFormatDistance();
  const formatDuration = useFormat().duration;
  const { t } = useTranslation("planner");
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);

  useEffect(() => {
    if (selected !== null) itemRefs.current[selected]?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [selected]);

  const endLabel = route.roundTrip ? t("stops.backToStart", { label: route.start.label }) : route.end ? t("stops.end", { label: route.end.label }) : null;

  return (
    <ol className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-label={t("stops.label")}>
      <li className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-success text-xs font-bold text-success-foreground" aria-hidden="true">
          {t("stops.startMark")}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">
            {t("stops.start", { label: route.start.label })}
            <MatchBadge match={route.start.match} className="ml-2 align-middle" />
          </p>
          <p className="text-xs text-muted-foreground">{t("stops.departs", { time: route.departureTime })}</p>
        </div>
      </li>
      {stops.map((stop, index) => {
        const isPinned = pinned.has(stop.id);
        // A dispatched multi-trip fleet route goes back to its start to reload before this stop (issue 26): a row of its own, not a stop.
        const reloads = reordered ? [] : (route.reloads ?? []).filter((r) => index > 0 && r.afterSequence === stops[index - 1]?.sequence);
        return [
          ...reloads.map((r) => (
            <li key={`reload-${r.afterSequence}`} className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm text-muted-foreground" data-reload="">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full border border-dashed text-xs font-bold" aria-hidden="true">
                {t("stops.startMark")}
              </span>
              <p>
                <span className="font-medium text-foreground">{t("stops.reload")}</span> · {clockAfter(route.departureTime, r.arrivalSeconds)}–{clockAfter(route.departureTime, r.departureSeconds)} · {route.start.label}
              </p>
            </li>
          )),
          <li
            key={stop.id}
            ref={(el) => {
              itemRefs.current[index] = el;
            }}
            data-testid="route-stop"
            draggable={!readOnly}
            onDragStart={(e) => {
              setDragFrom(index);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", stop.id);
            }}
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDragOver(index);
            }}
            onDragLeave={() => setDragOver((o) => (o === index ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null && dragFrom !== index) onMove(dragFrom, index);
              setDragFrom(null);
              setDragOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
            className={cn(
              // Wraps: on a phone the buttons go to their own line instead of squeezing the name.
              "flex flex-wrap items-center gap-2 rounded-lg border px-2 py-2 text-sm transition-colors",
              selected === index ? "border-primary bg-accent" : "border-transparent hover:bg-muted",
              dragOver === index && "border-dashed border-primary",
              dragFrom === index && "opacity-50",
            )}
          >
            {readOnly ? null : <GripVertical className="size-4 shrink-0 cursor-grab text-muted-foreground print:hidden" aria-hidden="true" />}
            <button
              type="button"
              className="flex min-w-0 flex-1 basis-48 items-center gap-3 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring"
              aria-pressed={selected === index}
              onClick={() => onSelect(index)}
            >
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                  selected === index ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground",
                )}
              >
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words">
                  {stop.label}
                  {isPinned ? <span className="sr-only">{t("stops.pinned")}</span> : null}
                  <MatchBadge match={stop.match} className="ml-2 align-middle" />
                </span>
                <span className="block text-xs text-muted-foreground">
                  {reordered ? t("stops.orderChanged") : `${t("stops.eta", { time: clockAfter(route.departureTime, stop.arrivalSeconds) })} · ${formatDistance(stop.legDistanceMeters)} · ${formatDuration(stop.legDurationSeconds)}`}
                  {stop.timeWindow ? t("stops.window", { from: clockAfter(route.departureTime, stop.timeWindow.start), to: clockAfter(route.departureTime, stop.timeWindow.end) }) : ""}
                </span>
                {stop.address && stop.address !== stop.label ? <span className="block text-xs break-words text-muted-foreground">{stop.address}</span> : null}
                {stop.note ? <span className="block text-xs break-words text-muted-foreground italic">{stop.note}</span> : null}
              </span>
            </button>
            {readOnly ? null : (
              <div className="ml-auto flex shrink-0 items-center print:hidden">
                <Button
                  variant="ghost"
                  size="icon"
                  className={cn("size-8", isPinned && "text-primary")}
                  aria-label={isPinned ? t("stops.unpin", { n: index + 1 }) : t("stops.pin", { n: index + 1 })}
                  aria-pressed={isPinned}
                  onClick={() => onTogglePin(stop.id)}
                >
                  <Pin aria-hidden="true" className={isPinned ? "fill-current" : "opacity-50"} />
                </Button>
                <Button variant="ghost" size="icon" className="size-8" aria-label={t("stops.moveUp", { n: index + 1 })} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="size-8" aria-label={t("stops.moveDown", { n: index + 1 })} disabled={index === stops.length - 1} onClick={() => onMove(index, index + 1)}>
                  <ArrowDown aria-hidden="true" />
                </Button>
                {onRemove ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:text-destructive"
                    aria-label={t("stops.remove", { n: index + 1, label: stop.label })}
                    disabled={stops.length === 1}
                    onClick={() => onRemove(stop.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            )}
          </li>,
        ];
      })}
      {endLabel ? (
        <li className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm">
          <span
            className={cn("flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold", route.roundTrip ? "bg-success text-success-foreground" : "bg-destructive text-destructive-foreground")}
            aria-hidden="true"
          >
            {route.roundTrip ? t("stops.startMark") : t("stops.endMark")}
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{endLabel}</p>
            {route.endArrivalSeconds !== null && !reordered ? (
              <p className="text-xs text-muted-foreground">
                {t("stops.eta", { time: clockAfter(route.departureTime, route.endArrivalSeconds) })}
                {route.endLegDistanceMeters !== null ? ` · ${formatDistance(route.endLegDistanceMeters)}` : ""}
                {route.endLegDurationSeconds !== null ? ` · ${formatDuration(route.endLegDurationSeconds)}` : ""}
              </p>
            ) : null}
          </div>
        </li>
      ) : null}
    </ol>
  );
}
