import type { RoadGraph } from "./road-graph";

/** Seed parent codes: a vertex reached straight from the source snap, leaving along / against its edge. */
export const SEED_FORWARD = -2;
export const SEED_BACKWARD = -3;

/**
 * Reusable one-to-many Dijkstra over a RoadGraph, minimising travel time, with an indexed
 * binary min-heap on typed arrays. Per-vertex state is valid only where `stamp[v] === run`,
 * so nothing is cleared between runs.
 */
export class DijkstraWorkspace {
  /** Seconds from the source, valid where stamp[v] === run. */
  readonly duration: Float64Array;
  /** Metres along the quickest path. */
  readonly distance: Float64Array;
  /** Arc used to reach v, or SEED_FORWARD / SEED_BACKWARD for seeds. Filled only when parents are tracked. */
  readonly parentArc: Int32Array;
  private readonly stamp: Int32Array;
  /** Vertex settled in run `settledStamp[v]`. */
  private readonly settledStamp: Int32Array;
  private readonly targetStamp: Int32Array;
  private readonly heap: Int32Array;
  /** Position of v in `heap`, valid while v is queued in the current run. */
  private readonly heapPos: Int32Array;
  private heapSize = 0;
  private run = 0;

  constructor(private readonly graph: RoadGraph) {
    const V = graph.vertexCount;
    this.duration = new Float64Array(V);
    this.distance = new Float64Array(V);
    this.parentArc = new Int32Array(V);
    this.stamp = new Int32Array(V);
    this.settledStamp = new Int32Array(V);
    this.targetStamp = new Int32Array(V);
    this.heap = new Int32Array(V);
    this.heapPos = new Int32Array(V);
  }

  /** Seconds to v in the last run (Infinity if not reached). */
  durationTo(v: number): number {
    return this.stamp[v] === this.run && this.settledStamp[v] === this.run ? (this.duration[v] as number) : Infinity;
  }

  /** Metres to v in the last run (Infinity if not reached). */
  distanceTo(v: number): number {
    return this.stamp[v] === this.run && this.settledStamp[v] === this.run ? (this.distance[v] as number) : Infinity;
  }

  /**
   * Runs Dijkstra for profile index `p` from the seeds (vertex, seconds, metres, parent code),
   * until every vertex in `targets` is settled or the reachable graph is exhausted.
   */
  runFrom(
    p: number,
    seeds: ReadonlyArray<{ vertex: number; duration: number; distance: number; parent: number }>,
    targets: Int32Array,
  ): void {
    const g = this.graph;
    const cost = g.arcDuration[p] as Float64Array;
    const arcStart = g.arcStart;
    const arcTarget = g.arcTarget;
    const arcEdgeDir = g.arcEdgeDir;
    const edgeLength = g.edgeLength;
    const dur = this.duration;
    const dist = this.distance;
    const parent = this.parentArc;
    const stamp = this.stamp;
    const settled = this.settledStamp;
    const run = ++this.run;
    this.heapSize = 0;

    let remaining = 0;
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i] as number;
      if (this.targetStamp[t] !== run) {
        this.targetStamp[t] = run;
        remaining++;
      }
    }
    // Nothing to find: leave every vertex unreached rather than explore the whole graph.
    if (remaining === 0) return;
    for (const s of seeds) {
      if (!(s.duration < Infinity)) continue;
      const v = s.vertex;
      if (stamp[v] !== run || s.duration < (dur[v] as number)) {
        const queued = stamp[v] === run;
        stamp[v] = run;
        dur[v] = s.duration;
        dist[v] = s.distance;
        parent[v] = s.parent;
        if (queued) this.siftUp(this.heapPos[v] as number);
        else this.push(v);
      }
    }
    while (this.heapSize > 0) {
      const u = this.pop();
      settled[u] = run;
      if (this.targetStamp[u] === run && --remaining === 0) break;
      const du = dur[u] as number;
      const distU = dist[u] as number;
      const end = arcStart[u + 1] as number;
      for (let a = arcStart[u] as number; a < end; a++) {
        const c = cost[a] as number;
        if (c === Infinity) continue;
        const v = arcTarget[a] as number;
        if (settled[v] === run) continue;
        const nd = du + c;
        if (stamp[v] !== run) {
          stamp[v] = run;
          dur[v] = nd;
          dist[v] = distU + (edgeLength[(arcEdgeDir[a] as number) >> 1] as number);
          parent[v] = a;
          this.push(v);
        } else if (nd < (dur[v] as number)) {
          dur[v] = nd;
          dist[v] = distU + (edgeLength[(arcEdgeDir[a] as number) >> 1] as number);
          parent[v] = a;
          this.siftUp(this.heapPos[v] as number);
        }
      }
    }
  }

  private push(v: number): void {
    const i = this.heapSize++;
    this.heap[i] = v;
    this.heapPos[v] = i;
    this.siftUp(i);
  }

  private pop(): number {
    const heap = this.heap;
    const top = heap[0] as number;
    const last = heap[--this.heapSize] as number;
    if (this.heapSize > 0) {
      heap[0] = last;
      this.heapPos[last] = 0;
      this.siftDown(0);
    }
    return top;
  }

  private siftUp(i: number): void {
    const heap = this.heap;
    const pos = this.heapPos;
    const key = this.duration;
    const v = heap[i] as number;
    const kv = key[v] as number;
    while (i > 0) {
      const parentIndex = (i - 1) >> 1;
      const pv = heap[parentIndex] as number;
      if ((key[pv] as number) <= kv) break;
      heap[i] = pv;
      pos[pv] = i;
      i = parentIndex;
    }
    heap[i] = v;
    pos[v] = i;
  }

  private siftDown(i: number): void {
    const heap = this.heap;
    const pos = this.heapPos;
    const key = this.duration;
    const n = this.heapSize;
    const v = heap[i] as number;
    const kv = key[v] as number;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && (key[heap[right] as number] as number) < (key[heap[child] as number] as number)) child = right;
      const cv = heap[child] as number;
      if ((key[cv] as number) >= kv) break;
      heap[i] = cv;
      pos[cv] = i;
      i = child;
    }
    heap[i] = v;
    pos[v] = i;
  }
}
