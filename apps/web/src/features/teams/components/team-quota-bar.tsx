import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

/** The team's routes used this month against its total quota (the owner's monthly limit). */
export function TeamQuotaBar({ used, total, allocated }: { used: number; total: number; allocated: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : used > 0 ? 100 : 0;
  const tone = percent >= 100 ? "bg-destructive" : percent >= 80 ? "bg-warning-foreground" : "bg-primary";
  const { t } = useTranslation("teams");
  const label = t("quota.used", { used, total });
  return (
    <section aria-label={t("quota.label")} className="grid gap-1.5 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {t("quota.allocated", { allocated, total })}
        </span>
      </div>
      <div role="progressbar" aria-label={t("quota.usage")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={label} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className={cn("h-full rounded-full transition-all", tone)} style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
