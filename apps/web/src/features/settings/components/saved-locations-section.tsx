import { MapPin } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { useSavedLocations } from "@/features/settings/api/get-saved-locations";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { AddLocationForm } from "@/features/settings/components/add-location-form";
import { RenameLocationDialog } from "@/features/settings/components/rename-location-dialog";
import { DeleteLocationDialog } from "@/features/settings/components/delete-location-dialog";
import { useTranslation } from "@/lib/i18n";

function formatCoordinate(value: number): string {
  return value.toFixed(5).replace(/\.?0+$/, "");
}

/** Lists, adds, renames and deletes the user's saved locations. */
export function SavedLocationsSection() {
  const { t } = useTranslation("settings");
  const locations = useSavedLocations();
  return (
    <SettingsSection id="saved-locations" title={t("locations.title")} description={t("locations.description")} icon={MapPin}>
      {locations.isPending ? (
        <div className="grid gap-2" aria-label={t("locations.loading")}>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : locations.isError ? (
        <ErrorCard message={t("locations.loadFailed")} onRetry={() => void locations.refetch()} />
      ) : locations.data.length === 0 ? (
        <p className="rounded-lg bg-muted px-4 py-6 text-center text-sm text-muted-foreground">{t("locations.empty")}</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t("locations.list")}>
          {locations.data.map((location) => (
            <li key={location.id} className="flex items-center gap-3 px-4 py-3">
              <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{location.name}</p>
                <p className="truncate text-sm text-muted-foreground">{location.address}</p>
                {location.lat !== null && location.lng !== null ? (
                  <p className="text-xs text-muted-foreground">
                    {formatCoordinate(location.lat)}, {formatCoordinate(location.lng)}
                  </p>
                ) : null}
              </div>
              <RenameLocationDialog location={location} />
              <DeleteLocationDialog location={location} />
            </li>
          ))}
        </ul>
      )}
      <AddLocationForm />
    </SettingsSection>
  );
}
