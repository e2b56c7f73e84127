import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import type { SavedLocation } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useDeleteSavedLocation } from "@/features/settings/api/delete-saved-location";
import { useTranslation } from "@/lib/i18n";

/** A bin button asking for confirmation before deleting a saved location. */
export function DeleteLocationDialog({ location }: { location: SavedLocation }) {
  const { t } = useTranslation(["settings", "common"]);
  const deleteLocation = useDeleteSavedLocation();
  return (
    <ConfirmButton
      trigger={
        <Button variant="ghost" size="icon" aria-label={t("locations.deleteLabel", { name: location.name })} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={t("locations.deleteTitle", { name: location.name })}
      description={t("locations.deleteDescription")}
      confirmLabel={t("common:delete")}
      onConfirm={() => deleteLocation.mutateAsync(location.id).then(() => toast.success(t("locations.deleted", { name: location.name })))}
    />
  );
}
