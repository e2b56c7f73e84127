import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_SIZE_PX, avatarCropSchema, avatarPathPattern, profileMessages, type AvatarCrop } from "@routepilot/contracts";
import { user, type Database } from "@routepilot/db";
import { AppError, FileTooLargeError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors";
import type { Storage } from "../../platform/storage";
import { sniffImage } from "../driver/proof";

/**
 * Avatars (issue 27, decision 020). An upload is checked by its bytes, decoded, turned upright
 * (EXIF orientation), cropped to a square (the client's, or the centre one) and re-encoded as a
 * 256×256 WebP without metadata, so what is stored and served is always an image the server made.
 * It lives in the storage service under avatars/{userId}/{version}.webp; the user's `image` is
 * /api/avatars/{userId}/{version}. A new version is a new URL, so a URL's bytes never change and
 * browsers may cache it for a year; the previous object is removed once the new one is the user's.
 */
export const AVATAR_BUCKET = "avatars";
export const AVATAR_CONTENT_TYPE = "image/webp";

interface AvatarDeps {
  db: Database;
  storage: Storage;
}

const avatarKey = (userId: string, version: string) => `${userId}/${version}.webp`;
export const avatarUrl = (userId: string, version: string) => `/api/avatars/${userId}/${version}`;

/** The storage key of `image` when it is this user's own served avatar, else null (an external URL, someone else's, none). */
export function ownAvatarKey(userId: string, image: string | null | undefined): string | null {
  const match = image ? avatarPathPattern.exec(image) : null;
  return match && match[1] === userId ? avatarKey(userId, match[2] as string) : null;
}

/** The crop square from a multipart body's text fields: all three of cropX, cropY, cropSize, or none (centre square). */
export function parseCrop(fields: Record<string, unknown>): AvatarCrop | null {
  const given = ["cropX", "cropY", "cropSize"].filter((k) => fields[k] !== undefined && fields[k] !== "");
  if (given.length === 0) return null;
  const parsed = avatarCropSchema.safeParse({ cropX: fields.cropX, cropY: fields.cropY, cropSize: fields.cropSize });
  if (given.length !== 3 || !parsed.success) throw new ValidationError(profileMessages.avatarCrop, { crop: profileMessages.avatarCrop });
  return parsed.data;
}

/**
 * Decodes an uploaded image and returns the 256×256 WebP to store. Refuses (nothing stored) what
 * is not a PNG, JPEG or WebP by its first bytes (415), larger than 5 MiB (413), over 40 megapixels
 * or undecodable (400), and a crop square not inside the upright image (400).
 */
export async function renderAvatar(bytes: Uint8Array, crop: AvatarCrop | null): Promise<Buffer> {
  if (bytes.byteLength === 0) throw new ValidationError(profileMessages.avatarRequired, { file: profileMessages.avatarRequired });
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new FileTooLargeError(profileMessages.avatarTooLarge);
  if (!sniffImage(bytes)) throw new UnsupportedMediaTypeError(profileMessages.avatarType);
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error" as const };
  let width: number;
  let height: number;
  try {
    // The upright size (EXIF orientation applied): the crop square is in the pixels the person saw in the browser.
    const metadata = await sharp(bytes, options).metadata();
    width = metadata.autoOrient.width;
    height = metadata.autoOrient.height;
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ValidationError(profileMessages.avatarTooManyPixels, { file: profileMessages.avatarTooManyPixels });
    throw new ValidationError(profileMessages.avatarUnreadable, { file: profileMessages.avatarUnreadable });
  }
  if (!width || !height) throw new ValidationError(profileMessages.avatarUnreadable, { file: profileMessages.avatarUnreadable });
  if (width * height > AVATAR_MAX_PIXELS) throw new ValidationError(profileMessages.avatarTooManyPixels, { file: profileMessages.avatarTooManyPixels });
  const side = Math.min(width, height);
  const square = crop ?? { cropX: Math.floor((width - side) / 2), cropY: Math.floor((height - side) / 2), cropSize: side };
  if (square.cropX + square.cropSize > width || square.cropY + square.cropSize > height) {
    throw new ValidationError(profileMessages.avatarCrop, { crop: profileMessages.avatarCrop });
  }
  try {
    // Re-encoded from the pixels alone: no EXIF, XMP or comments from the upload survive.
    return await sharp(bytes, options)
      .autoOrient()
      .extract({ left: square.cropX, top: square.cropY, width: square.cropSize, height: square.cropSize })
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "fill" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new ValidationError(profileMessages.avatarUnreadable, { file: profileMessages.avatarUnreadable });
  }
}

/** Stores a rendered avatar as the user's new one and removes the previous object. Returns the new `image`. */
export async function setAvatar(deps: AvatarDeps, userId: string, webp: Buffer): Promise<string> {
  const version = randomBytes(16).toString("base64url");
  await deps.storage.upload(AVATAR_BUCKET, avatarKey(userId, version), webp, AVATAR_CONTENT_TYPE);
  const image = avatarUrl(userId, version);
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ image: user.image }).from(user).where(eq(user.id, userId)).for("update");
      if (!row) throw new NotFoundError("User");
      await tx.update(user).set({ image, updatedAt: new Date() }).where(eq(user.id, userId));
      return row.image;
    });
  } catch (error) {
    // The user row did not take it: the new object must not linger.
    await deps.storage.remove(AVATAR_BUCKET, avatarKey(userId, version));
    throw error;
  }
  const old = ownAvatarKey(userId, previous);
  if (old) await deps.storage.remove(AVATAR_BUCKET, old);
  return image;
}

/** Clears the user's image and removes their stored avatar. 404 when they have none. */
export async function removeAvatar(deps: AvatarDeps, userId: string): Promise<void> {
  const previous = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ image: user.image }).from(user).where(eq(user.id, userId)).for("update");
    if (!row?.image) return null;
    await tx.update(user).set({ image: null, updatedAt: new Date() }).where(eq(user.id, userId));
    return row.image;
  });
  if (!previous) throw new AppError(404, "NOT_FOUND", profileMessages.avatarNone);
  const key = ownAvatarKey(userId, previous);
  if (key) await deps.storage.remove(AVATAR_BUCKET, key);
}

/**
 * One stored avatar by its URL parts, as a stream with its checksum (the ETag). Its URL is a
 * capability: the version is 128 random bits handed out only by answers that may show the person
 * (their own session, their team's member list, an invitation from them). Unknown → 404.
 */
export async function openAvatar(deps: AvatarDeps, userId: string, version: string) {
  if (!avatarPathPattern.test(avatarUrl(userId, version))) throw new AppError(404, "NOT_FOUND", profileMessages.avatarNotFound);
  const object = await deps.storage.stream(AVATAR_BUCKET, avatarKey(userId, version));
  if (!object) throw new AppError(404, "NOT_FOUND", profileMessages.avatarNotFound);
  return object;
}
