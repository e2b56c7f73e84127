import { Link } from "react-router";
import { Gauge } from "lucide-react";
import { OVERAGE_PENCE_PER_ROUTE, usageStanding, type PlanSummary } from "@routepilot/contracts";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { useFormat } from "@/lib/format";
import { cn } from "@/lib/utils";
import { usePlan } from "@/features/dashboard/api/get-plan";

function UsageDetails({ plan }: { plan: PlanSummary }) {
  const format = useFormat();
  // The same words as the planner's usage bar (contracts' usageStanding).
  const usage = usageStanding(plan);
  const label = plan.isTeamMember ? "Team Member" : plan.planName;
  return (
    <>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Your plan: {label}</CardTitle>
          <Gauge className="size-5 text-primary" aria-hidden="true" />
        </div>
        <CardDescription>
          {plan.isTeamMember ? "Routes from your team allocation this month." : "Optimised routes this month."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-3xl font-bold tracking-tight">
          {usage.used}
          <span className="text-base font-medium text-muted-foreground"> of {usage.limit} routes used</span>
        </p>
        <div
          role="progressbar"
          aria-label="Monthly route usage"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={usage.percent}
          aria-valuetext={`${usage.percent}% used`}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn("h-full rounded-full transition-all", usage.tone === "over" || usage.tone === "full" ? "bg-destructive" : usage.tone === "warning" ? "bg-warning-foreground" : "bg-primary")}
            style={{ width: `${usage.percent}%` }}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          {usage.detail}.{usage.tone === "over" ? ` Each extra route costs ${format.money(OVERAGE_PENCE_PER_ROUTE)}.` : ""}
        </p>
      </CardContent>
      <CardFooter>
        <Button asChild variant={usage.percent >= 80 ? "default" : "outline"} size="sm">
          <Link to="/pricing">{plan.subscriptionTier === "fleet_pro" ? "Compare plans" : "Upgrade plan"}</Link>
        </Button>
      </CardFooter>
    </>
  );
}

/** The signed-in user's plan usage from GET /api/me/plan. */
export function PlanUsageCard() {
  const plan = usePlan();
  return (
    <Card role="region" aria-label="Plan usage">
      {plan.isPending ? (
        <div className="grid gap-3 p-6" aria-label="Loading plan usage">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-2.5 w-full" />
        </div>
      ) : plan.isError ? (
        <ErrorCard className="border-0 shadow-none" message="Your plan usage could not be loaded." onRetry={() => void plan.refetch()} />
      ) : (
        <UsageDetails plan={plan.data} />
      )}
    </Card>
  );
}
