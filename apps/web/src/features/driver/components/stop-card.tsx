import { useState } from "react";
import { CloudUpload, ExternalLink, Navigation, Phone } from "lucide-react";
import type { DriverStop, FailureReason, RouteStopStatus } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { TFunction } from "i18next";
import { wazeLink } from "@/lib/map/handoff";
import { cn } from "@/lib/utils";
import { DeliverDialog, FAILURE_REASON_KEY, FailDialog, type Delivery } from "@/features/driver/components/stop-dialogs";
import { stopEta } from "@/features/driver/lib/route-view";

const STATUS_KEY = { pending: "stop.status.pending", arrived: "stop.status.arrived", done: "stop.status.done", failed: "stop.status.failed" } as const satisfies Record<RouteStopStatus, string>;
const STATUS_CLASS: Record<RouteStopStatus, string> = {
  pending: "border-border bg-muted text-foreground",
  arrived: "border-amber-600/40 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  done: "border-green-700/40 bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  failed: "border-red-700/40 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

const coord = (s: { lat: number; lng: number }) => `${Number(s.lat.toFixed(6))},${Number(s.lng.toFixed(6))}`;
/** Google Maps directions to one place from wherever the phone is. */
export const googleMapsTo = (s: { lat: number; lng: number }) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(coord(s))}&travelmode=driving`;
/** Apple Maps directions to one place from wherever the phone is. */
export const appleMapsTo = (s: { lat: number; lng: number }) => `https://maps.apple.com/?daddr=${encodeURIComponent(coord(s))}&dirflg=d`;

/** "Failed", "Failed: Not home", "Failed at 10:30" or "Failed: Not home at 10:30". */
function failedLine(t: TFunction<"driver">, reason: FailureReason | null, time: string | null): string {
  if (reason && time) return t("stop.failedReasonAt", { reason: t(FAILURE_REASON_KEY[reason]), time });
  if (reason) return t("stop.failedReason", { reason: t(FAILURE_REASON_KEY[reason]) });
  if (time) return t("stop.failedAt", { time });
  return t("stop.failed");
}

export type StopAction = { type: "arrived" } | { type: "done"; delivery: Delivery } | { type: "failed"; reason: FailureReason; note: string | null };

/** One stop: when, where, its status, the hand-off to a navigation app and the driver's actions. */
export function StopCard({ stop, number, isNext, delayMs, waiting, proofRequired, onAction }: { stop: DriverStop; number: number; isNext: boolean; delayMs: number; waiting: boolean; proofRequired: boolean; onAction: (action: StopAction) => void }) {
  const [dialog, setDialog] = useState<"deliver" | "fail" | null>(null);
  const format = useFormat();
  const { t } = useTranslation("driver");
  const eta = stopEta(stop, delayMs);
  const open = stop.status === "pending" || stop.status === "arrived";
  const headingId = `stop-${stop.id}-title`;
  return (
    <li aria-labelledby={headingId} data-stop-id={stop.id} data-status={stop.status} className={cn("rounded-lg border bg-card p-3 shadow-sm", isNext && "border-primary ring-1 ring-primary")}>
      <div className="flex items-start gap-3">
        <span aria-hidden className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
          {number}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold break-words">
            <span className="sr-only">{t("stop.srTitle", { number })}</span>
            {stop.label}
          </h3>
          {stop.address ? <p className="text-sm break-words text-muted-foreground">{stop.address}</p> : null}
          <p className="mt-1 text-sm">
            {t("stop.planned", { time: format.time(stop.plannedArrival) })}
            {eta && delayMs >= 60_000 ? <span className="font-medium">{t("stop.eta", { time: format.time(eta) })}</span> : null}
            {stop.timeWindow ? <span className="text-muted-foreground">{t("stop.window", { start: format.time(stop.timeWindow.start), end: format.time(stop.timeWindow.end) })}</span> : null}
          </p>
          {stop.status === "done" && stop.completedAt ? <p className="text-sm text-muted-foreground">{t("stop.deliveredAt", { time: format.time(stop.completedAt) })}
            {stop.proof.length > 0 ? t("stop.proofFiles", { count: stop.proof.length, files: format.number(stop.proof.length) }) : null}</p> : null}
          {stop.status === "failed" ? <p className="text-sm text-muted-foreground">{failedLine(t, stop.failureReason, stop.completedAt ? format.time(stop.completedAt) : null)}</p> : null}
          {stop.note ? <p className="text-sm text-muted-foreground">{stop.note}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge variant="outline" className={STATUS_CLASS[stop.status]}>
            {t(STATUS_KEY[stop.status])}
          </Badge>
          {waiting ? (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <CloudUpload className="size-3" aria-hidden />
              {t("stop.notSynced")}
            </span>
          ) : null}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" aria-label={t("stop.navigateTo", { number })}>
              <Navigation aria-hidden />
              {t("stop.navigate")}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {[
              ["Google Maps", googleMapsTo(stop)],
              ["Apple Maps", appleMapsTo(stop)],
              ["Waze", wazeLink(stop)],
            ].map(([name, url]) => (
              <DropdownMenuItem key={name} asChild>
                <a href={url} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden />
                  {name}
                </a>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        {stop.contact?.phone ? (
          <Button variant="outline" size="sm" asChild>
            <a href={`tel:${stop.contact.phone.replace(/[^+\d]/g, "")}`}>
              <Phone aria-hidden />
              {t("stop.call")}
            </a>
          </Button>
        ) : null}
        {stop.status === "pending" ? (
          <Button variant="secondary" size="sm" onClick={() => onAction({ type: "arrived" })} aria-label={t("stop.arrivedAt", { number })}>
            {t("stop.arrived")}
          </Button>
        ) : null}
        {open ? (
          <>
            <Button size="sm" onClick={() => setDialog("deliver")} aria-label={t("stop.deliveredStop", { number })}>
              {t("stop.delivered")}
            </Button>
            <Button variant="outline" size="sm" className="text-destructive" onClick={() => setDialog("fail")} aria-label={t("stop.failedStop", { number })}>
              {t("stop.failed")}
            </Button>
          </>
        ) : null}
      </div>
      {dialog === "deliver" ? (
        <DeliverDialog
          stop={stop}
          proofRequired={proofRequired}
          open
          onOpenChange={(o) => setDialog(o ? "deliver" : null)}
          onConfirm={(delivery) => {
            setDialog(null);
            onAction({ type: "done", delivery });
          }}
        />
      ) : null}
      {dialog === "fail" ? (
        <FailDialog
          stop={stop}
          open
          onOpenChange={(o) => setDialog(o ? "fail" : null)}
          onConfirm={({ reason, note }) => {
            setDialog(null);
            onAction({ type: "failed", reason, note });
          }}
        />
      ) : null}
    </li>
  );
}
