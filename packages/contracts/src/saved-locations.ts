import { z } from "zod";
import { messages } from "./messages";
import { locationSchema, safeText } from "./validation";

export const savedLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  placeId: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedLocation = z.infer<typeof savedLocationSchema>;

const latitude = z
  .number({ error: messages.invalidFormat })
  .min(-90, messages.invalidFormat)
  .max(90, messages.invalidFormat);
const longitude = z
  .number({ error: messages.invalidFormat })
  .min(-180, messages.invalidFormat)
  .max(180, messages.invalidFormat);

export const createSavedLocationSchema = z
  .object({
    name: safeText({ max: 100 }),
    address: locationSchema,
    lat: latitude.nullable().optional(),
    lng: longitude.nullable().optional(),
    placeId: z.string().max(200, messages.maxLength(200)).nullable().optional(),
  })
  .strict()
  .refine((v) => (v.lat == null) === (v.lng == null), {
    message: "Latitude and longitude must be given together",
    path: ["lat"],
  });
export type CreateSavedLocation = z.infer<typeof createSavedLocationSchema>;

export const updateSavedLocationSchema = z
  .object({
    name: safeText({ max: 100 }),
    address: locationSchema,
    lat: latitude.nullable(),
    lng: longitude.nullable(),
  })
  .partial()
  .strict();
export type UpdateSavedLocation = z.infer<typeof updateSavedLocationSchema>;
