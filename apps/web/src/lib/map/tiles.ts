/** OpenStreetMap's standard tiles (their tile usage policy applies; set VITE_TILE_URL for production traffic). */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export type TileConfig = { url: string | null; attribution: string };

/**
 * The base-map tiles, chosen at build time: `VITE_TILE_URL` (an XYZ template, or "none" for no
 * tiles at all) and `VITE_TILE_ATTRIBUTION`. Without them, OpenStreetMap tiles with their credit.
 */
export function tileConfigFrom(env: { VITE_TILE_URL?: string | undefined; VITE_TILE_ATTRIBUTION?: string | undefined }): TileConfig {
  const url = env.VITE_TILE_URL?.trim();
  if (url === "none") return { url: null, attribution: "" };
  if (!url) return { url: DEFAULT_TILE_URL, attribution: OSM_TILE_ATTRIBUTION };
  return { url, attribution: env.VITE_TILE_ATTRIBUTION?.trim() || (url.includes("openstreetmap") ? OSM_TILE_ATTRIBUTION : "") };
}

export const tileConfig: TileConfig = tileConfigFrom(import.meta.env as { VITE_TILE_URL?: string; VITE_TILE_ATTRIBUTION?: string });

/** The text of a credit, for comparing: markup removed, "&copy;" as "©", spaces collapsed, lower case. */
function creditKey(credit: string): string {
  return credit
    .replace(/<[^>]*>/g, "")
    .replace(/&copy;/gi, "©")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * The map's data credits joined with " · ", each once: the tile credit usually already names
 * OpenStreetMap, and the routing data and offline roads credit it again in the same words.
 */
export function mapCredits(credits: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const credit of credits) {
    const key = credit ? creditKey(credit) : "";
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(credit!);
  }
  return kept.join(" · ");
}
