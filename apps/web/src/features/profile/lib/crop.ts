import type { AvatarCrop } from "@routepilot/contracts";

/**
 * The crop square to send, in the picture's own pixels: the cropper's area rounded to whole pixels
 * and kept inside the picture (rounding must never push it past an edge, which the server refuses).
 */
export function cropSquare(area: { x: number; y: number; width: number; height: number }, natural: { width: number; height: number }): AvatarCrop | null {
  if (natural.width < 1 || natural.height < 1) return null;
  const size = Math.max(1, Math.min(Math.round(Math.min(area.width, area.height)), natural.width, natural.height));
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return { cropX: clamp(area.x, natural.width - size), cropY: clamp(area.y, natural.height - size), cropSize: size };
}
