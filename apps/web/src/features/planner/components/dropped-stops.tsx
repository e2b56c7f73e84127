import { RefreshCw } from "lucide-react";
import { unassignedReasonText, type RouteDetail } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";

/** The stops that could not be included, by name, with why and what would fix it, and "Re-plan without them". */
export function DroppedStops({ unassigned, onReplanWithout, pending }: { unassigned: RouteDetail["unassigned"]; onReplanWithout: () => void; pending: boolean }) {
  if (unassigned.length === 0) return null;
  const n = unassigned.length;
  return (
    <section aria-label="Stops not included" className="grid gap-2 rounded-lg border border-destructive/40 px-3 py-2 text-sm" data-testid="route-unassigned">
      <p className="font-medium text-destructive">
        {n === 1 ? "1 stop could not be included" : `${n} stops could not be included`} — shown on the map with ×
      </p>
      <ul className="grid gap-1.5">
        {unassigned.map((u) => {
          const { title, fix } = unassignedReasonText(u.reason);
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
          Re-plan without them
        </Button>
      </div>
    </section>
  );
}
