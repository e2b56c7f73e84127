import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { Plus } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/errors/inline-error";
import { errorMessage } from "@/lib/api-client";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { useCreateSavedLocation } from "@/features/settings/api/create-saved-location";
import { locationFormSchema, toCreateSavedLocation, type LocationFormOutput, type LocationFormValues } from "@/features/settings/lib/location-form";
import { useTranslation } from "@/lib/i18n";

const fieldNames = ["name", "address", "lat", "lng"] as const;

/** Adds a saved location: name, address and optional coordinates (without them the server looks the address up). */
export function AddLocationForm() {
  const { t } = useTranslation("settings");
  const createLocation = useCreateSavedLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LocationFormValues, unknown, LocationFormOutput>({
    resolver: zodResolver(locationFormSchema),
    defaultValues: { name: "", address: "", lat: "", lng: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await createLocation.mutateAsync(toCreateSavedLocation(values));
      form.reset();
      toast.success(t("locations.saved", { name: created.name }));
    } catch (error) {
      // At the fields the server names, the first focused; anything else above the button (decision 018).
      const fields = fieldErrorsOf(error);
      const named = fieldNames.filter((f) => fields[f] !== undefined);
      named.forEach((name, i) => form.setError(name, { message: fields[name] }, { shouldFocus: i === 0 }));
      const others = Object.entries(fields).filter(([k]) => !named.some((n) => n === k));
      setServerError(named.length === 0 ? errorMessage(error) : others.length > 0 ? others.map(([, m]) => m).join(" ") : null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-dashed p-4" aria-labelledby="add-location-heading">
      <h3 id="add-location-heading" className="text-base font-semibold">
        {t("locations.add")}
      </h3>
      <p className="-mt-2 text-sm text-muted-foreground">{t("locations.addHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("locations.name")} error={errors.name?.message}>
          <Input placeholder={t("locations.namePlaceholder")} autoComplete="off" {...form.register("name")} />
        </FormField>
        <FormField label={t("locations.address")} error={errors.address?.message}>
          <Input placeholder={t("locations.addressPlaceholder")} autoComplete="street-address" {...form.register("address")} />
        </FormField>
        <FormField label={t("locations.lat")} error={errors.lat?.message}>
          <Input inputMode="decimal" placeholder="51.5034" {...form.register("lat")} />
        </FormField>
        <FormField label={t("locations.lng")} error={errors.lng?.message}>
          <Input inputMode="decimal" placeholder="-0.1276" {...form.register("lng")} />
        </FormField>
      </div>
      <InlineError error={serverError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          <Plus aria-hidden="true" />
          {t("locations.submit")}
        </Button>
      </div>
    </form>
  );
}
