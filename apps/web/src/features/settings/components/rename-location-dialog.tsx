import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { Pencil } from "lucide-react";
import type { SavedLocation } from "@routepilot/contracts";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, DialogClose } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useUpdateSavedLocation } from "@/features/settings/api/update-saved-location";
import { renameFormSchema, type RenameFormValues } from "@/features/settings/lib/location-form";
import { useTranslation } from "@/lib/i18n";

/** A pencil button opening a dialog that renames one saved location. */
export function RenameLocationDialog({ location }: { location: SavedLocation }) {
  const { t } = useTranslation(["settings", "common"]);
  const [open, setOpen] = useState(false);
  const updateLocation = useUpdateSavedLocation();
  const form = useForm<RenameFormValues>({ resolver: zodResolver(renameFormSchema), defaultValues: { name: location.name } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await updateLocation.mutateAsync({ id: location.id, name: name.trim() });
      toast.success(t("locations.renamed", { name: name.trim() }));
      setOpen(false);
    } catch (error) {
      form.setError("name", { message: error instanceof ApiError && error.fields?.name ? error.fields.name : errorMessage(error) });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ name: location.name });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("locations.renameLabel", { name: location.name })}>
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("locations.renameTitle")}</DialogTitle>
            <DialogDescription>{location.address}</DialogDescription>
          </DialogHeader>
          <FormField label={t("locations.renameName")} error={errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("common:cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {t("common:save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
