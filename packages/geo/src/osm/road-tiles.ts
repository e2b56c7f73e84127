import type { OsmTags } from "./pbf-parser";
import type { RoadGraph } from "./road-graph";

/** Road classes of the base layer, most important first; each is drawn from its `minZoom` on. */
export const ROAD_CLASSES = [
  { name: "motorway", minZoom: 0, highways: ["motorway", "motorway_link", "trunk", "trunk_link"] },
  { name: "primary", minZoom: 8, highways: ["primary", "primary_link"] },
  { name: "secondary", minZoom: 10, highways: ["secondary", "secondary_link"] },
  { name: "tertiary", minZoom: 11, highways: ["tertiary", "tertiary_link"] },
  { name: "street", minZoom: 13, highways: ["residential", "unclassified", "living_street", "road", "busway"] },
  { name: "minor", minZoom: 15, highways: [] }, // service roads, tracks, paths and anything else
] as const;
export type RoadClass = (typeof ROAD_CLASSES)[number]["name"];

/** A bounding box in degrees. */
export interface BBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** Roads of one class in the requested area: each line is [lng, lat] pairs. */
export interface RoadClassLines {
  roadClass: RoadClass;
  lines: [number, number][][];
}

export interface RoadQueryResult {
  classes: RoadClassLines[];
  /** Points returned (after simplification). */
  points: number;
  /** True when less important classes were left out to stay under `maxPoints`. */
  truncated: boolean;
}

export interface RoadQueryOptions {
  /** Upper bound on returned points (default 40 000, about 800 kB of JSON); whole classes are dropped, least important first. */
  maxPoints?: number;
}

const CLASS_OF_HIGHWAY = new Map<string, number>(ROAD_CLASSES.flatMap((c, i) => c.highways.map((h): [string, number] => [h, i])));
const MINOR = ROAD_CLASSES.length - 1;

/** The base-layer class index of a way's tags (index into ROAD_CLASSES). */
export function roadClassOf(tags: OsmTags): number {
  return CLASS_OF_HIGHWAY.get(tags.highway ?? "") ?? MINOR;
}

/** The most important classes to draw at a web-map zoom level (0–20). */
export function classesAtZoom(zoom: number): number {
  return ROAD_CLASSES.filter((c) => c.minZoom <= zoom).length;
}

/** Ground metres per pixel of a 256-px web-mercator tile at this zoom and latitude. */
export function metersPerPixel(zoom: number, lat: number): number {
  return (156_543.034 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

const METERS_PER_DEG = 111_195;

/**
 * Douglas–Peucker on [lng, lat] points with a tolerance in metres (an equirectangular projection
 * at the line's latitude is exact enough at the scale of one pixel). Keeps both ends.
 */
export function simplifyLine(points: [number, number][], toleranceMeters: number): [number, number][] {
  if (points.length <= 2 || toleranceMeters <= 0) return points;
  const cos = Math.cos(((points[0]![1]) * Math.PI) / 180);
  const tol2 = (toleranceMeters / METERS_PER_DEG) ** 2;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: number[] = [0, points.length - 1];
  while (stack.length > 0) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const dx = (bx - ax) * cos;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = tol2;
    for (let i = first + 1; i < last; i++) {
      const px = (points[i]![0] - ax) * cos;
      const py = points[i]![1] - ay;
      const t = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d = ex * ex + ey * ey;
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * The roads of a road graph as a light base map, queried by area and zoom. Each class has its
 * own uniform lat/lng grid of edge ids (CSR: the edges of cell c are items[start[c] ..
 * start[c + 1] - 1], an edge listed in every cell its bounding box touches), so a query at a low
 * zoom reads only the major roads' grid.
 */
export class RoadTiles {
  private readonly minLat: number;
  private readonly minLng: number;
  private readonly cell: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly classStart: Int32Array[] = [];
  private readonly classItems: Int32Array[] = [];
  /** Per edge: the query number that last returned it (dedupes edges listed in several cells). */
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly graph: RoadGraph,
    tagsOfEdge: (edge: number) => OsmTags,
  ) {
    const { edgeCount, edgeGeomStart, geomLat, geomLng } = graph;
    this.seen = new Uint32Array(edgeCount);
    let minLat = Infinity;
    let maxLat = -Infinity;
    let minLng = Infinity;
    let maxLng = -Infinity;
    for (let i = 0; i < geomLat.length; i++) {
      minLat = Math.min(minLat, geomLat[i] as number);
      maxLat = Math.max(maxLat, geomLat[i] as number);
      minLng = Math.min(minLng, geomLng[i] as number);
      maxLng = Math.max(maxLng, geomLng[i] as number);
    }
    if (geomLat.length === 0) minLat = maxLat = minLng = maxLng = 0;
    // About 2 km cells, grown so a large extract keeps under ~1M cells per class.
    let cell = 0.02;
    while (((maxLat - minLat) / cell + 1) * ((maxLng - minLng) / cell + 1) > 1_000_000) cell *= 2;
    this.minLat = minLat;
    this.minLng = minLng;
    this.cell = cell;
    this.cols = Math.floor((maxLng - minLng) / cell) + 1;
    this.rows = Math.floor((maxLat - minLat) / cell) + 1;

    // Each edge's class and cell range.
    const edgeClass = new Uint8Array(edgeCount);
    const range = new Int32Array(edgeCount * 4); // c0, r0, c1, r1
    for (let e = 0; e < edgeCount; e++) {
      edgeClass[e] = roadClassOf(tagsOfEdge(e));
      let la0 = Infinity;
      let la1 = -Infinity;
      let ln0 = Infinity;
      let ln1 = -Infinity;
      for (let k = edgeGeomStart[e] as number; k < (edgeGeomStart[e + 1] as number); k++) {
        la0 = Math.min(la0, geomLat[k] as number);
        la1 = Math.max(la1, geomLat[k] as number);
        ln0 = Math.min(ln0, geomLng[k] as number);
        ln1 = Math.max(ln1, geomLng[k] as number);
      }
      range[e * 4] = this.col(ln0);
      range[e * 4 + 1] = this.row(la0);
      range[e * 4 + 2] = this.col(ln1);
      range[e * 4 + 3] = this.row(la1);
    }
    const cells = this.cols * this.rows;
    for (let c = 0; c < ROAD_CLASSES.length; c++) {
      const start = new Int32Array(cells + 1);
      const forEachCell = (visit: (cellIndex: number, e: number) => void) => {
        for (let e = 0; e < edgeCount; e++) {
          if (edgeClass[e] !== c) continue;
          for (let r = range[e * 4 + 1] as number; r <= (range[e * 4 + 3] as number); r++) {
            for (let col = range[e * 4] as number; col <= (range[e * 4 + 2] as number); col++) visit(r * this.cols + col, e);
          }
        }
      };
      forEachCell((cellIndex) => {
        start[cellIndex + 1] = (start[cellIndex + 1] as number) + 1;
      });
      for (let i = 0; i < cells; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
      const items = new Int32Array(start[cells] as number);
      const fill = start.slice(0, cells);
      forEachCell((cellIndex, e) => {
        items[fill[cellIndex] as number] = e;
        fill[cellIndex] = (fill[cellIndex] as number) + 1;
      });
      this.classStart.push(start);
      this.classItems.push(items);
    }
  }

  private col(lng: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((lng - this.minLng) / this.cell)));
  }

  private row(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat - this.minLat) / this.cell)));
  }

  /**
   * The roads whose bounding box meets `bbox`, in the classes shown at `zoom`, each line
   * simplified to about one pixel at that zoom and rounded to the precision a pixel needs.
   * Classes are added most important first; one that would pass `maxPoints` is left out with
   * every class after it (`truncated`).
   */
  query(bbox: BBox, zoom: number, options: RoadQueryOptions = {}): RoadQueryResult {
    const maxPoints = options.maxPoints ?? 40_000;
    const g = this.graph;
    const classes: RoadClassLines[] = [];
    let points = 0;
    let truncated = false;
    if (bbox.maxLng < this.minLng || bbox.maxLat < this.minLat || bbox.minLng > this.minLng + this.cols * this.cell || bbox.minLat > this.minLat + this.rows * this.cell) {
      return { classes, points, truncated };
    }
    const tolerance = metersPerPixel(zoom, (bbox.minLat + bbox.maxLat) / 2);
    // Decimal places so that rounding moves a point less than about a tenth of a pixel.
    const decimals = Math.min(7, Math.max(3, Math.ceil(Math.log10(METERS_PER_DEG / (tolerance / 10)))));
    const scale = 10 ** decimals;
    const round = (v: number) => Math.round(v * scale) / scale;
    const [c0, c1, r0, r1] = [this.col(bbox.minLng), this.col(bbox.maxLng), this.row(bbox.minLat), this.row(bbox.maxLat)];
    const shown = classesAtZoom(zoom);
    for (let c = 0; c < shown && !truncated; c++) {
      this.stamp = (this.stamp + 1) >>> 0 || 1;
      const start = this.classStart[c] as Int32Array;
      const items = this.classItems[c] as Int32Array;
      const lines: [number, number][][] = [];
      let classPoints = 0;
      // Stops reading as soon as the class cannot fit any more.
      cells: for (let r = r0; r <= r1; r++) {
        for (let col = c0; col <= c1; col++) {
          const cellIndex = r * this.cols + col;
          for (let i = start[cellIndex] as number; i < (start[cellIndex + 1] as number); i++) {
            const e = items[i] as number;
            if (this.seen[e] === this.stamp) continue;
            this.seen[e] = this.stamp;
            const from = g.edgeGeomStart[e] as number;
            const to = g.edgeGeomStart[e + 1] as number;
            if (!this.edgeMeets(from, to, bbox)) continue;
            const raw: [number, number][] = [];
            for (let k = from; k < to; k++) raw.push([g.geomLng[k] as number, g.geomLat[k] as number]);
            const line = simplifyLine(raw, tolerance).map(([x, y]): [number, number] => [round(x), round(y)]);
            lines.push(line);
            classPoints += line.length;
            if (points + classPoints > maxPoints) break cells;
          }
        }
      }
      if (points + classPoints > maxPoints) {
        truncated = true;
        break;
      }
      points += classPoints;
      if (lines.length > 0) classes.push({ roadClass: ROAD_CLASSES[c]!.name, lines });
    }
    return { classes, points, truncated };
  }

  /** Whether the bounding box of geometry points from..to-1 meets `bbox`. */
  private edgeMeets(from: number, to: number, bbox: BBox): boolean {
    const g = this.graph;
    let la0 = Infinity;
    let la1 = -Infinity;
    let ln0 = Infinity;
    let ln1 = -Infinity;
    for (let k = from; k < to; k++) {
      la0 = Math.min(la0, g.geomLat[k] as number);
      la1 = Math.max(la1, g.geomLat[k] as number);
      ln0 = Math.min(ln0, g.geomLng[k] as number);
      ln1 = Math.max(ln1, g.geomLng[k] as number);
    }
    return la1 >= bbox.minLat && la0 <= bbox.maxLat && ln1 >= bbox.minLng && ln0 <= bbox.maxLng;
  }
}

const built = new WeakMap<RoadGraph, RoadTiles>();

/** The base-map index of a road router's graph, built on first use and kept with the graph. */
export function roadTilesOf(router: { graph: RoadGraph; wayOfEdge(edge: number): { tags: OsmTags } }): RoadTiles {
  let tiles = built.get(router.graph);
  if (!tiles) {
    tiles = new RoadTiles(router.graph, (e) => router.wayOfEdge(e).tags);
    built.set(router.graph, tiles);
  }
  return tiles;
}
