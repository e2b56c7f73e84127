import { Link } from "react-router";
import { Gauge } from "lucide-react";
import { OVERAGE_PENCE_PER_ROUTE, usageStanding, type PlanSummary, type UsageStanding } from "@routepilot/contracts";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { useFormat } from "@/lib/format";
import { cn } from "@/lib/utils";
import { usePlan } from "@/features/dashboard/api/get-plan";
import { useTranslation } from "@/lib/i18n";
import type { TFunction } from "i18next";

/** contracts' `usageStanding` detail in the reader's language: routes over the limit, none left, or how many are left (the team's quota when it runs out first). */
function usageDetail(plan: PlanSummary, usage: UsageStanding, t: TFunction<"dashboard">): string {
  if (usage.tone === "over") return t("usage.over", { count: usage.overBy });
  const teamLeft = plan.isTeamMember && plan.teamQuota !== undefined && plan.teamUsed !== undefined ? Math.max(0, plan.teamQuota - plan.teamUsed) : Infinity;
  const teamShort = teamLeft < Math.max(0, usage.limit - usage.used);
  if (usage.remaining === 0) return teamShort ? t("usage.noneLeftTeam") : t("usage.noneLeft");
  return teamShort ? t("usage.leftTeam", { count: usage.remaining }) : t("usage.left", { count: usage.remaining });
}

function UsageDetails({ plan }: { plan: PlanSummary }) {
  const format = useFormat();
  // The same words as the planner's usage bar (contracts' usageStanding).
  const usage = usageStanding(plan);
  const { t } = useTranslation("dashboard");
  const label = plan.isTeamMember ? t("usage.teamMember") : plan.planName;
  return (
    <>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{t("usage.yourPlan", { plan: label })}</CardTitle>
          <Gauge className="size-5 text-primary" aria-hidden="true" />
        </div>
        <CardDescription>
          {plan.isTeamMember ? t("usage.teamDescription") : t("usage.description")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-3xl font-bold tracking-tight">
          {usage.used}
          <span className="text-base font-medium text-muted-foreground">{t("usage.used", { count: usage.limit })}</span>
        </p>
        <div
          role="progressbar"
          aria-label={t("usage.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={usage.percent}
          aria-valuetext={t("usage.percentUsed", { percent: format.percent(usage.percent) })}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn("h-full rounded-full transition-all", usage.tone === "over" || usage.tone === "full" ? "bg-destructive" : usage.tone === "warning" ? "bg-warning-foreground" : "bg-primary")}
            style={{ width: `${usage.percent}%` }}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          {usageDetail(plan, usage, t)}.{usage.tone === "over" ? t("usage.extraCost", { price: format.money(OVERAGE_PENCE_PER_ROUTE) }) : ""}
        </p>
      </CardContent>
      <CardFooter>
        <Button asChild variant={usage.percent >= 80 ? "default" : "outline"} size="sm">
          <Link to="/pricing">{plan.subscriptionTier === "fleet_pro" ? t("usage.comparePlans") : t("usage.upgrade")}</Link>
        </Button>
      </CardFooter>
    </>
  );
}

/** The signed-in user's plan usage from GET /api/me/plan. */
export function PlanUsageCard() {
  const plan = usePlan();
  const { t } = useTranslation("dashboard");
  return (
    <Card role="region" aria-label={t("usage.region")}>
      {plan.isPending ? (
        <div className="grid gap-3 p-6" aria-label={t("usage.loading")}>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-2.5 w-full" />
        </div>
      ) : plan.isError ? (
        <ErrorCard className="border-0 shadow-none" message={t("usage.loadFailed")} onRetry={() => void plan.refetch()} />
      ) : (
        <UsageDetails plan={plan.data} />
      )}
    </Card>
  );
}
