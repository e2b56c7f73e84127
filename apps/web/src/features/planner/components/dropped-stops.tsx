import { RefreshCw } from "lucide-react";
import type { RouteDetail, UnassignedReasonCode } from "@routepilot/contracts";
import { useTranslation } from "@/lib/i18n";
import { Button } from "@/components/ui/button";

/** Why the solver left a stop out (contracts' `UnassignedReasonCode`) and what would fix it; unknown codes get a general answer. */
const reasonKeys = {
  time_window: { title: "dropped.reason.time_window.title", fix: "dropped.reason.time_window.fix" },
  shift: { title: "dropped.reason.shift.title", fix: "dropped.reason.shift.fix" },
  unreachable: { title: "dropped.reason.unreachable.title", fix: "dropped.reason.unreachable.fix" },
  skills: { title: "dropped.reason.skills.title", fix: "dropped.reason.skills.fix" },
  capacity: { title: "dropped.reason.capacity.title", fix: "dropped.reason.capacity.fix" },
  max_travel_time: { title: "dropped.reason.max_travel_time.title", fix: "dropped.reason.max_travel_time.fix" },
  max_distance: { title: "dropped.reason.max_distance.title", fix: "dropped.reason.max_distance.fix" },
  max_stops: { title: "dropped.reason.max_stops.title", fix: "dropped.reason.max_stops.fix" },
  precedence: { title: "dropped.reason.precedence.title", fix: "dropped.reason.precedence.fix" },
  no_vehicle: { title: "dropped.reason.no_vehicle.title", fix: "dropped.reason.no_vehicle.fix" },
  dropped: { title: "dropped.reason.dropped.title", fix: "dropped.reason.dropped.fix" },
  other: { title: "dropped.reason.other.title", fix: "dropped.reason.other.fix" },
} as const satisfies Record<UnassignedReasonCode | "other", { title: string; fix: string }>;

/** The stops that could not be included, by name, with why and what would fix it, and "Re-plan without them". */
export function DroppedStops({ unassigned, onReplanWithout, pending }: { unassigned: RouteDetail["unassigned"]; onReplanWithout: () => void; pending: boolean }) {
  const { t } = useTranslation("planner");
  if (unassigned.length === 0) return null;
  const n = unassigned.length;
  return (
    <section aria-label={t("dropped.label")} className="grid gap-2 rounded-lg border border-destructive/40 px-3 py-2 text-sm" data-testid="route-unassigned">
      <p className="font-medium text-destructive">
        {t("dropped.heading", { count: n })}
      </p>
      <ul className="grid gap-1.5">
        {unassigned.map((u) => {
          const keys = reasonKeys[u.reason as keyof typeof reasonKeys] ?? reasonKeys.other;
          const title = t(keys.title);
          const fix = t(keys.fix);
          return (
            <li key={`${u.inputIndex}-${u.label}`}>
              <span className="font-medium break-words">{u.label}</span>: {title}. <span className="text-muted-foreground">{fix}</span>
            </li>
          );
        })}
      </ul>
      <div className="print:hidden">
        <Button variant="outline" size="sm" onClick={onReplanWithout} disabled={pending}>
          <RefreshCw aria-hidden="true" className={pending ? "animate-spin" : undefined} />
          {t("dropped.replanWithout")}
        </Button>
      </div>
    </section>
  );
}
