import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import type { SavedLocation } from "@routepilot/contracts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useDeleteSavedLocation } from "@/features/settings/api/delete-saved-location";

/** A bin button asking for confirmation before deleting a saved location. */
export function DeleteLocationDialog({ location }: { location: SavedLocation }) {
  const deleteLocation = useDeleteSavedLocation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete ${location.name}`} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete “{location.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            It will be removed from your saved locations, and from your defaults if it is one. Routes already planned keep their stops.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              deleteLocation.mutate(location.id, {
                onSuccess: () => toast.success(`Deleted "${location.name}"`),
              });
            }}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
