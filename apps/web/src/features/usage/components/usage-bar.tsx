import { Link } from "react-router";
import { Gauge } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useUsage } from "@/features/usage/api/get-usage";
import { usageMeter } from "@/features/usage/lib/usage-meter";

/**
 * Routes used this month against the plan limit (GET /api/me/usage), as a labelled progress bar.
 * `compact` is the one-line version for the planner. Near or at the limit it links the plans:
 * "Upgrade" only where plans are sold online (`paymentsEnabled`), else "See plans".
 */
export function UsageBar({ compact = false, className, paymentsEnabled = false }: { compact?: boolean; className?: string; paymentsEnabled?: boolean }) {
  const usage = useUsage();
  if (usage.isPending) return <Skeleton className={cn("h-12 w-full max-w-sm", className)} aria-label="Loading route usage" />;
  if (usage.isError) return <p className={cn("text-sm text-muted-foreground", className)}>Your route usage could not be loaded.</p>;
  const meter = usageMeter(usage.data);
  const planLabel = usage.data.isTeamMember ? "Team Member" : usage.data.planName;
  return (
    <section aria-label="Route usage" className={cn("grid gap-1.5", compact ? "min-w-56" : "rounded-xl border bg-card p-5 shadow-sm", className)}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-1.5 font-medium">
          <Gauge className="size-4 text-primary" aria-hidden="true" />
          <span>{meter.label}</span>
        </span>
        <span className="text-muted-foreground">{planLabel} plan</span>
      </div>
      <div
        role="progressbar"
        aria-label="Monthly route usage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={meter.percent}
        aria-valuetext={`${meter.label}, ${meter.detail}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full transition-all", meter.tone === "over" || meter.tone === "full" ? "bg-destructive" : meter.tone === "warning" ? "bg-warning-foreground" : "bg-primary")}
          style={{ width: `${meter.percent}%` }}
        />
      </div>
      <p className={cn("text-xs", meter.tone === "over" || meter.tone === "full" ? "font-medium text-destructive" : "text-muted-foreground")}>
        {meter.detail}
        {meter.tone !== "ok" ? (
          <>
            {" · "}
            <Link to="/pricing" className="font-medium text-primary underline underline-offset-2">
              {paymentsEnabled ? "Upgrade" : "See plans"}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
