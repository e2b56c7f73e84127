import { Link } from "react-router";
import { Gauge } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useUsage } from "@/features/usage/api/get-usage";
import { usageMeter, type UsageMeter } from "@/features/usage/lib/usage-meter";
import type { UsageSummary } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";

/** contracts' `usageStanding` detail in the reader's language: over the limit, none left, or how many are left (the team's quota when it runs out first). */
function usageDetail(usage: UsageSummary, meter: UsageMeter, t: TFunction<"usage">): string {
  if (meter.tone === "over") return t("over", { count: meter.overBy });
  const teamLeft = usage.isTeamMember && usage.teamQuota !== undefined && usage.teamUsed !== undefined ? Math.max(0, usage.teamQuota - usage.teamUsed) : Infinity;
  const teamShort = teamLeft < Math.max(0, meter.limit - meter.used);
  if (meter.remaining === 0) return teamShort ? t("noneLeftTeam") : t("noneLeft");
  return teamShort ? t("leftTeam", { count: meter.remaining }) : t("left", { count: meter.remaining });
}

/**
 * Routes used this month against the plan limit (GET /api/me/usage), as a labelled progress bar.
 * `compact` is the one-line version for the planner. Near or at the limit it links the plans:
 * "Upgrade" only where plans are sold online (`paymentsEnabled`), else "See plans".
 */
export function UsageBar({ compact = false, className, paymentsEnabled = false }: { compact?: boolean; className?: string; paymentsEnabled?: boolean }) {
  const usage = useUsage();
  const { t } = useTranslation("usage");
  if (usage.isPending) return <Skeleton className={cn("h-12 w-full max-w-sm", className)} aria-label={t("loading")} />;
  if (usage.isError) return <p className={cn("text-sm text-muted-foreground", className)}>{t("loadFailed")}</p>;
  const meter = usageMeter(usage.data);
  const planLabel = usage.data.isTeamMember ? t("teamMember") : usage.data.planName;
  const label = t("used", { used: meter.used, count: meter.limit });
  const detail = usageDetail(usage.data, meter, t);
  return (
    <section aria-label={t("region")} className={cn("grid gap-1.5", compact ? "min-w-56" : "rounded-xl border bg-card p-5 shadow-sm", className)}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-1.5 font-medium">
          <Gauge className="size-4 text-primary" aria-hidden="true" />
          <span>{label}</span>
        </span>
        <span className="text-muted-foreground">{t("plan", { plan: planLabel })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={meter.percent}
        aria-valuetext={t("valueText", { label, detail })}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full transition-all", meter.tone === "over" || meter.tone === "full" ? "bg-destructive" : meter.tone === "warning" ? "bg-warning-foreground" : "bg-primary")}
          style={{ width: `${meter.percent}%` }}
        />
      </div>
      <p className={cn("text-xs", meter.tone === "over" || meter.tone === "full" ? "font-medium text-destructive" : "text-muted-foreground")}>
        {detail}
        {meter.tone !== "ok" ? (
          <>
            {" · "}
            <Link to="/pricing" className="font-medium text-primary underline underline-offset-2">
              {paymentsEnabled ? t("upgrade") : t("seePlans")}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
