import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** `<repo root>/../shared/geo`, where the real OpenStreetMap test extracts live (see its README). */
export const SHARED_GEO_DIR = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../../../../shared/geo");

export const MONACO_PBF = resolve(SHARED_GEO_DIR, "monaco-2025-02-15.osm.pbf");
export const ANDORRA_PBF = resolve(SHARED_GEO_DIR, "andorra-2025-01-19.osm.pbf");
export const LIECHTENSTEIN_PBF = resolve(SHARED_GEO_DIR, "liechtenstein-2024-03-04.osm.pbf");
