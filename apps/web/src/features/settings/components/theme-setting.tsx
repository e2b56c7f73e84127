import { Monitor, Moon, Sun } from "lucide-react";
import type { Theme } from "@routepilot/contracts";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

const options = [
  { value: "light", label: "appearance.light", icon: Sun, hint: "appearance.lightHint" },
  { value: "dark", label: "appearance.dark", icon: Moon, hint: "appearance.darkHint" },
  { value: "system", label: "appearance.system", icon: Monitor, hint: "appearance.systemHint" },
] as const satisfies readonly { value: Theme; label: string; icon: typeof Sun; hint: string }[];

/** The Light / Dark / System choice as a radio group named "Theme". */
export function ThemeSetting({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  const { t } = useTranslation("settings");
  return (
    <div className="grid gap-3">
      <Label id="theme-label">{t("appearance.theme")}</Label>
      <RadioGroup aria-labelledby="theme-label" value={value} onValueChange={(next) => onChange(next as Theme)} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {options.map(({ value: option, label, icon: Icon, hint }) => (
          <Label
            key={option}
            htmlFor={`theme-${option}`}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-lg border p-4 font-normal transition-colors hover:bg-accent",
              value === option && "border-primary bg-accent",
            )}
          >
            <RadioGroupItem id={`theme-${option}`} value={option} aria-label={t(label)} aria-describedby={`theme-${option}-hint`} />
            <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">{t(label)}</span>
              <span id={`theme-${option}-hint`} className="text-xs text-muted-foreground">
                {t(hint)}
              </span>
            </span>
          </Label>
        ))}
      </RadioGroup>
    </div>
  );
}
