import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useFormat } from "@/lib/format";
import { localDate, relativeDay, shiftDate } from "@/lib/operating-day";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

/**
 * The operating day's picker (issue 25), the same on the planner, the fleet overview, Live and
 * the driver app: the day in words ("Monday 30 November · tomorrow"), previous and next day, a
 * date field, and "Today" when another day is shown.
 */
export function DayPicker({ value, onChange, className, label }: { value: string; onChange: (day: string) => void; className?: string; label?: string }) {
  const { t } = useTranslation("ui");
  const format = useFormat();
  const today = localDate();
  const relative = relativeDay(value, today);
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label ?? t("day.label")}>
        <Button type="button" variant="outline" size="icon" aria-label={t("day.previous")} onClick={() => onChange(shiftDate(value, -1))}>
          <ChevronLeft />
        </Button>
        <Input type="date" aria-label={t("day.date")} value={value} onChange={(e) => e.target.value && onChange(e.target.value)} className="w-44" required />
        <Button type="button" variant="outline" size="icon" aria-label={t("day.next")} onClick={() => onChange(shiftDate(value, 1))}>
          <ChevronRight />
        </Button>
        {value !== today ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(today)}>
            {t("day.today")}
          </Button>
        ) : null}
      </div>
      <p className="text-sm font-medium" data-testid="day-title">
        {format.day(value, "weekday")}
        {relative ? <span className="font-normal text-muted-foreground"> · {relative}</span> : null}
      </p>
    </div>
  );
}
