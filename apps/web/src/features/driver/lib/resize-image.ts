/** Photos are sent at most this many pixels on their longer side. */
export const MAX_PHOTO_SIDE = 1600;
export const PHOTO_QUALITY = 0.85;

/** The size an image of `width`×`height` is drawn at so its longer side is at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Decoded = { source: CanvasImageSource; width: number; height: number; close(): void };

/** Decodes a photo (createImageBitmap honours the camera's EXIF orientation). */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A camera photo made small enough to send from the road: redrawn on a canvas at most
 * {@link MAX_PHOTO_SIDE} px on its longer side and encoded as JPEG (which also drops its metadata).
 */
export async function resizePhoto(file: Blob, max = MAX_PHOTO_SIDE): Promise<Blob> {
  const image = await decode(file);
  try {
    const { width, height } = fitWithin(image.width, image.height, max);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot prepare photos");
    // JPEG has no transparency: a white background under transparent PNGs.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.drawImage(image.source, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("This photo could not be prepared"))), "image/jpeg", PHOTO_QUALITY),
    );
  } finally {
    image.close();
  }
}
