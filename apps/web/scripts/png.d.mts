/** An 8-bit RGBA PNG of `width`×`height` from `rgba` (4 bytes a pixel, rows top to bottom). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer;
