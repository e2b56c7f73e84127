import { z } from "zod";
import { locationSchema, messages, routeMessages, safeText, type CreateSavedLocation } from "@routepilot/contracts";

function coordinate(min: number, max: number) {
  return z
    .string()
    .trim()
    .refine((value) => value === "" || (Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max), messages.invalidFormat);
}

/** The contracts' text (`FormField` shows it in the reader's language, `errors:route.coordinatesTogether`). */
export const COORDINATES_TOGETHER = routeMessages.coordinatesTogether;

/** The add-location form: text inputs checked with the shared SPEC §5 rules. */
export const locationFormSchema = z
  .object({
    name: safeText({ max: 100 }),
    address: locationSchema,
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
  })
  .refine((v) => (v.lat.trim() === "") === (v.lng.trim() === ""), { message: COORDINATES_TOGETHER, path: ["lng"] });
export type LocationFormValues = z.input<typeof locationFormSchema>;
export type LocationFormOutput = z.output<typeof locationFormSchema>;

/** Converts parsed form values to the POST /api/saved-locations body. */
export function toCreateSavedLocation(values: LocationFormOutput): CreateSavedLocation {
  const lat = values.lat === "" ? null : Number(values.lat);
  const lng = values.lng === "" ? null : Number(values.lng);
  return { name: values.name, address: values.address, lat, lng };
}

export const renameFormSchema = z.object({ name: safeText({ max: 100 }) });
export type RenameFormValues = z.input<typeof renameFormSchema>;
