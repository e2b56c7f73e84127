import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { periodErrors, periodPresets, type PeriodState } from "./period";
import { useTranslation } from "@/lib/i18n";

/**
 * This month / last 3 months / last 12 months / custom from–to (validated with the contracts'
 * messages before it reaches the URL). Takes the state of usePeriod().
 */
const presetKeys = {
  "this-month": "period.presets.this-month",
  "last-3-months": "period.presets.last-3-months",
  "last-12-months": "period.presets.last-12-months",
  custom: "period.presets.custom",
} as const;

export function PeriodPicker({ state, className }: { state: PeriodState; className?: string }) {
  const { t } = useTranslation("ui");
  const [showCustom, setShowCustom] = useState(state.preset === "custom");
  const [draft, setDraft] = useState(state.custom);
  const [errors, setErrors] = useState(state.errors);

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = periodErrors(draft);
    setErrors(found);
    if (!found) state.setCustom(draft);
  }

  return (
    <div className={cn("grid gap-3", className)}>
      <div role="group" aria-label={t("period.group")} className="flex flex-wrap gap-2">
        {periodPresets.map((preset) => {
          const active = preset === "custom" ? showCustom || state.preset === "custom" : !showCustom && state.preset === preset;
          return (
            <Button
              key={preset}
              type="button"
              size="sm"
              variant={active ? "default" : "outline"}
              aria-pressed={active}
              onClick={() => {
                if (preset === "custom") {
                  setDraft(state.period ?? state.custom);
                  setShowCustom(true);
                } else {
                  setShowCustom(false);
                  setErrors(null);
                  state.setPreset(preset);
                }
              }}
            >
              {t(presetKeys[preset])}
            </Button>
          );
        })}
      </div>
      {showCustom ? (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-start gap-3" aria-label={t("period.custom")}>
          <FormField label={t("period.from")} error={errors?.from}>
            <Input type="date" value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} className="w-44" />
          </FormField>
          <FormField label={t("period.to")} error={errors?.to}>
            <Input type="date" value={draft.to} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} className="w-44" />
          </FormField>
          <Button type="submit" size="sm" className="mt-7">
            {t("period.show")}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
