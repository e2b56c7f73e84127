import { haversineMeters } from "../geodesy";
import { PROFILES } from "../types";
import { findNodeIndex, type OsmExtractData } from "./pbf-parser";
import { PROFILE_BIT, barrierBlockMask, wayRules } from "./road-rules";
import { GrowF64, GrowI32, postIncrement } from "./typed-arrays";

/**
 * A compact road graph in typed arrays.
 *
 * Vertices are OSM nodes where ways meet or end; an *edge* is the piece of one way between
 * two vertices, with its full node geometry. Every edge may be usable forward (from → to),
 * backward, or both, separately per profile. Outgoing *arcs* (one per usable edge direction)
 * are stored in CSR form: the arcs of vertex v are arcStart[v] .. arcStart[v + 1] - 1.
 */
export interface RoadGraph {
  vertexCount: number;
  vertexLat: Float64Array;
  vertexLng: Float64Array;

  edgeCount: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  /** Metres along the geometry. */
  edgeLength: Float64Array;
  /** Seconds to traverse the whole edge forward / backward, per profile (index as PROFILES); Infinity where not allowed. */
  edgeDurationForward: Float64Array[];
  edgeDurationBackward: Float64Array[];
  /** Geometry of edge e is points edgeGeomStart[e] .. edgeGeomStart[e + 1] - 1 (both vertices included). */
  edgeGeomStart: Int32Array;
  /** OSM way index (into `ways` of the parsed extract) each edge came from. */
  edgeWay: Int32Array;

  geomLat: Float64Array;
  geomLng: Float64Array;
  /** Metres from the start of the point's edge. */
  geomOffset: Float64Array;
  /** Edge each geometry point belongs to. */
  geomEdge: Int32Array;

  arcCount: number;
  arcStart: Int32Array;
  arcTarget: Int32Array;
  /** edge * 2 + (1 if the arc runs backward along the edge, else 0). */
  arcEdgeDir: Int32Array;
  /** Per profile: seconds to traverse each arc; Infinity where the profile may not use it. */
  arcDuration: Float64Array[];

  /** Per vertex: PROFILE_BIT mask of profiles a barrier stops there (no arc into the vertex is usable by them). */
  vertexBlocked: Uint8Array;
  /** Per vertex: bit PROFILE_BIT[p] set if the vertex is in the largest strongly connected component for profile p. */
  mainComponent: Uint8Array;
}

/** Builds the road graph from parsed ways (those that pass `isRoutableWay`) and node coordinates. */
export function buildRoadGraph(data: OsmExtractData): RoadGraph {
  const { nodeIds, nodeLat, nodeLng, ways } = data;
  const nodeCount = nodeIds.length;

  // Pass 1: rules per way, node references resolved to node indices (-1 where the extract lacks the node).
  const wayNodes: Int32Array[] = [];
  const wayFwd: number[] = [];
  const wayBwd: number[] = [];
  const waySpeed: number[][] = [];
  const wayIndex: number[] = [];
  // useCount[n]: how many way pieces touch node n (saturating); >= 2 makes it a vertex.
  const useCount = new Uint8Array(nodeCount);
  let lastId = -1;
  let lastIdx = -1;
  ways.forEach((way, wi) => {
    const rules = wayRules(way.tags);
    if ((rules.forward | rules.backward) === 0) return;
    const refs = way.refs;
    const idx = new Int32Array(refs.length);
    for (let i = 0; i < refs.length; i++) {
      const id = refs[i] as number;
      // Consecutive refs are often consecutive ids: try the neighbour before binary search.
      let n: number;
      if (lastIdx >= 0 && id === lastId + 1 && nodeIds[lastIdx + 1] === id) n = lastIdx + 1;
      else n = findNodeIndex(nodeIds, id);
      idx[i] = n;
      lastId = id;
      lastIdx = n;
    }
    for (let i = 0; i < idx.length; i++) {
      const n = idx[i] as number;
      if (n < 0) continue;
      const isEnd = i === 0 || i === idx.length - 1 || idx[i - 1] === -1 || idx[i + 1] === -1;
      const add = isEnd ? 2 : 1;
      useCount[n] = Math.min(255, (useCount[n] as number) + add);
    }
    wayNodes.push(idx);
    wayFwd.push(rules.forward);
    wayBwd.push(rules.backward);
    waySpeed.push(rules.speedKmh);
    wayIndex.push(wi);
  });

  // Barrier nodes on roads become vertices, so that blocking them blocks exactly the arcs through them.
  const nodeBlocked = new Map<number, number>();
  for (const n of data.taggedNodes) {
    const mask = barrierBlockMask(n.tags);
    if (mask !== 0 && (useCount[n.index] as number) > 0) {
      nodeBlocked.set(n.index, mask);
      useCount[n.index] = Math.max(2, useCount[n.index] as number);
    }
  }

  // Pass 2: split ways into edges at vertices.
  const vertexOf = new Int32Array(nodeCount).fill(-1);
  const vLat = new GrowF64(1024);
  const vLng = new GrowF64(1024);
  const vBlocked: number[] = [];
  const vertex = (n: number): number => {
    let v = vertexOf[n] as number;
    if (v < 0) {
      v = vLat.length;
      vertexOf[n] = v;
      vLat.push(nodeLat[n] as number);
      vLng.push(nodeLng[n] as number);
      vBlocked.push(nodeBlocked.get(n) ?? 0);
    }
    return v;
  };
  const eFrom = new GrowI32(1024);
  const eTo = new GrowI32(1024);
  const eLen = new GrowF64(1024);
  const eWay = new GrowI32(1024);
  const eRule = new GrowI32(1024); // index into wayNodes/wayFwd/...
  const eGeomStart = new GrowI32(1024);
  const gLat = new GrowF64(4096);
  const gLng = new GrowF64(4096);
  const gOff = new GrowF64(4096);
  const gEdge = new GrowI32(4096);

  for (let r = 0; r < wayNodes.length; r++) {
    const idx = wayNodes[r] as Int32Array;
    let i = 0;
    while (i < idx.length) {
      // Find the start of a run of present nodes.
      while (i < idx.length && (idx[i] as number) < 0) i++;
      if (i >= idx.length - 1) break;
      if ((idx[i + 1] as number) < 0) {
        i++;
        continue;
      }
      let start = i;
      let startNode = idx[start] as number;
      let edgeIndex = eFrom.length;
      let length = 0;
      eGeomStart.push(gLat.length);
      gLat.push(nodeLat[startNode] as number);
      gLng.push(nodeLng[startNode] as number);
      gOff.push(0);
      gEdge.push(edgeIndex);
      for (i = start + 1; i < idx.length; i++) {
        const n = idx[i] as number;
        if (n < 0) break;
        const p = idx[i - 1] as number;
        length += haversineMeters(nodeLat[p] as number, nodeLng[p] as number, nodeLat[n] as number, nodeLng[n] as number);
        gLat.push(nodeLat[n] as number);
        gLng.push(nodeLng[n] as number);
        gOff.push(length);
        gEdge.push(edgeIndex);
        if ((useCount[n] as number) >= 2) {
          eFrom.push(vertex(startNode));
          eTo.push(vertex(n));
          eLen.push(length);
          eWay.push(wayIndex[r] as number);
          eRule.push(r);
          if (i < idx.length - 1 && (idx[i + 1] as number) >= 0) {
            // Next edge of the same way starts here.
            start = i;
            startNode = n;
            edgeIndex = eFrom.length;
            length = 0;
            eGeomStart.push(gLat.length);
            gLat.push(nodeLat[n] as number);
            gLng.push(nodeLng[n] as number);
            gOff.push(0);
            gEdge.push(edgeIndex);
          } else {
            i++;
            break;
          }
        }
      }
      void start;
    }
  }
  eGeomStart.push(gLat.length);

  const edgeCount = eFrom.length;
  const vertexCount = vLat.length;
  const edgeFrom = eFrom.done();
  const edgeTo = eTo.done();
  const edgeLength = eLen.done();
  const edgeRule = eRule.done();

  // Durations per profile and direction.
  const edgeDurationForward: Float64Array[] = [];
  const edgeDurationBackward: Float64Array[] = [];
  PROFILES.forEach((profile, p) => {
    const bit = PROFILE_BIT[profile];
    const fwd = new Float64Array(edgeCount);
    const bwd = new Float64Array(edgeCount);
    for (let e = 0; e < edgeCount; e++) {
      const r = edgeRule[e] as number;
      const speed = (waySpeed[r] as number[])[p] as number;
      const secs = speed > 0 ? (edgeLength[e] as number) / (speed / 3.6) : Infinity;
      fwd[e] = ((wayFwd[r] as number) & bit) !== 0 ? secs : Infinity;
      bwd[e] = ((wayBwd[r] as number) & bit) !== 0 ? secs : Infinity;
    }
    edgeDurationForward.push(fwd);
    edgeDurationBackward.push(bwd);
  });

  // CSR of outgoing arcs.
  const anyFwd = (e: number): boolean => (wayFwd[edgeRule[e] as number] as number) !== 0;
  const anyBwd = (e: number): boolean => (wayBwd[edgeRule[e] as number] as number) !== 0;
  const arcStart = new Int32Array(vertexCount + 1);
  for (let e = 0; e < edgeCount; e++) {
    if (anyFwd(e)) postIncrement(arcStart, (edgeFrom[e] as number) + 1);
    if (anyBwd(e)) postIncrement(arcStart, (edgeTo[e] as number) + 1);
  }
  for (let v = 0; v < vertexCount; v++) arcStart[v + 1] = (arcStart[v + 1] as number) + (arcStart[v] as number);
  const arcCount = arcStart[vertexCount] as number;
  const arcTarget = new Int32Array(arcCount);
  const arcEdgeDir = new Int32Array(arcCount);
  const fill = arcStart.slice(0, vertexCount);
  for (let e = 0; e < edgeCount; e++) {
    if (anyFwd(e)) {
      const a = postIncrement(fill, edgeFrom[e] as number);
      arcTarget[a] = edgeTo[e] as number;
      arcEdgeDir[a] = e * 2;
    }
    if (anyBwd(e)) {
      const a = postIncrement(fill, edgeTo[e] as number);
      arcTarget[a] = edgeFrom[e] as number;
      arcEdgeDir[a] = e * 2 + 1;
    }
  }
  const vertexBlocked = Uint8Array.from(vBlocked);
  const arcDuration = PROFILES.map((profile, p) => {
    const bit = PROFILE_BIT[profile];
    const out = new Float64Array(arcCount);
    const fwd = edgeDurationForward[p] as Float64Array;
    const bwd = edgeDurationBackward[p] as Float64Array;
    for (let a = 0; a < arcCount; a++) {
      const ed = arcEdgeDir[a] as number;
      const blocked = ((vertexBlocked[arcTarget[a] as number] as number) & bit) !== 0;
      out[a] = blocked ? Infinity : ((ed & 1 ? bwd[ed >> 1] : fwd[ed >> 1]) as number);
    }
    return out;
  });

  const graph: RoadGraph = {
    vertexCount,
    vertexLat: vLat.done(),
    vertexLng: vLng.done(),
    edgeCount,
    edgeFrom,
    edgeTo,
    edgeLength,
    edgeDurationForward,
    edgeDurationBackward,
    edgeGeomStart: eGeomStart.done(),
    edgeWay: eWay.done(),
    geomLat: gLat.done(),
    geomLng: gLng.done(),
    geomOffset: gOff.done(),
    geomEdge: gEdge.done(),
    arcCount,
    arcStart,
    arcTarget,
    arcEdgeDir,
    arcDuration,
    vertexBlocked,
    mainComponent: new Uint8Array(vertexCount),
  };
  PROFILES.forEach((profile, p) => markLargestComponent(graph, p, PROFILE_BIT[profile]));
  return graph;
}

/**
 * Marks the largest strongly connected component for one profile (Kosaraju, iterative).
 * Points are snapped onto it so that a stray one-way stub at the extract's border does not
 * make a stop unreachable.
 */
function markLargestComponent(g: RoadGraph, p: number, bit: number): void {
  const V = g.vertexCount;
  const cost = g.arcDuration[p] as Float64Array;
  // Reverse CSR restricted to this profile's usable arcs.
  const inStart = new Int32Array(V + 1);
  for (let u = 0; u < V; u++) {
    for (let a = g.arcStart[u] as number; a < (g.arcStart[u + 1] as number); a++) {
      if ((cost[a] as number) < Infinity) postIncrement(inStart, (g.arcTarget[a] as number) + 1);
    }
  }
  for (let v = 0; v < V; v++) inStart[v + 1] = (inStart[v + 1] as number) + (inStart[v] as number);
  const inSource = new Int32Array(inStart[V] as number);
  const fill = inStart.slice(0, V);
  for (let u = 0; u < V; u++) {
    for (let a = g.arcStart[u] as number; a < (g.arcStart[u + 1] as number); a++) {
      if ((cost[a] as number) < Infinity) inSource[postIncrement(fill, g.arcTarget[a] as number)] = u;
    }
  }
  // Pass 1: post-order of a DFS on the forward graph.
  const visited = new Uint8Array(V);
  const order = new Int32Array(V);
  let orderLen = 0;
  const stackV = new Int32Array(V);
  const stackA = new Int32Array(V);
  for (let root = 0; root < V; root++) {
    if (visited[root]) continue;
    let sp = 0;
    stackV[0] = root;
    stackA[0] = g.arcStart[root] as number;
    visited[root] = 1;
    while (sp >= 0) {
      const u = stackV[sp] as number;
      const a = stackA[sp] as number;
      if (a < (g.arcStart[u + 1] as number)) {
        stackA[sp] = a + 1;
        if ((cost[a] as number) < Infinity) {
          const w = g.arcTarget[a] as number;
          if (!visited[w]) {
            visited[w] = 1;
            sp++;
            stackV[sp] = w;
            stackA[sp] = g.arcStart[w] as number;
          }
        }
      } else {
        order[orderLen++] = u;
        sp--;
      }
    }
  }
  // Pass 2: components on the reverse graph in reverse post-order.
  const comp = new Int32Array(V).fill(-1);
  const sizes: number[] = [];
  const stack = new Int32Array(V);
  for (let i = V - 1; i >= 0; i--) {
    const root = order[i] as number;
    if ((comp[root] as number) >= 0) continue;
    const id = sizes.length;
    let size = 0;
    let sp = 0;
    stack[0] = root;
    comp[root] = id;
    while (sp >= 0) {
      const u = stack[sp--] as number;
      size++;
      for (let k = inStart[u] as number; k < (inStart[u + 1] as number); k++) {
        const w = inSource[k] as number;
        if ((comp[w] as number) < 0) {
          comp[w] = id;
          stack[++sp] = w;
        }
      }
    }
    sizes.push(size);
  }
  let best = -1;
  let bestSize = 1; // a lone vertex is no component worth snapping to
  sizes.forEach((s, id) => {
    if (s > bestSize) {
      bestSize = s;
      best = id;
    }
  });
  if (best < 0) return;
  for (let v = 0; v < V; v++) if (comp[v] === best) g.mainComponent[v] = (g.mainComponent[v] as number) | bit;
}
