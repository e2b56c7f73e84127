// Draws the PWA icons (public/pwa-*.png) from the favicon's design — a blue tile with a white
// route between two stops — with no image library and no network: pixels are computed here
// (4× supersampled) and written as PNG (png.mjs). Run: node apps/web/scripts/pwa-icons.mjs
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encodePng } from "./png.mjs";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");
const BLUE = [0x1d, 0x4e, 0xd8];
const WHITE = [0xff, 0xff, 0xff];

/** The favicon's 32-unit design: the cubic route M9 23 C13 14 19 18 23 9, stops at both ends. */
const curve = Array.from({ length: 200 }, (_, i) => {
  const t = i / 199;
  const u = 1 - t;
  return [u * u * u * 9 + 3 * u * u * t * 13 + 3 * u * t * t * 19 + t * t * t * 23, u * u * u * 23 + 3 * u * u * t * 14 + 3 * u * t * t * 18 + t * t * t * 9];
});
function isWhite(x, y) {
  if ((x - 9) ** 2 + (y - 23) ** 2 <= 9 || (x - 23) ** 2 + (y - 9) ** 2 <= 9) return true;
  return curve.some(([cx, cy]) => (x - cx) ** 2 + (y - cy) ** 2 <= 2.25);
}
/** Inside the tile: a rounded square (rx 8 of 32), or the whole square for a maskable icon. */
function inTile(x, y, fullBleed) {
  if (fullBleed) return true;
  const r = 8;
  const dx = Math.max(r - x, 0, x - (32 - r));
  const dy = Math.max(r - y, 0, y - (32 - r));
  return dx * dx + dy * dy <= r * r;
}

function draw(size, { maskable = false } = {}) {
  // A maskable icon keeps its drawing inside the central 80 % safe zone.
  const scale = maskable ? 0.7 : 1;
  const out = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = ((px + (sx + 0.5) / S) / size) * 32;
          const y = ((py + (sy + 0.5) / S) / size) * 32;
          if (!inTile(x, y, maskable)) continue;
          const gx = (x - 16) / scale + 16;
          const gy = (y - 16) / scale + 16;
          const c = isWhite(gx, gy) ? WHITE : BLUE;
          r += c[0]; g += c[1]; b += c[2]; a += 255;
        }
      }
      const n = S * S;
      const o = (py * size + px) * 4;
      const covered = a / 255;
      out[o] = covered ? Math.round(r / covered) : 0;
      out[o + 1] = covered ? Math.round(g / covered) : 0;
      out[o + 2] = covered ? Math.round(b / covered) : 0;
      out[o + 3] = Math.round(a / n);
    }
  }
  return encodePng(size, size, out);
}

const icons = [
  ["pwa-192x192.png", 192, {}],
  ["pwa-512x512.png", 512, {}],
  ["pwa-maskable-512x512.png", 512, { maskable: true }],
  ["apple-touch-icon.png", 180, { maskable: true }],
];
for (const [name, size, options] of icons) {
  writeFileSync(path.join(publicDir, name), draw(size, options));
  console.log(`wrote public/${name}`);
}
