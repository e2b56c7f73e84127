import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { Plus } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCreateSavedLocation } from "@/features/settings/api/create-saved-location";
import { locationFormSchema, toCreateSavedLocation, type LocationFormOutput, type LocationFormValues } from "@/features/settings/lib/location-form";

const fieldNames = ["name", "address", "lat", "lng"] as const;

/** Adds a saved location: name, address and optional coordinates. */
export function AddLocationForm() {
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
      toast.success(`Saved "${created.name}"`);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          const name = fieldNames.find((f) => f === field);
          if (name) form.setError(name, { message });
        }
      }
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-dashed p-4" aria-labelledby="add-location-heading">
      <h3 id="add-location-heading" className="text-base font-semibold">
        Add a location
      </h3>
      {serverError ? (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Location name" error={errors.name?.message}>
          <Input placeholder="Home, Depot, Office…" autoComplete="off" {...form.register("name")} />
        </FormField>
        <FormField label="Address" error={errors.address?.message}>
          <Input placeholder="10 Downing Street, London" autoComplete="street-address" {...form.register("address")} />
        </FormField>
        <FormField label="Latitude (optional)" error={errors.lat?.message}>
          <Input inputMode="decimal" placeholder="51.5034" {...form.register("lat")} />
        </FormField>
        <FormField label="Longitude (optional)" error={errors.lng?.message}>
          <Input inputMode="decimal" placeholder="-0.1276" {...form.register("lng")} />
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          <Plus aria-hidden="true" />
          Add location
        </Button>
      </div>
    </form>
  );
}
