import { useState } from "react";
import { ChevronDown, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { PlaceInput } from "@/features/planner/components/place-input";
import type { FieldErrors, StopDraft } from "@/features/planner/lib/planner-form";
import { useTranslation } from "@/lib/i18n";

type StopRowProps = {
  index: number;
  stop: StopDraft;
  errors: FieldErrors;
  near?: { lat: number; lng: number } | undefined;
  onChange: (patch: Partial<StopDraft>) => void;
  onRemove: () => void;
  canRemove: boolean;
};

/** One destination: its place, and (folded) label, notes, service time and time window. */
export function StopRow({ index, stop, errors, near, onChange, onRemove, canRemove }: StopRowProps) {
  const { t } = useTranslation("planner");
  const n = index + 1;
  const detailErrors = [errors[`stops.${index}.label`], errors[`stops.${index}.note`], errors[`stops.${index}.serviceSeconds`], errors[`stops.${index}.timeWindow`]].filter(Boolean);
  const hasDetails = Boolean(stop.label || stop.note || stop.serviceMinutes || stop.windowStart || stop.windowEnd);
  const [open, setOpen] = useState(detailErrors.length > 0);
  const showDetails = open || detailErrors.length > 0;
  const detailsId = `${stop.key}-details`;
  return (
    <li className="rounded-lg border bg-card p-3" data-testid="destination-row">
      <div className="flex items-start gap-2">
        <span className="mt-2 flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold" aria-hidden="true">
          {n}
        </span>
        <PlaceInput
          className="flex-1"
          label={t("stop.destination", { n })}
          hideLabel
          value={stop.place}
          onChange={(place) => onChange({ place })}
          error={errors[`stops.${index}`]}
          near={near}
        >
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={showDetails}
            aria-controls={detailsId}
            aria-label={t("stop.details", { n })}
            onClick={() => setOpen((o) => !o)}
            className={cn(hasDetails && "text-primary")}
          >
            <ChevronDown className={cn("transition-transform", showDetails && "rotate-180")} aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={t("stop.remove", { n })} onClick={onRemove} disabled={!canRemove} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden="true" />
          </Button>
        </PlaceInput>
      </div>
      <div id={detailsId} hidden={!showDetails} className="mt-3 grid gap-3 pl-8 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${stop.key}-label`}>{t("stop.label")}</Label>
          <Input id={`${stop.key}-label`} value={stop.label} maxLength={200} placeholder={t("stop.labelPlaceholder")} onChange={(e) => onChange({ label: e.target.value })} />
          <FieldError message={errors[`stops.${index}.label`]} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${stop.key}-service`}>{t("stop.serviceMinutes")}</Label>
          <Input
            id={`${stop.key}-service`}
            type="number"
            inputMode="numeric"
            min={0}
            max={1440}
            value={stop.serviceMinutes}
            onChange={(e) => onChange({ serviceMinutes: e.target.value })}
            aria-invalid={errors[`stops.${index}.serviceSeconds`] ? true : undefined}
          />
          <FieldError message={errors[`stops.${index}.serviceSeconds`]} />
        </div>
        <fieldset className="grid gap-1.5 sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium">{t("stop.timeWindow")}</legend>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={`${stop.key}-from`} className="sr-only">
              {t("stop.arriveFrom")}
            </Label>
            <Input id={`${stop.key}-from`} type="time" className="w-32" value={stop.windowStart} onChange={(e) => onChange({ windowStart: e.target.value })} />
            <span className="text-sm text-muted-foreground">{t("stop.to")}</span>
            <Label htmlFor={`${stop.key}-to`} className="sr-only">
              {t("stop.arriveBy")}
            </Label>
            <Input id={`${stop.key}-to`} type="time" className="w-32" value={stop.windowEnd} onChange={(e) => onChange({ windowEnd: e.target.value })} />
          </div>
          <FieldError message={errors[`stops.${index}.timeWindow`]} />
        </fieldset>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={`${stop.key}-note`}>{t("stop.notes")}</Label>
          <Textarea id={`${stop.key}-note`} rows={2} maxLength={1000} value={stop.note} onChange={(e) => onChange({ note: e.target.value })} />
          <FieldError message={errors[`stops.${index}.note`]} />
        </div>
      </div>
    </li>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  return message ? <p className="text-sm font-medium text-destructive">{message}</p> : null;
}
