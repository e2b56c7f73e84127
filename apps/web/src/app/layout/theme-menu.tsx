import { Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useTheme } from "@/components/theme/theme-provider";
import { useAnnounce } from "@/components/a11y/announcer";
import { useAuth } from "@/lib/auth";
import { themePatch, isThemeChoice, type ThemeChoice } from "@/lib/theme";
import { useUpdatePreferences } from "@/features/settings/api/update-preferences";

const options: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/** Top-bar theme switch: stored in preferences when signed in, in this browser otherwise. */
export function ThemeMenu() {
  const { choice, resolved, setChoice } = useTheme();
  const { user } = useAuth();
  const updatePreferences = useUpdatePreferences();
  const announce = useAnnounce();

  function choose(value: string) {
    if (!isThemeChoice(value)) return;
    setChoice(value);
    announce(`Theme changed to ${options.find((o) => o.value === value)?.label ?? value}`);
    if (user) updatePreferences.mutate(themePatch(value));
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Change theme">
          {resolved === "dark" ? <Moon className="size-5" aria-hidden="true" /> : <Sun className="size-5" aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuPrimitive.RadioGroup value={choice} onValueChange={choose}>
          {options.map(({ value, label, icon: Icon }) => (
            <DropdownMenuPrimitive.RadioItem
              key={value}
              value={value}
              className="relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground data-[state=checked]:font-semibold"
            >
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              {label}
              <DropdownMenuPrimitive.ItemIndicator className="ml-auto text-primary">•</DropdownMenuPrimitive.ItemIndicator>
            </DropdownMenuPrimitive.RadioItem>
          ))}
        </DropdownMenuPrimitive.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
