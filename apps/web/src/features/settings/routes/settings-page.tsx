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
import { Trans, useTranslation } from "@/lib/i18n";

const themeKeys = { light: "appearance.light", dark: "appearance.dark", system: "appearance.system" } as const satisfies Record<Theme, string>;

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
  const { t } = useTranslation("settings");
  const update = useUpdatePreferences();
  const theme = useTheme();
  const announce = useAnnounce();
  const savedLocations = useSavedLocations();
  const save = (patch: UpdatePreferences) => update.mutate(patch);

  function changeTheme(choice: Theme) {
    theme.setChoice(choice);
    announce(t("appearance.themeChanged", { theme: t(themeKeys[choice]) }));
    save(themePatch(choice));
  }

  const locations = savedLocations.data ?? [];
  const zones = timeZoneOptions(preferences.timezone);

  return (
    <>
      <SettingsSection id="appearance" title={t("appearance.title")} description={t("appearance.description")} icon={Palette}>
        <ThemeSetting value={preferences.theme} onChange={changeTheme} />
      </SettingsSection>

      <SettingsSection id="notifications" title={t("notifications.title")} description={t("notifications.description")} icon={Bell}>
        <SettingRow
          label={t("notifications.label")}
          htmlFor="setting-notifications"
          description={t("notifications.hint")}
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

      <SettingsSection id="region" title={t("region.title")} description={t("region.description")} icon={Globe2}>
        <SettingRow label={t("region.language")} htmlFor="setting-language" description={t("region.languageHint")}>
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
        <SettingRow label={t("region.timezone")} htmlFor="setting-timezone" description={t("region.timezoneHint")}>
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
          <Label id="distance-unit-label">{t("region.distanceUnit")}</Label>
          <RadioGroup
            aria-labelledby="distance-unit-label"
            value={preferences.distanceUnit}
            onValueChange={(unit) => save({ distanceUnit: unit as DistanceUnit })}
            className="flex flex-wrap gap-6"
          >
            {(
              [
                ["miles", "region.miles"],
                ["km", "region.km"],
              ] as const
            ).map(([unit, label]) => (
              <div key={unit} className="flex items-center gap-2">
                <RadioGroupItem id={`distance-${unit}`} value={unit} />
                <Label htmlFor={`distance-${unit}`} className="font-normal">
                  {t(label)}
                </Label>
              </div>
            ))}
          </RadioGroup>
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="region.example"
              values={{ distance: formatDistance(5000, preferences.distanceUnit) }}
              components={{ strong: <strong className="font-semibold text-foreground" /> }}
            />
          </p>
        </div>
      </SettingsSection>

      <SettingsSection id="default-locations" title={t("defaults.title")} description={t("defaults.description")} icon={MapPinned}>
        {(
          [
            ["defaultStartLocationId", "defaults.start", "defaults.startHint"],
            ["defaultEndLocationId", "defaults.end", "defaults.endHint"],
          ] as const
        ).map(([field, label, description]) => (
          <SettingRow key={field} label={t(label)} htmlFor={`setting-${field}`} description={t(description)}>
            <Select value={preferences[field] ?? NO_LOCATION} onValueChange={(value) => save({ [field]: value === NO_LOCATION ? null : value })}>
              <SelectTrigger id={`setting-${field}`} aria-describedby={`setting-${field}-description`} disabled={savedLocations.isPending}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_LOCATION}>{t("defaults.none")}</SelectItem>
                {locations.map((location) => (
                  <SelectItem key={location.id} value={location.id}>
                    {location.name}
                  </SelectItem>
                ))}
                {preferences[field] && !locations.some((l) => l.id === preferences[field]) ? (
                  <SelectItem value={preferences[field]}>
                    {(field === "defaultStartLocationId" ? preferences.defaultStartLocation : preferences.defaultEndLocation)?.name ?? t("defaults.savedLocation")}
                  </SelectItem>
                ) : null}
              </SelectContent>
            </Select>
          </SettingRow>
        ))}
        {locations.length === 0 && !savedLocations.isPending ? (
          <p className="text-sm text-muted-foreground">
            {t("defaults.addFirst")}
          </p>
        ) : null}
      </SettingsSection>
    </>
  );
}

/** /settings and /user-settings: SPEC §3 preferences and saved locations. */
export function SettingsPage() {
  const { t } = useTranslation("settings");
  const preferences = usePreferences();
  return (
    <PageContainer size="narrow">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6">
        {preferences.isPending ? (
          <div className="grid gap-6" aria-label={t("loading")}>
            <Skeleton className="h-40" />
            <Skeleton className="h-28" />
            <Skeleton className="h-56" />
          </div>
        ) : preferences.isError ? (
          <ErrorCard message={t("loadFailed")} onRetry={() => void preferences.refetch()} />
        ) : (
          <PreferencesForm preferences={preferences.data} />
        )}
        <SavedLocationsSection />
        <ApiKeysSection />
      </div>
    </PageContainer>
  );
}
