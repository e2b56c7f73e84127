import { cn } from "@/lib/utils";

/** The team's routes used this month against its total quota (the owner's monthly limit). */
export function TeamQuotaBar({ used, total, allocated }: { used: number; total: number; allocated: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : used > 0 ? 100 : 0;
  const tone = percent >= 100 ? "bg-destructive" : percent >= 80 ? "bg-warning-foreground" : "bg-primary";
  const label = `${used} of ${total} team routes used this month`;
  return (
    <section aria-label="Team quota" className="grid gap-1.5 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {allocated} of {total} allocated to members
        </span>
      </div>
      <div role="progressbar" aria-label="Team route usage" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={label} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className={cn("h-full rounded-full transition-all", tone)} style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
