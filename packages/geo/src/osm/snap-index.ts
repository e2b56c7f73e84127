import type { RoadGraph } from "./road-graph";
import { postIncrement } from "./typed-arrays";

/** Where a point lands on the road network. */
export interface Snap {
  edge: number;
  /** Index of the geometry point starting the segment the point projects onto. */
  geomIndex: number;
  /** Metres from the edge's `from` vertex along its geometry. */
  offset: number;
  lat: number;
  lng: number;
  /** Metres from the input point to the road. */
  distance: number;
}

const METERS_PER_DEG_LAT = 111_195;

/**
 * A uniform lat/lng grid over the graph's geometry segments (segment k joins geometry
 * points k and k + 1 of one edge). Cell lists are stored CSR-style: the segments of cell c
 * are cellItems[cellStart[c] .. cellStart[c + 1] - 1].
 */
export class SnapIndex {
  private readonly minLat: number;
  private readonly minLng: number;
  private readonly cellLat: number;
  private readonly cellLng: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly cellStart: Int32Array;
  private readonly cellItems: Int32Array;
  /** Smallest cell side in metres, for the ring search's stopping rule. */
  private readonly cellMeters: number;

  constructor(private readonly graph: RoadGraph, cellSizeMeters = 150) {
    const { geomLat, geomLng } = graph;
    let minLat = Infinity;
    let maxLat = -Infinity;
    let minLng = Infinity;
    let maxLng = -Infinity;
    for (let i = 0; i < geomLat.length; i++) {
      const la = geomLat[i] as number;
      const ln = geomLng[i] as number;
      if (la < minLat) minLat = la;
      if (la > maxLat) maxLat = la;
      if (ln < minLng) minLng = ln;
      if (ln > maxLng) maxLng = ln;
    }
    if (geomLat.length === 0) {
      minLat = maxLat = minLng = maxLng = 0;
    }
    const midLat = (minLat + maxLat) / 2;
    const cosLat = Math.max(0.05, Math.cos((midLat * Math.PI) / 180));
    // Keep the grid under ~4M cells for large extracts by growing cells.
    let size = cellSizeMeters;
    const spanLatM = (maxLat - minLat) * METERS_PER_DEG_LAT;
    const spanLngM = (maxLng - minLng) * METERS_PER_DEG_LAT * cosLat;
    while ((spanLatM / size + 1) * (spanLngM / size + 1) > 4_000_000) size *= 2;
    this.cellLat = size / METERS_PER_DEG_LAT;
    this.cellLng = size / (METERS_PER_DEG_LAT * cosLat);
    this.cellMeters = size * Math.min(1, Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180) / cosLat);
    this.minLat = minLat;
    this.minLng = minLng;
    this.rows = Math.floor((maxLat - minLat) / this.cellLat) + 1;
    this.cols = Math.floor((maxLng - minLng) / this.cellLng) + 1;

    const cellCount = this.rows * this.cols;
    const counts = new Int32Array(cellCount + 1);
    const forEachSegmentCell = (visit: (cell: number, seg: number) => void): void => {
      for (let e = 0; e < graph.edgeCount; e++) {
        const end = (graph.edgeGeomStart[e + 1] as number) - 1;
        for (let k = graph.edgeGeomStart[e] as number; k < end; k++) {
          const r0 = this.row(geomLat[k] as number);
          const r1 = this.row(geomLat[k + 1] as number);
          const c0 = this.col(geomLng[k] as number);
          const c1 = this.col(geomLng[k + 1] as number);
          for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++) {
            for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++) visit(r * this.cols + c, k);
          }
        }
      }
    };
    forEachSegmentCell((cell) => postIncrement(counts, cell + 1));
    for (let c = 0; c < cellCount; c++) counts[c + 1] = (counts[c + 1] as number) + (counts[c] as number);
    this.cellStart = counts;
    this.cellItems = new Int32Array(counts[cellCount] as number);
    const fill = counts.slice(0, cellCount);
    forEachSegmentCell((cell, seg) => {
      this.cellItems[postIncrement(fill, cell)] = seg;
    });
  }

  private row(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat - this.minLat) / this.cellLat)));
  }

  private col(lng: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((lng - this.minLng) / this.cellLng)));
  }

  /**
   * Nearest point on an edge accepted by `accept`, within `maxMeters`, or null.
   * Searches rings of cells outward and stops once no closer segment can exist.
   */
  nearest(lat: number, lng: number, maxMeters: number, accept: (edge: number) => boolean): Snap | null {
    const g = this.graph;
    const kx = METERS_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
    const ky = METERS_PER_DEG_LAT;
    // Unclamped cell of the query, so points outside the grid still search outward correctly.
    const qr = Math.floor((lat - this.minLat) / this.cellLat);
    const qc = Math.floor((lng - this.minLng) / this.cellLng);
    let best: Snap | null = null;
    let bestD2 = maxMeters * maxMeters;
    const maxRing = Math.ceil(maxMeters / this.cellMeters) + 1;
    // Ring distance from the query cell to the grid, so far-away points skip empty rings quickly.
    const ringToGrid = Math.max(0, -qr, qr - (this.rows - 1), -qc, qc - (this.cols - 1));
    for (let ring = ringToGrid; ring <= maxRing + ringToGrid; ring++) {
      if (best !== null && (ring - 1) * this.cellMeters > Math.sqrt(bestD2)) break;
      if ((ring - 1) * this.cellMeters > maxMeters) break;
      for (let r = qr - ring; r <= qr + ring; r++) {
        if (r < 0 || r >= this.rows) continue;
        const edgeRow = r === qr - ring || r === qr + ring;
        const step = edgeRow ? 1 : 2 * ring;
        for (let c = qc - ring; c <= qc + ring; c += Math.max(1, step)) {
          if (c < 0 || c >= this.cols) continue;
          const cell = r * this.cols + c;
          for (let i = this.cellStart[cell] as number; i < (this.cellStart[cell + 1] as number); i++) {
            const k = this.cellItems[i] as number;
            const edge = g.geomEdge[k] as number;
            if (!accept(edge)) continue;
            // Project onto the segment in a local flat frame centred on the query.
            const ax = ((g.geomLng[k] as number) - lng) * kx;
            const ay = ((g.geomLat[k] as number) - lat) * ky;
            const bx = ((g.geomLng[k + 1] as number) - lng) * kx;
            const by = ((g.geomLat[k + 1] as number) - lat) * ky;
            const dx = bx - ax;
            const dy = by - ay;
            const len2 = dx * dx + dy * dy;
            let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
            if (t < 0) t = 0;
            else if (t > 1) t = 1;
            const px = ax + t * dx;
            const py = ay + t * dy;
            const d2 = px * px + py * py;
            if (d2 < bestD2 || (best === null && d2 <= bestD2)) {
              bestD2 = d2;
              const segLen = (g.geomOffset[k + 1] as number) - (g.geomOffset[k] as number);
              best = {
                edge,
                geomIndex: k,
                offset: (g.geomOffset[k] as number) + t * segLen,
                lat: lat + py / ky,
                lng: lng + px / kx,
                distance: Math.sqrt(d2),
              };
            }
          }
        }
      }
    }
    return best;
  }
}
