import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import type { SavedLocation } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useDeleteSavedLocation } from "@/features/settings/api/delete-saved-location";

/** A bin button asking for confirmation before deleting a saved location. */
export function DeleteLocationDialog({ location }: { location: SavedLocation }) {
  const deleteLocation = useDeleteSavedLocation();
  return (
    <ConfirmButton
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${location.name}`} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={`Delete “${location.name}”?`}
      description="It will be removed from your saved locations, and from your defaults if it is one. Routes already planned keep their stops."
      confirmLabel="Delete"
      onConfirm={() => deleteLocation.mutateAsync(location.id).then(() => toast.success(`Deleted "${location.name}"`))}
    />
  );
}
