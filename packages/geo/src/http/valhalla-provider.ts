import { z } from "zod";
import { NoRouteError, ProviderResponseError } from "../errors";
import { decodePolyline, encodePolyline } from "../polyline";
import type { LatLng, MatrixResult, Profile, RouteLeg, RouteResult, RoutingProvider } from "../types";
import { requirePoints, requireProfile } from "../validation";
import { parseAnswer, requireOk, sendRequest, serviceUrl, type HttpAnswer, type HttpProviderOptions } from "./http-client";
import { joinLines } from "./osrm-provider";

/** Valhalla costing models per profile (Valhalla has no van model; vans use `auto`). */
export const VALHALLA_COSTING: Readonly<Record<Profile, string>> = {
  car: "auto",
  van: "auto",
  truck: "truck",
  bicycle: "bicycle",
  foot: "pedestrian",
};

export interface ValhallaOptions extends HttpProviderOptions {
  costing?: Partial<Record<Profile, string>>;
}

const cellSchema = z.object({
  distance: z.number().nullable().optional(),
  time: z.number().nullable().optional(),
});
/** Documented (verbose) form: rows of {distance, time, from_index, to_index}; concise form: {durations, distances}. */
const matrixSchema = z.object({
  sources_to_targets: z.union([
    z.array(z.array(cellSchema)),
    z.object({
      durations: z.array(z.array(z.number().nullable())),
      distances: z.array(z.array(z.number().nullable())),
    }),
  ]),
  units: z.string().optional(),
});
const routeSchema = z.object({
  trip: z.object({
    status: z.number().optional(),
    units: z.string().optional(),
    summary: z.object({ length: z.number(), time: z.number() }),
    legs: z.array(z.object({ shape: z.string(), summary: z.object({ length: z.number(), time: z.number() }) })).min(1),
  }),
});
const errorSchema = z.object({ error_code: z.number(), error: z.string().optional() });

/** Valhalla error codes that mean "no route" rather than a broken request. */
const NO_ROUTE_CODES = new Set([170, 171, 442, 443]);

/**
 * Valhalla over HTTP: the Matrix service (`sources_to_targets`) and the Route service
 * (https://valhalla.github.io/valhalla/api/). Requests ask for kilometres; results are in metres.
 */
export class ValhallaProvider implements RoutingProvider {
  readonly name = "valhalla" as const;
  private readonly costing: Record<Profile, string>;

  constructor(private readonly options: ValhallaOptions) {
    this.costing = { ...VALHALLA_COSTING, ...options.costing };
  }

  async matrix(points: readonly LatLng[], profile: Profile): Promise<MatrixResult> {
    requireProfile(profile);
    requirePoints(points, 0);
    const n = points.length;
    const locations = points.map((p) => ({ lat: p.lat, lon: p.lng }));
    const answer = await sendRequest(
      this.name,
      serviceUrl(this.options.baseUrl, "sources_to_targets"),
      { method: "POST", body: { sources: locations, targets: locations, costing: this.costing[profile], units: "kilometers" } },
      this.options,
    );
    requireValhallaOk(answer);
    const body = parseAnswer(this.name, answer, matrixSchema);
    const km = unitFactor(body.units);
    const durations = Array.from({ length: n }, () => new Array<number>(n).fill(Infinity));
    const distances = Array.from({ length: n }, () => new Array<number>(n).fill(Infinity));
    const stt = body.sources_to_targets;
    const rows = Array.isArray(stt) ? stt.length : stt.durations.length;
    if (rows !== n) throw new ProviderResponseError(this.name, `expected ${n} rows, got ${rows}`);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let time: number | null | undefined;
        let dist: number | null | undefined;
        if (Array.isArray(stt)) {
          const cell = stt[i]?.[j];
          time = cell?.time;
          dist = cell?.distance;
        } else {
          time = stt.durations[i]?.[j];
          dist = stt.distances[i]?.[j];
        }
        if (typeof time === "number" && typeof dist === "number") {
          (durations[i] as number[])[j] = time;
          (distances[i] as number[])[j] = dist * km;
        }
      }
    }
    const unreachable: Array<[number, number]> = [];
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (durations[i]?.[j] === Infinity) unreachable.push([i, j]);
    return { durations, distances, unreachable, provider: this.name };
  }

  async route(points: readonly LatLng[], profile: Profile): Promise<RouteResult> {
    requireProfile(profile);
    requirePoints(points, 2);
    const answer = await sendRequest(
      this.name,
      serviceUrl(this.options.baseUrl, "route"),
      {
        method: "POST",
        body: {
          locations: points.map((p) => ({ lat: p.lat, lon: p.lng, type: "break" })),
          costing: this.costing[profile],
          units: "kilometers",
          directions_type: "none",
        },
      },
      this.options,
    );
    requireValhallaOk(answer);
    const { trip } = parseAnswer(this.name, answer, routeSchema);
    const km = unitFactor(trip.units);
    const lines: LatLng[][] = [];
    const legs: RouteLeg[] = trip.legs.map((leg) => {
      let line: LatLng[];
      try {
        // Valhalla shapes are encoded polylines at precision 6.
        line = decodePolyline(leg.shape, 6);
      } catch (error) {
        throw new ProviderResponseError(this.name, "leg shape is not an encoded polyline", { cause: error });
      }
      lines.push(line);
      return { distance: leg.summary.length * km, duration: leg.summary.time, geometry: encodePolyline(line) };
    });
    return {
      distance: trip.summary.length * km,
      duration: trip.summary.time,
      geometry: encodePolyline(joinLines(lines)),
      legs,
      provider: this.name,
    };
  }
}

/** Metres per reported unit. */
function unitFactor(units: string | undefined): number {
  return units === "miles" ? 1609.344 : 1000;
}

/** Valhalla errors are JSON {error_code, error, status_code}; "no route" codes become NoRouteError. */
function requireValhallaOk(answer: HttpAnswer): void {
  if (answer.ok) return;
  const error = errorSchema.safeParse(answer.json);
  if (error.success && NO_ROUTE_CODES.has(error.data.error_code)) {
    throw new NoRouteError(0, `Valhalla: ${error.data.error ?? "no route"} (${error.data.error_code})`);
  }
  requireOk("valhalla", answer);
}
