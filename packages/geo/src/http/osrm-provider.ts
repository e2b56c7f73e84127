import { z } from "zod";
import { NoRouteError, ProviderResponseError } from "../errors";
import { decodePolyline, encodePolyline } from "../polyline";
import type { LatLng, MatrixResult, Profile, RouteLeg, RouteResult, RoutingProvider } from "../types";
import { requirePoints, requireProfile } from "../validation";
import { parseAnswer, requireOk, sendRequest, serviceUrl, type HttpProviderOptions } from "./http-client";

/** OSRM profile names used in URLs; a self-hosted osrm-routed serves one profile and ignores the name. */
export const OSRM_PROFILES: Readonly<Record<Profile, string>> = {
  car: "driving",
  van: "driving",
  truck: "driving",
  bicycle: "cycling",
  foot: "walking",
};

export interface OsrmOptions extends HttpProviderOptions {
  profiles?: Partial<Record<Profile, string>>;
  /** Most coordinates one table request may carry (osrm-routed --max-table-size, default 100). Larger matrices are split. */
  maxTableSize?: number;
}

const nullableNumber = z.number().nullable();
const tableSchema = z.object({
  code: z.literal("Ok"),
  durations: z.array(z.array(nullableNumber)),
  distances: z.array(z.array(nullableNumber)),
  /** Waypoints as snapped; `distance` is metres from the input coordinate to the road. */
  sources: z.array(z.object({ distance: z.number().optional() })).optional(),
});
const stepSchema = z.object({ geometry: z.string() });
const routeSchema = z.object({
  code: z.literal("Ok"),
  routes: z
    .array(
      z.object({
        distance: z.number(),
        duration: z.number(),
        geometry: z.string(),
        legs: z.array(z.object({ distance: z.number(), duration: z.number(), steps: z.array(stepSchema).optional() })),
      }),
    )
    .min(1),
});
const errorSchema = z.object({ code: z.string(), message: z.string().optional() });

/**
 * OSRM over HTTP: the Table service for matrices (annotations=duration,distance) and the
 * Route service for routes (http://project-osrm.org/docs/v5.24.0/api/).
 */
export class OsrmProvider implements RoutingProvider {
  readonly name = "osrm" as const;
  private readonly profiles: Record<Profile, string>;
  private readonly maxTableSize: number;

  constructor(private readonly options: OsrmOptions) {
    this.profiles = { ...OSRM_PROFILES, ...options.profiles };
    this.maxTableSize = Math.max(2, options.maxTableSize ?? 100);
  }

  async matrix(points: readonly LatLng[], profile: Profile): Promise<MatrixResult> {
    requireProfile(profile);
    requirePoints(points, 0);
    const n = points.length;
    const durations = Array.from({ length: n }, () => new Array<number>(n).fill(Infinity));
    const distances = Array.from({ length: n }, () => new Array<number>(n).fill(Infinity));
    const snapDistances = new Array<number | undefined>(n).fill(undefined);
    if (n <= this.maxTableSize) {
      const all = range(0, n);
      await this.fillBlock(points, profile, all, all, { durations, distances, snapDistances }, true);
    } else {
      // Blocks of sources × destinations whose union fits in one request.
      const block = Math.floor(this.maxTableSize / 2);
      for (let s0 = 0; s0 < n; s0 += block) {
        for (let d0 = 0; d0 < n; d0 += block) {
          const src = range(s0, Math.min(n, s0 + block));
          const dst = range(d0, Math.min(n, d0 + block));
          await this.fillBlock(points, profile, src, dst, { durations, distances, snapDistances }, false);
        }
      }
    }
    const unreachable: Array<[number, number]> = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) if (durations[i]?.[j] === Infinity) unreachable.push([i, j]);
    }
    const known = snapDistances.every((d) => d !== undefined);
    return { durations, distances, unreachable, ...(known ? { snapDistances: snapDistances as number[] } : {}), provider: this.name };
  }

  private async fillBlock(
    points: readonly LatLng[],
    profile: Profile,
    src: number[],
    dst: number[],
    out: { durations: number[][]; distances: number[][]; snapDistances: Array<number | undefined> },
    whole: boolean,
  ): Promise<void> {
    const { durations, distances, snapDistances } = out;
    // Send each distinct point once; sources/destinations index into that list.
    const ids = whole ? src : [...new Set([...src, ...dst])];
    const local = new Map(ids.map((id, k) => [id, k]));
    const coords = ids.map((i) => points[i] as LatLng);
    const url = serviceUrl(this.options.baseUrl, `table/v1/${this.profiles[profile]}/${formatCoords(coords)}`, {
      annotations: "duration,distance",
      sources: whole ? undefined : src.map((i) => local.get(i)).join(";"),
      destinations: whole ? undefined : dst.map((i) => local.get(i)).join(";"),
    });
    const answer = await sendRequest(this.name, url, {}, this.options);
    this.requireOsrmOk(answer);
    const table = parseAnswer(this.name, answer, tableSchema);
    const rowsFit = (rows: unknown[][]): boolean => rows.length === src.length && rows.every((r) => r.length === dst.length);
    if (!rowsFit(table.durations) || !rowsFit(table.distances)) {
      throw new ProviderResponseError(this.name, "matrix size does not match the request");
    }
    src.forEach((i, r) => {
      const snapped = table.sources?.[r]?.distance;
      if (snapped !== undefined) snapDistances[i] = snapped;
      dst.forEach((j, c) => {
        const t = table.durations[r]?.[c];
        const d = table.distances[r]?.[c];
        // null marks a pair OSRM could not connect.
        if (t !== null && t !== undefined && d !== null && d !== undefined) {
          (durations[i] as number[])[j] = t;
          (distances[i] as number[])[j] = d;
        }
      });
    });
  }

  async route(points: readonly LatLng[], profile: Profile): Promise<RouteResult> {
    requireProfile(profile);
    requirePoints(points, 2);
    const url = serviceUrl(this.options.baseUrl, `route/v1/${this.profiles[profile]}/${formatCoords(points)}`, {
      overview: "full",
      geometries: "polyline",
      steps: "true",
    });
    const answer = await sendRequest(this.name, url, {}, this.options);
    const error = errorSchema.safeParse(answer.json);
    if (error.success && error.data.code === "NoRoute") throw new NoRouteError(0, error.data.message ?? "OSRM found no route");
    this.requireOsrmOk(answer);
    const [best] = parseAnswer(this.name, answer, routeSchema).routes;
    if (!best) throw new NoRouteError(0);
    const legs: RouteLeg[] = best.legs.map((leg) => ({
      distance: leg.distance,
      duration: leg.duration,
      geometry: encodePolyline(joinLines((leg.steps ?? []).map((s) => decodePolyline(s.geometry)))),
    }));
    return { distance: best.distance, duration: best.duration, geometry: best.geometry, legs, provider: this.name };
  }

  /** OSRM reports failures as {code, message} with HTTP 4xx; map them to HTTP errors with that message. */
  private requireOsrmOk(answer: Awaited<ReturnType<typeof sendRequest>>): void {
    const error = errorSchema.safeParse(answer.json);
    if (!answer.ok && error.success) {
      requireOk(this.name, { ...answer, text: `${error.data.code}${error.data.message ? ` ${error.data.message}` : ""}` });
    }
    requireOk(this.name, answer);
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** "lng,lat;lng,lat" with 6 decimals (≈ 0.1 m), as OSRM expects. */
function formatCoords(points: readonly LatLng[]): string {
  return points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(";");
}

/** Concatenates lines, dropping a point equal to the previous one. */
export function joinLines(lines: LatLng[][]): LatLng[] {
  const out: LatLng[] = [];
  for (const line of lines) {
    for (const p of line) {
      const last = out[out.length - 1];
      if (!last || last.lat !== p.lat || last.lng !== p.lng) out.push(p);
    }
  }
  return out;
}
