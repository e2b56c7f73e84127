import { Monitor, Moon, Sun } from "lucide-react";
import type { Theme } from "@routepilot/contracts";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

const options: { value: Theme; label: string; icon: typeof Sun; hint: string }[] = [
  { value: "light", label: "Light", icon: Sun, hint: "Always light" },
  { value: "dark", label: "Dark", icon: Moon, hint: "Always dark" },
  { value: "system", label: "System", icon: Monitor, hint: "Follows your device" },
];

/** The Light / Dark / System choice as a radio group named "Theme". */
export function ThemeSetting({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  return (
    <div className="grid gap-3">
      <Label id="theme-label">Theme</Label>
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
            <RadioGroupItem id={`theme-${option}`} value={option} aria-label={label} aria-describedby={`theme-${option}-hint`} />
            <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">{label}</span>
              <span id={`theme-${option}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </span>
            </span>
          </Label>
        ))}
      </RadioGroup>
    </div>
  );
}
