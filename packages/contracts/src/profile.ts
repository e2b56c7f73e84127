import { z } from "zod";
import { emailSchema, safeText } from "./validation";

/**
 * The profile (issue 27): display name, avatar and e-mail change. The name is what the app calls
 * the user everywhere (decision 020); the avatar is an image the server decoded, cropped to a
 * square and re-encoded, served from a versioned URL.
 */

/** Longest display name (the same limit as sign-up's name). */
export const DISPLAY_NAME_MAX = 100;

/** POST /api/auth/update-user {name}: trimmed, required, at most 100 characters, no SPEC §5 dangerous content. */
export const displayNameSchema = safeText({ max: DISPLAY_NAME_MAX });

/** POST /api/auth/change-email {newEmail, callbackURL}: the SPEC §5 e-mail rules. */
export const changeEmailSchema = z.object({ newEmail: emailSchema });
export type ChangeEmail = z.infer<typeof changeEmailSchema>;

/** Largest avatar upload, in bytes (5 MiB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Largest avatar upload, in pixels (width × height), so a small file cannot decode into a huge image. */
export const AVATAR_MAX_PIXELS = 40_000_000;
/** The stored avatar's edge, in pixels: every avatar is this square. */
export const AVATAR_SIZE_PX = 256;
/** The image types an upload may be (checked by its bytes on the server). */
export const avatarContentTypes = ["image/png", "image/jpeg", "image/webp"] as const;

/** The avatar URL path the server serves: /api/avatars/{userId}/{version}. */
export const avatarPathPattern = /^\/api\/avatars\/([A-Za-z0-9_-]{1,128})\/([A-Za-z0-9_-]{8,64})$/;

/** Messages of the profile screens and the avatar API. */
export const profileMessages = {
  avatarRequired: "Choose an image to upload",
  avatarType: "Choose a PNG, JPEG or WebP image",
  avatarTooLarge: `The image is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
  avatarTooManyPixels: "The image has too many pixels (at most 40 megapixels)",
  avatarUnreadable: "The image could not be read: it may be damaged or not really an image",
  avatarCrop: "The crop square must lie inside the image",
  avatarNone: "You have no avatar to remove",
  avatarNotFound: "No such avatar",
  imageNotAllowed: "Set your avatar by uploading an image on your profile",
  nameSaved: "Your name is saved",
  avatarSaved: "Your avatar is saved",
  avatarRemoved: "Your avatar is removed",
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes only when you open that link; until then you keep signing in with your current address.`,
  emailSame: "That is already your e-mail address",
} as const;

/**
 * PUT /api/me/avatar (multipart/form-data): `file` (PNG, JPEG or WebP, ≤ 5 MiB) and, optionally,
 * the crop square in the image's pixels after its EXIF orientation (`cropX`, `cropY`, `cropSize`;
 * all three or none). Without them the centre square is used.
 */
export const avatarCropSchema = z
  .object({
    cropX: z.coerce.number({ error: profileMessages.avatarCrop }).int(profileMessages.avatarCrop).min(0, profileMessages.avatarCrop),
    cropY: z.coerce.number({ error: profileMessages.avatarCrop }).int(profileMessages.avatarCrop).min(0, profileMessages.avatarCrop),
    cropSize: z.coerce.number({ error: profileMessages.avatarCrop }).int(profileMessages.avatarCrop).min(1, profileMessages.avatarCrop),
  })
  .strict();
export type AvatarCrop = z.infer<typeof avatarCropSchema>;

/** PUT /api/me/avatar → 200; DELETE /api/me/avatar → 200 with image null. */
export const avatarResponseSchema = z.object({
  /** The user's image: the versioned avatar URL, or null without one. */
  image: z.string().nullable(),
});
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/** What the app calls a person: the display name, else the e-mail's local part, else "User" (decision 020). */
export function displayNameOf(person: { name?: string | null; email?: string | null } | null | undefined): string {
  const name = person?.name?.trim();
  if (name) return name;
  const local = person?.email?.split("@")[0]?.trim();
  return local || "User";
}

/** Up to two initials of a display name ("Alice Walker" → "AW", "alice.walker" → "A"), for an avatar without an image. */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((w) => Array.from(w ?? "")[0]?.toUpperCase() ?? "").join("") || "?";
}
