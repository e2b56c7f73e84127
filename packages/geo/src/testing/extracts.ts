import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** `<repo root>/datasets/osm`: the real OpenStreetMap extracts used by tests and benchmarks (see its README). */
export const DATASETS_OSM_DIR = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../../../datasets/osm");

export const MONACO_PBF = resolve(DATASETS_OSM_DIR, "monaco-2025-02-15.osm.pbf");
export const ANDORRA_PBF = resolve(DATASETS_OSM_DIR, "andorra-2025-01-19.osm.pbf");
export const LIECHTENSTEIN_PBF = resolve(DATASETS_OSM_DIR, "liechtenstein-2024-03-04.osm.pbf");
