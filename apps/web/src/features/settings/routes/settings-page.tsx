import type { ReactNode } from "react";
import { Globe2, MapPinned, Palette, Bell } from "lucide-react";
import type { DistanceUnit, Preferences, Theme, UpdatePreferences } from "@routepilot/contracts";
import { languages } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { useTheme } from "@/components/theme/theme-provider";
import { useAnnounce } from "@/components/a11y/announcer";
import { formatDistance } from "@/lib/format-distance";
import { themePatch } from "@/lib/theme";
import { usePreferences } from "@/features/settings/api/get-preferences";
import { useUpdatePreferences } from "@/features/settings/api/update-preferences";
import { useSavedLocations } from "@/features/settings/api/get-saved-locations";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { ThemeSetting } from "@/features/settings/components/theme-setting";
import { SavedLocationsSection } from "@/features/settings/components/saved-locations-section";
import { ApiKeysSection } from "@/features/settings/components/api-keys-section";
import { languageNames, NO_LOCATION, timeZoneOptions } from "@/features/settings/lib/options";

const themeNames: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

function SettingRow({ label, htmlFor, description, children }: { label: string; htmlFor: string; description: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] sm:items-center sm:gap-6">
      <div className="grid gap-1">
        <Label htmlFor={htmlFor}>{label}</Label>
        <p id={`${htmlFor}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      {children}
    </div>
  );
}

function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferences();
  const theme = useTheme();
  const announce = useAnnounce();
  const savedLocations = useSavedLocations();
  const save = (patch: UpdatePreferences) => update.mutate(patch);

  function changeTheme(choice: Theme) {
    theme.setChoice(choice);
    announce(`Theme changed to ${themeNames[choice]}`);
    save(themePatch(choice));
  }

  const locations = savedLocations.data ?? [];
  const zones = timeZoneOptions(preferences.timezone);

  return (
    <>
      <SettingsSection id="appearance" title="Appearance" description="Choose how RoutePilot looks on this and your other devices." icon={Palette}>
        <ThemeSetting value={preferences.theme} onChange={changeTheme} />
      </SettingsSection>

      <SettingsSection id="notifications" title="Notifications" description="Decide what RoutePilot tells you about." icon={Bell}>
        <SettingRow
          label="Notifications"
          htmlFor="setting-notifications"
          description="E-mail me when I have used 80 % of my monthly routes and when I reach the limit. The bell shows these alerts, team invitations and fleet messages either way."
        >
          <Switch
            id="setting-notifications"
            aria-describedby="setting-notifications-description"
            checked={preferences.notifications}
            onCheckedChange={(checked) => save({ notifications: checked })}
            className="sm:justify-self-end"
          />
        </SettingRow>
      </SettingsSection>

      <SettingsSection id="region" title="Language and region" description="How dates, times and distances are shown to you." icon={Globe2}>
        <SettingRow label="Language" htmlFor="setting-language" description="Used for e-mails and formatted dates.">
          <Select value={preferences.language} onValueChange={(language) => save({ language: language as (typeof languages)[number] })}>
            <SelectTrigger id="setting-language" aria-describedby="setting-language-description">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {languages.map((code) => (
                <SelectItem key={code} value={code}>
                  {languageNames[code]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingRow>
        <SettingRow label="Timezone" htmlFor="setting-timezone" description="Route times and history are shown in this time zone.">
          <Select value={preferences.timezone} onValueChange={(timezone) => save({ timezone })}>
            <SelectTrigger id="setting-timezone" aria-describedby="setting-timezone-description">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {zones.map((zone) => (
                <SelectItem key={zone} value={zone}>
                  {zone.replace(/_/g, " ")}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingRow>
        <div className="grid gap-3">
          <Label id="distance-unit-label">Distance unit</Label>
          <RadioGroup
            aria-labelledby="distance-unit-label"
            value={preferences.distanceUnit}
            onValueChange={(unit) => save({ distanceUnit: unit as DistanceUnit })}
            className="flex flex-wrap gap-6"
          >
            {(
              [
                ["miles", "Miles"],
                ["km", "Kilometres"],
              ] as const
            ).map(([unit, label]) => (
              <div key={unit} className="flex items-center gap-2">
                <RadioGroupItem id={`distance-${unit}`} value={unit} />
                <Label htmlFor={`distance-${unit}`} className="font-normal">
                  {label}
                </Label>
              </div>
            ))}
          </RadioGroup>
          <p className="text-sm text-muted-foreground">
            A 5 km trip shows as <strong className="font-semibold text-foreground">{formatDistance(5000, preferences.distanceUnit)}</strong>.
          </p>
        </div>
      </SettingsSection>

      <SettingsSection id="default-locations" title="Default locations" description="Pre-filled start and end points for new routes, chosen from your saved locations." icon={MapPinned}>
        {(
          [
            ["defaultStartLocationId", "Default start location", "Where new routes start."],
            ["defaultEndLocationId", "Default end location", "Where new routes finish. Leave empty for one-way routes."],
          ] as const
        ).map(([field, label, description]) => (
          <SettingRow key={field} label={label} htmlFor={`setting-${field}`} description={description}>
            <Select value={preferences[field] ?? NO_LOCATION} onValueChange={(value) => save({ [field]: value === NO_LOCATION ? null : value })}>
              <SelectTrigger id={`setting-${field}`} aria-describedby={`setting-${field}-description`} disabled={savedLocations.isPending}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_LOCATION}>None</SelectItem>
                {locations.map((location) => (
                  <SelectItem key={location.id} value={location.id}>
                    {location.name}
                  </SelectItem>
                ))}
                {preferences[field] && !locations.some((l) => l.id === preferences[field]) ? (
                  <SelectItem value={preferences[field]}>
                    {(field === "defaultStartLocationId" ? preferences.defaultStartLocation : preferences.defaultEndLocation)?.name ?? "Saved location"}
                  </SelectItem>
                ) : null}
              </SelectContent>
            </Select>
          </SettingRow>
        ))}
        {locations.length === 0 && !savedLocations.isPending ? (
          <p className="text-sm text-muted-foreground">
            Add a saved location below to use it as a default.
          </p>
        ) : null}
      </SettingsSection>
    </>
  );
}

/** /settings and /user-settings: SPEC §3 preferences and saved locations. */
export function SettingsPage() {
  const preferences = usePreferences();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Settings" description="Your theme, notifications, region, distance unit, default locations, saved places and API keys." />
      <div className="grid gap-6">
        {preferences.isPending ? (
          <div className="grid gap-6" aria-label="Loading settings">
            <Skeleton className="h-40" />
            <Skeleton className="h-28" />
            <Skeleton className="h-56" />
          </div>
        ) : preferences.isError ? (
          <ErrorCard message="Your settings could not be loaded. Please try again." onRetry={() => void preferences.refetch()} />
        ) : (
          <PreferencesForm preferences={preferences.data} />
        )}
        <SavedLocationsSection />
        <ApiKeysSection />
      </div>
    </PageContainer>
  );
}
