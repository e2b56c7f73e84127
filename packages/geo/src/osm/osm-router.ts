import { readFile } from "node:fs/promises";
import { ExtractLoadError, NoRouteError } from "../errors";
import { encodePolyline } from "../polyline";
import { PROFILES, type LatLng, type MatrixResult, type Profile, type RouteLeg, type RouteResult, type RoutingProvider } from "../types";
import { requirePoints, requireProfile } from "../validation";
import { DijkstraWorkspace, SEED_BACKWARD, SEED_FORWARD } from "./dijkstra";
import { parseOsmPbf, type OsmExtractData, type OsmWay } from "./pbf-parser";
import { buildRoadGraph, type RoadGraph } from "./road-graph";
import { PROFILE_BIT, isBarrierNode, isRoutableWay } from "./road-rules";
import { SnapIndex, type Snap } from "./snap-index";

export interface OsmRouterOptions {
  /** Points farther than this from any usable road are unreachable (default 1000 m). */
  maxSnapMeters?: number;
}

/** Timings of the last load, in milliseconds. */
export interface OsmLoadStats {
  parseMs: number;
  graphMs: number;
  indexMs: number;
  vertices: number;
  edges: number;
}

interface Candidate {
  duration: number;
  distance: number;
  /** How the target is reached: "direct" along the shared edge, or via the target edge's from / to vertex. */
  via: "direct" | "from" | "to";
}

/**
 * The built-in road router: parses an .osm.pbf extract, builds a road graph with per-profile
 * access, one-way and speed rules, snaps points to the nearest usable road and answers
 * matrices and routes with Dijkstra. Unreachable matrix pairs are Infinity and listed in
 * `unreachable`; `route` throws `NoRouteError`.
 */
export class OsmRoutingProvider implements RoutingProvider {
  readonly name = "osm" as const;
  readonly graph: RoadGraph;
  readonly stats: OsmLoadStats;
  private readonly index: SnapIndex;
  private readonly workspace: DijkstraWorkspace;
  private readonly maxSnapMeters: number;
  private readonly ways: readonly OsmWay[];

  private constructor(
    graph: RoadGraph,
    ways: readonly OsmWay[],
    index: SnapIndex,
    stats: OsmLoadStats,
    options: OsmRouterOptions,
  ) {
    this.graph = graph;
    this.ways = ways;
    this.index = index;
    this.stats = stats;
    this.workspace = new DijkstraWorkspace(graph);
    this.maxSnapMeters = options.maxSnapMeters ?? 1000;
  }

  /** Loads an .osm.pbf file. Throws `ExtractLoadError` if it cannot be parsed. */
  static async fromFile(path: string, options: OsmRouterOptions = {}): Promise<OsmRoutingProvider> {
    return OsmRoutingProvider.fromBuffer(await readFile(path), options);
  }

  /** Builds the router from the bytes of an .osm.pbf file. */
  static fromBuffer(pbf: Uint8Array, options: OsmRouterOptions = {}): OsmRoutingProvider {
    const t0 = performance.now();
    const data = parseOsmPbf(pbf, { keepWay: isRoutableWay, keepNode: isBarrierNode });
    const t1 = performance.now();
    return OsmRoutingProvider.fromExtract(data, options, t1 - t0);
  }

  /** Builds the router from an already parsed extract (whose ways include the routable ones). */
  static fromExtract(data: OsmExtractData, options: OsmRouterOptions = {}, parseMs = 0): OsmRoutingProvider {
    const t1 = performance.now();
    const ways = data.ways.filter((w) => isRoutableWay(w.tags));
    const graph = buildRoadGraph({ ...data, ways });
    if (graph.edgeCount === 0) throw new ExtractLoadError("The extract has no routable roads");
    const t2 = performance.now();
    const index = new SnapIndex(graph);
    const t3 = performance.now();
    return new OsmRoutingProvider(
      graph,
      ways,
      index,
      { parseMs, graphMs: t2 - t1, indexMs: t3 - t2, vertices: graph.vertexCount, edges: graph.edgeCount },
      options,
    );
  }

  /** OSM id and tags of the way an edge belongs to. */
  wayOfEdge(edge: number): OsmWay {
    return this.ways[this.graph.edgeWay[edge] as number] as OsmWay;
  }

  /**
   * Nearest point on a road the profile may use, preferring the profile's largest strongly
   * connected component; null when nothing usable lies within `maxSnapMeters`.
   */
  snap(point: LatLng, profile: Profile): Snap | null {
    requireProfile(profile);
    const p = PROFILES.indexOf(profile);
    const bit = PROFILE_BIT[profile];
    const g = this.graph;
    const fwd = g.edgeDurationForward[p] as Float64Array;
    const bwd = g.edgeDurationBackward[p] as Float64Array;
    const usable = (e: number): boolean => (fwd[e] as number) < Infinity || (bwd[e] as number) < Infinity;
    const main = this.index.nearest(point.lat, point.lng, this.maxSnapMeters, (e) => {
      if (!usable(e)) return false;
      const m = g.mainComponent;
      return (((m[g.edgeFrom[e] as number] as number) & (m[g.edgeTo[e] as number] as number)) & bit) !== 0;
    });
    return main ?? this.index.nearest(point.lat, point.lng, this.maxSnapMeters, usable);
  }

  /**
   * Many-to-many matrix. Computes one Dijkstra per source; gives the event loop a turn about
   * every 20 ms so a large matrix does not stall a server (rows are independent, so
   * interleaved calls are safe).
   */
  async matrix(points: readonly LatLng[], profile: Profile): Promise<MatrixResult> {
    requireProfile(profile);
    requirePoints(points, 0);
    const job = this.startMatrix(points, profile);
    let sliceStart = performance.now();
    for (let i = 0; i < points.length; i++) {
      job.row(i);
      if (performance.now() - sliceStart > 20) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return job.result();
  }

  /** Synchronous `matrix`, for benchmarks and worker threads. */
  matrixSync(points: readonly LatLng[], profile: Profile): MatrixResult {
    requireProfile(profile);
    requirePoints(points, 0);
    const job = this.startMatrix(points, profile);
    for (let i = 0; i < points.length; i++) job.row(i);
    return job.result();
  }

  private startMatrix(points: readonly LatLng[], profile: Profile): { row(i: number): void; result(): MatrixResult } {
    const p = PROFILES.indexOf(profile);
    const n = points.length;
    const snaps = points.map((pt) => this.snap(pt, profile));
    const targets = this.targetVertices(snaps, p);
    const durations: number[][] = [];
    const distances: number[][] = [];
    const row = (i: number): void => {
      const dRow = new Array<number>(n).fill(Infinity);
      const mRow = new Array<number>(n).fill(Infinity);
      dRow[i] = 0;
      mRow[i] = 0;
      const s = snaps[i];
      if (s) {
        // Run and read back in one synchronous step: the workspace is shared.
        this.workspace.runFrom(p, this.seeds(s, p), targets);
        for (let j = 0; j < n; j++) {
          const t = snaps[j];
          if (j === i || !t) continue;
          const c = this.bestCandidate(s, t, p);
          if (c) {
            dRow[j] = c.duration;
            mRow[j] = c.distance;
          }
        }
      }
      durations[i] = dRow;
      distances[i] = mRow;
    };
    const result = (): MatrixResult => {
      const unreachable: Array<[number, number]> = [];
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) if (durations[i]?.[j] === Infinity) unreachable.push([i, j]);
      }
      return {
        durations,
        distances,
        unreachable,
        snapDistances: snaps.map((s) => (s ? s.distance : null)),
        provider: this.name,
      };
    };
    return { row, result };
  }

  async route(points: readonly LatLng[], profile: Profile): Promise<RouteResult> {
    requireProfile(profile);
    requirePoints(points, 2);
    const p = PROFILES.indexOf(profile);
    const snaps = points.map((pt) => this.snap(pt, profile));
    const legs: RouteLeg[] = [];
    const all: LatLng[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const s = snaps[i];
      const t = snaps[i + 1];
      if (!s || !t) throw new NoRouteError(i, `No road usable by ${profile} near point ${s ? i + 1 : i}`);
      this.workspace.runFrom(p, this.seeds(s, p), this.targetVertices([t], p));
      const c = this.bestCandidate(s, t, p);
      if (!c) throw new NoRouteError(i, `No ${profile} route from point ${i} to point ${i + 1}`);
      const coords = this.legGeometry(s, t, c);
      legs.push({ distance: c.distance, duration: c.duration, geometry: encodePolyline(coords) });
      for (const pt of coords) {
        const last = all[all.length - 1];
        if (!last || last.lat !== pt.lat || last.lng !== pt.lng) all.push(pt);
      }
    }
    return {
      distance: legs.reduce((sum, l) => sum + l.distance, 0),
      duration: legs.reduce((sum, l) => sum + l.duration, 0),
      geometry: encodePolyline(all),
      legs,
      provider: this.name,
    };
  }

  /** Vertices a search must settle to price every target: the ends of their edges it can enter from. */
  private targetVertices(snaps: ReadonlyArray<Snap | null>, p: number): Int32Array {
    const g = this.graph;
    const fwd = g.edgeDurationForward[p] as Float64Array;
    const bwd = g.edgeDurationBackward[p] as Float64Array;
    const out: number[] = [];
    for (const t of snaps) {
      if (!t) continue;
      if ((fwd[t.edge] as number) < Infinity) out.push(g.edgeFrom[t.edge] as number);
      if ((bwd[t.edge] as number) < Infinity) out.push(g.edgeTo[t.edge] as number);
    }
    return Int32Array.from(out);
  }

  /** Initial queue entries: from the snapped point to either end of its edge, where the profile may go. */
  private seeds(s: Snap, p: number): Array<{ vertex: number; duration: number; distance: number; parent: number }> {
    const g = this.graph;
    const len = g.edgeLength[s.edge] as number;
    const fwd = g.edgeDurationForward[p]?.[s.edge] as number;
    const bwd = g.edgeDurationBackward[p]?.[s.edge] as number;
    const share = len > 0 ? s.offset / len : 0;
    const bit = PROFILE_BIT[PROFILES[p] as Profile];
    // A barrier at the edge's end stops the profile there, as it stops arcs into that vertex.
    const open = (v: number): boolean => ((g.vertexBlocked[v] as number) & bit) === 0;
    const to = g.edgeTo[s.edge] as number;
    const from = g.edgeFrom[s.edge] as number;
    return [
      { vertex: to, duration: open(to) ? fwd * (1 - share) : Infinity, distance: len - s.offset, parent: SEED_FORWARD },
      { vertex: from, duration: open(from) ? bwd * share : Infinity, distance: s.offset, parent: SEED_BACKWARD },
    ];
  }

  /** Quickest way to reach target snap `t` after `runFrom` from source `s`, or null if none. */
  private bestCandidate(s: Snap, t: Snap, p: number): Candidate | null {
    const g = this.graph;
    const ws = this.workspace;
    const e = t.edge;
    const len = g.edgeLength[e] as number;
    const fwd = g.edgeDurationForward[p]?.[e] as number;
    const bwd = g.edgeDurationBackward[p]?.[e] as number;
    const share = len > 0 ? t.offset / len : 0;
    let best: Candidate | null = null;
    const consider = (duration: number, distance: number, via: Candidate["via"]): void => {
      if (duration < Infinity && (!best || duration < best.duration)) best = { duration, distance, via };
    };
    if (s.edge === e) {
      if (t.offset >= s.offset && fwd < Infinity) consider(fwd * ((t.offset - s.offset) / (len || 1)), t.offset - s.offset, "direct");
      if (t.offset <= s.offset && bwd < Infinity) consider(bwd * ((s.offset - t.offset) / (len || 1)), s.offset - t.offset, "direct");
    }
    if (fwd < Infinity) {
      const v = g.edgeFrom[e] as number;
      consider(ws.durationTo(v) + fwd * share, ws.distanceTo(v) + t.offset, "from");
    }
    if (bwd < Infinity) {
      const v = g.edgeTo[e] as number;
      consider(ws.durationTo(v) + bwd * (1 - share), ws.distanceTo(v) + (len - t.offset), "to");
    }
    return best;
  }

  /** Coordinates of a leg: snapped source → partial edge → whole edges → partial edge → snapped target. */
  private legGeometry(s: Snap, t: Snap, c: Candidate): LatLng[] {
    const g = this.graph;
    const out: LatLng[] = [{ lat: s.lat, lng: s.lng }];
    const geomPoint = (k: number): LatLng => ({ lat: g.geomLat[k] as number, lng: g.geomLng[k] as number });
    const first = (e: number): number => g.edgeGeomStart[e] as number;
    const last = (e: number): number => (g.edgeGeomStart[e + 1] as number) - 1;
    if (c.via === "direct") {
      if (t.offset >= s.offset) for (let k = s.geomIndex + 1; k <= t.geomIndex; k++) out.push(geomPoint(k));
      else for (let k = s.geomIndex; k > t.geomIndex; k--) out.push(geomPoint(k));
      out.push({ lat: t.lat, lng: t.lng });
      return out;
    }
    // Walk parents back from the vertex the target is entered from.
    const entry = c.via === "from" ? (g.edgeFrom[t.edge] as number) : (g.edgeTo[t.edge] as number);
    const arcs: number[] = [];
    let v = entry;
    let seed = this.workspace.parentArc[v] as number;
    while (seed >= 0) {
      arcs.push(seed);
      const ed = g.arcEdgeDir[seed] as number;
      const e = ed >> 1;
      v = ed & 1 ? (g.edgeTo[e] as number) : (g.edgeFrom[e] as number);
      seed = this.workspace.parentArc[v] as number;
    }
    // Leave the source edge towards the seed vertex.
    if (seed === SEED_FORWARD) for (let k = s.geomIndex + 1; k <= last(s.edge); k++) out.push(geomPoint(k));
    else for (let k = s.geomIndex; k >= first(s.edge); k--) out.push(geomPoint(k));
    for (let i = arcs.length - 1; i >= 0; i--) {
      const ed = g.arcEdgeDir[arcs[i] as number] as number;
      const e = ed >> 1;
      if (ed & 1) for (let k = last(e) - 1; k >= first(e); k--) out.push(geomPoint(k));
      else for (let k = first(e) + 1; k <= last(e); k++) out.push(geomPoint(k));
    }
    // Enter the target edge.
    if (c.via === "from") for (let k = first(t.edge) + 1; k <= t.geomIndex; k++) out.push(geomPoint(k));
    else for (let k = last(t.edge) - 1; k > t.geomIndex; k--) out.push(geomPoint(k));
    out.push({ lat: t.lat, lng: t.lng });
    return out;
  }
}
