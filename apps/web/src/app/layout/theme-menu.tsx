import { Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useTheme } from "@/components/theme/theme-provider";
import { useAnnounce } from "@/components/a11y/announcer";
import { useAuth } from "@/lib/auth";
import { useTranslation, type ShellKey } from "@/lib/i18n";
import { themePatch, isThemeChoice, type ThemeChoice } from "@/lib/theme";
import { useUpdatePreferences } from "@/features/settings/api/update-preferences";

const options: { value: ThemeChoice; labelKey: ShellKey; icon: typeof Sun }[] = [
  { value: "light", labelKey: "theme.light", icon: Sun },
  { value: "dark", labelKey: "theme.dark", icon: Moon },
  { value: "system", labelKey: "theme.system", icon: Monitor },
];

/** Top-bar theme switch: stored in preferences when signed in, in this browser otherwise. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { choice, resolved, setChoice } = useTheme();
  const { user } = useAuth();
  const updatePreferences = useUpdatePreferences();
  const announce = useAnnounce();

  function choose(value: string) {
    if (!isThemeChoice(value)) return;
    setChoice(value);
    const option = options.find((o) => o.value === value);
    announce(t("theme.changed", { theme: option ? t(option.labelKey) : value }));
    if (user) updatePreferences.mutate(themePatch(value));
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("theme.change")}>
          {resolved === "dark" ? <Moon className="size-5" aria-hidden="true" /> : <Sun className="size-5" aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>{t("theme.title")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuPrimitive.RadioGroup value={choice} onValueChange={choose}>
          {options.map(({ value, labelKey, icon: Icon }) => (
            <DropdownMenuPrimitive.RadioItem
              key={value}
              value={value}
              className="relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground data-[state=checked]:font-semibold"
            >
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              {t(labelKey)}
              <DropdownMenuPrimitive.ItemIndicator className="ml-auto text-primary">•</DropdownMenuPrimitive.ItemIndicator>
            </DropdownMenuPrimitive.RadioItem>
          ))}
        </DropdownMenuPrimitive.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
