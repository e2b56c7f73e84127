import { z } from "zod";
import { messages } from "./messages";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const distanceUnits = ["miles", "km"] as const;
export type DistanceUnit = (typeof distanceUnits)[number];

/** A saved location joined into preferences as the default start or end (SPEC §7). */
export const defaultLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

/** SPEC §3 preferences object as the API returns it. */
export const preferencesSchema = z.object({
  theme: z.enum(themes),
  notifications: z.boolean(),
  language: z.string(),
  timezone: z.string(),
  darkMode: z.boolean(),
  distanceUnit: z.enum(distanceUnits),
  defaultStartLocationId: z.string().nullable(),
  defaultEndLocationId: z.string().nullable(),
  defaultStartLocation: defaultLocationSchema.nullable(),
  defaultEndLocation: defaultLocationSchema.nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** SPEC §3 defaults: theme system, notifications on, en, UTC, darkMode false, miles. */
export const defaultPreferences: Preferences = {
  theme: "system",
  notifications: true,
  language: "en",
  timezone: "UTC",
  darkMode: false,
  distanceUnit: "miles",
  defaultStartLocationId: null,
  defaultEndLocationId: null,
  defaultStartLocation: null,
  defaultEndLocation: null,
};

export const languages = ["en", "fr", "de", "es", "it"] as const;

/** Whether the runtime knows this IANA time zone (e.g. Europe/London). */
export function isTimeZone(value: string): boolean {
  try {
    // eslint-disable-next-line no-restricted-syntax -- only asks the runtime whether it knows the zone; formats nothing
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** PATCH /api/preferences body: any subset of the stored fields. */
export const updatePreferencesSchema = z
  .object({
    theme: z.enum(themes, { error: messages.invalidFormat }),
    notifications: z.boolean({ error: messages.invalidFormat }),
    language: z.enum(languages, { error: messages.invalidFormat }),
    timezone: z
      .string({ error: messages.invalidFormat })
      .max(64, messages.maxLength(64))
      .refine(isTimeZone, messages.invalidFormat),
    darkMode: z.boolean({ error: messages.invalidFormat }),
    distanceUnit: z.enum(distanceUnits, { error: messages.invalidFormat }),
    defaultStartLocationId: z.string({ error: messages.invalidFormat }).uuid(messages.invalidFormat).nullable(),
    defaultEndLocationId: z.string({ error: messages.invalidFormat }).uuid(messages.invalidFormat).nullable(),
  })
  .partial()
  .strict();
export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;
