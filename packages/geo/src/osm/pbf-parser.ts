import { inflateSync } from "node:zlib";
import { ExtractLoadError } from "../errors";
import { PbfReader } from "pbf";
import { GrowF64 } from "./typed-arrays";

/** Tags of one OSM object. */
export type OsmTags = Record<string, string>;

/** A way kept by the parser: its id, node ids in order and tags. */
export interface OsmWay {
  id: number;
  refs: Float64Array;
  tags: OsmTags;
}

/** A tagged node kept by the parser. */
export interface OsmTaggedNode {
  /** Index into the node arrays of `OsmExtractData`. */
  index: number;
  tags: OsmTags;
}

/** What `parseOsmPbf` returns: every node's coordinates (sorted by id), and the ways and tagged nodes the filters kept. */
export interface OsmExtractData {
  /** Node ids, ascending. */
  nodeIds: Float64Array;
  nodeLat: Float64Array;
  nodeLng: Float64Array;
  ways: OsmWay[];
  taggedNodes: OsmTaggedNode[];
  /** From the header block, when present. */
  bbox?: { minLat: number; minLng: number; maxLat: number; maxLng: number };
}

export interface ParseOptions {
  /** Keep this way? Called with its tags. Default: keep none. */
  keepWay?: (tags: OsmTags) => boolean;
  /** Keep this node's tags? Called only for nodes that have tags. Default: keep none. */
  keepNode?: (tags: OsmTags) => boolean;
}

const SUPPORTED_FEATURES = new Set(["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"]);
const MAX_BLOB_HEADER = 64 * 1024;
const MAX_BLOB = 32 * 1024 * 1024;

/**
 * Parses an OpenStreetMap PBF file (https://wiki.openstreetmap.org/wiki/PBF_Format):
 * a sequence of length-prefixed BlobHeader/Blob pairs whose blocks are zlib-compressed
 * protobuf messages (read with Mapbox's `pbf`). Keeps every node's coordinates and only the ways and node tags the
 * filters ask for. Throws `ExtractLoadError` on anything it cannot read.
 */
export function parseOsmPbf(file: Uint8Array, options: ParseOptions = {}): OsmExtractData {
  const keepWay = options.keepWay ?? (() => false);
  const keepNode = options.keepNode;
  const ids = new GrowF64();
  const lats = new GrowF64();
  const lngs = new GrowF64();
  const ways: OsmWay[] = [];
  const taggedNodes: OsmTaggedNode[] = [];
  let bbox: OsmExtractData["bbox"];
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let pos = 0;
  try {
    while (pos < file.length) {
      if (pos + 4 > file.length) throw new Error("Truncated blob header length");
      const headerLen = view.getInt32(pos, false);
      pos += 4;
      if (headerLen <= 0 || headerLen > MAX_BLOB_HEADER || pos + headerLen > file.length) {
        throw new Error(`Bad blob header length ${headerLen}`);
      }
      const header = readBlobHeader(new PbfReader(file.subarray(pos, pos + headerLen)));
      pos += headerLen;
      if (header.dataSize < 0 || header.dataSize > MAX_BLOB || pos + header.dataSize > file.length) {
        throw new Error(`Bad blob size ${header.dataSize}`);
      }
      const block = readBlob(new PbfReader(file.subarray(pos, pos + header.dataSize)));
      pos += header.dataSize;
      if (header.type === "OSMHeader") {
        bbox = readHeaderBlock(new PbfReader(block));
      } else if (header.type === "OSMData") {
        readPrimitiveBlock(new PbfReader(block), {
          ids,
          lats,
          lngs,
          ways,
          taggedNodes,
          keepWay,
          keepNode,
        });
      }
      // Unknown blob types are skipped, as the format asks.
    }
  } catch (error) {
    if (error instanceof ExtractLoadError) throw error;
    throw new ExtractLoadError(`Cannot parse OSM PBF: ${(error as Error).message}`, { cause: error });
  }

  let nodeIds = ids.done();
  let nodeLat = lats.done();
  let nodeLng = lngs.done();
  if (!isAscending(nodeIds)) {
    // Extracts from osmium/Geofabrik are sorted; sort others so lookups can binary-search.
    const order = Array.from(nodeIds.keys()).sort((a, b) => (nodeIds[a] as number) - (nodeIds[b] as number));
    const remap = new Int32Array(order.length);
    order.forEach((oldIndex, newIndex) => (remap[oldIndex] = newIndex));
    nodeIds = Float64Array.from(order, (i) => nodeIds[i] as number);
    nodeLat = Float64Array.from(order, (i) => nodeLat[i] as number);
    nodeLng = Float64Array.from(order, (i) => nodeLng[i] as number);
    for (const n of taggedNodes) n.index = remap[n.index] as number;
  }
  return { nodeIds, nodeLat, nodeLng, ways, taggedNodes, bbox };
}

/** Index of `id` in the ascending `nodeIds`, or -1. */
export function findNodeIndex(nodeIds: Float64Array, id: number): number {
  let lo = 0;
  let hi = nodeIds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = nodeIds[mid] as number;
    if (v < id) lo = mid + 1;
    else if (v > id) hi = mid - 1;
    else return mid;
  }
  return -1;
}

function isAscending(a: Float64Array): boolean {
  for (let i = 1; i < a.length; i++) if ((a[i] as number) <= (a[i - 1] as number)) return false;
  return true;
}

/**
 * The end of the length-delimited field at `pbf.pos` (an embedded message or packed array),
 * after its length prefix; throws when it runs past the buffer.
 */
function fieldEnd(pbf: PbfReader): number {
  const end = pbf.readVarint() + pbf.pos;
  if (end > pbf.length) throw new RangeError("Length-delimited field overruns its message");
  return end;
}

function readBlobHeader(pbf: PbfReader): { type: string; dataSize: number } {
  let type = "";
  let dataSize = -1;
  for (let field; (field = pbf.nextField()); ) {
    if (field === 1 && pbf.type === 2) type = pbf.readString();
    else if (field === 3 && pbf.type === 0) dataSize = pbf.readVarint();
  }
  return { type, dataSize };
}

function readBlob(pbf: PbfReader): Uint8Array {
  for (let field; (field = pbf.nextField()); ) {
    if (field === 1) return readBytes(pbf);
    if (field === 3) return inflateSync(readBytes(pbf));
    if (field === 4 || field === 5 || field === 6 || field === 7) {
      throw new ExtractLoadError("Unsupported PBF compression (only raw and zlib blobs are supported)");
    }
  }
  throw new Error("Blob without data");
}

/** A bytes field as a view (no copy), checked against the buffer's end. */
function readBytes(pbf: PbfReader): Uint8Array {
  const end = fieldEnd(pbf);
  const bytes = pbf.buf.subarray(pbf.pos, end);
  pbf.pos = end;
  return bytes;
}

function readHeaderBlock(pbf: PbfReader): OsmExtractData["bbox"] {
  let bbox: OsmExtractData["bbox"];
  for (let field; (field = pbf.nextField()); ) {
    if (field === 1) {
      const end = fieldEnd(pbf);
      let left = 0;
      let right = 0;
      let top = 0;
      let bottom = 0;
      for (let f; (f = pbf.nextField(end)); ) {
        if (f === 1) left = pbf.readSVarint();
        else if (f === 2) right = pbf.readSVarint();
        else if (f === 3) top = pbf.readSVarint();
        else if (f === 4) bottom = pbf.readSVarint();
      }
      bbox = { minLat: round7(bottom * 1e-9), maxLat: round7(top * 1e-9), minLng: round7(left * 1e-9), maxLng: round7(right * 1e-9) };
    } else if (field === 4) {
      const feature = pbf.readString();
      if (!SUPPORTED_FEATURES.has(feature)) throw new ExtractLoadError(`Unsupported PBF feature "${feature}"`);
    }
  }
  return bbox;
}

interface BlockSink {
  ids: GrowF64;
  lats: GrowF64;
  lngs: GrowF64;
  ways: OsmWay[];
  taggedNodes: OsmTaggedNode[];
  keepWay: (tags: OsmTags) => boolean;
  keepNode: ((tags: OsmTags) => boolean) | undefined;
}

function readPrimitiveBlock(pbf: PbfReader, sink: BlockSink): void {
  // Granularity and offsets may come after the groups, so collect the groups first.
  let strings: string[] = [];
  const groups: Uint8Array[] = [];
  let granularity = 100;
  let latOffset = 0;
  let lonOffset = 0;
  for (let field; (field = pbf.nextField()); ) {
    if (field === 1) strings = readStringTable(pbf, fieldEnd(pbf));
    else if (field === 2) groups.push(readBytes(pbf));
    else if (field === 17) granularity = pbf.readVarint();
    else if (field === 19) latOffset = pbf.readVarint(true);
    else if (field === 20) lonOffset = pbf.readVarint(true);
  }
  const coord = { granularity: granularity * 1e-9, latOffset: latOffset * 1e-9, lonOffset: lonOffset * 1e-9 };
  for (const group of groups) {
    const g = new PbfReader(group);
    for (let field; (field = g.nextField()); ) {
      if (field === 1) readNode(g, fieldEnd(g), strings, coord, sink);
      else if (field === 2) readDenseNodes(g, fieldEnd(g), strings, coord, sink);
      else if (field === 3) readWay(g, fieldEnd(g), strings, sink);
    }
  }
}

function readStringTable(pbf: PbfReader, end: number): string[] {
  const out: string[] = [];
  for (let field; (field = pbf.nextField(end)); ) if (field === 1) out.push(pbf.readString());
  return out;
}

interface Coord {
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

/** Tags from parallel key and value string-table indexes. */
function tagsOf(keys: number[], vals: number[], strings: string[]): OsmTags {
  const tags: OsmTags = {};
  for (let i = 0; i < keys.length; i++) tags[strings[keys[i] as number] ?? ""] = strings[vals[i] as number] ?? "";
  return tags;
}

function readNode(pbf: PbfReader, end: number, strings: string[], c: Coord, sink: BlockSink): void {
  let id = 0;
  let lat = 0;
  let lon = 0;
  const keys: number[] = [];
  const vals: number[] = [];
  for (let field; (field = pbf.nextField(end)); ) {
    if (field === 1) id = pbf.readSVarint();
    else if (field === 2) pbf.readPackedVarint(keys);
    else if (field === 3) pbf.readPackedVarint(vals);
    else if (field === 8) lat = pbf.readSVarint();
    else if (field === 9) lon = pbf.readSVarint();
  }
  const index = sink.ids.length;
  sink.ids.push(id);
  sink.lats.push(c.latOffset + c.granularity * lat);
  sink.lngs.push(c.lonOffset + c.granularity * lon);
  if (sink.keepNode && keys.length > 0) {
    const tags = tagsOf(keys, vals, strings);
    if (sink.keepNode(tags)) sink.taggedNodes.push({ index, tags });
  }
}

/** A packed sint64 field from `pbf.pos` to `end`, undoing delta coding (as DenseNodes and way refs use). */
function readPackedDeltas(pbf: PbfReader, end: number): Float64Array {
  // Upper bound: one value per byte.
  const out = new Float64Array(end - pbf.pos);
  let n = 0;
  let acc = 0;
  while (pbf.pos < end) {
    acc += pbf.readSVarint();
    out[n++] = acc;
  }
  return out.slice(0, n);
}

function readDenseNodes(pbf: PbfReader, end: number, strings: string[], c: Coord, sink: BlockSink): void {
  let ids: Float64Array | undefined;
  let lats: Float64Array | undefined;
  let lons: Float64Array | undefined;
  let keysVals: number[] | undefined;
  for (let field; (field = pbf.nextField(end)); ) {
    if (field === 1) ids = readPackedDeltas(pbf, fieldEnd(pbf));
    else if (field === 8) lats = readPackedDeltas(pbf, fieldEnd(pbf));
    else if (field === 9) lons = readPackedDeltas(pbf, fieldEnd(pbf));
    else if (field === 10 && sink.keepNode) keysVals = pbf.readPackedVarint();
  }
  if (!ids || !lats || !lons || lats.length !== ids.length || lons.length !== ids.length) {
    if (ids && ids.length === 0) return;
    throw new Error("DenseNodes without matching id/lat/lon arrays");
  }
  const base = sink.ids.length;
  for (let i = 0; i < ids.length; i++) {
    sink.ids.push(ids[i] as number);
    sink.lats.push(c.latOffset + c.granularity * (lats[i] as number));
    sink.lngs.push(c.lonOffset + c.granularity * (lons[i] as number));
  }
  if (!keysVals || !sink.keepNode || keysVals.length === 0) return;
  // keys_vals: for each node, (key, val)* then 0.
  let k = 0;
  for (let i = 0; i < ids.length && k < keysVals.length; i++) {
    if (keysVals[k] === 0) {
      k++;
      continue;
    }
    const tags: OsmTags = {};
    while (k < keysVals.length && keysVals[k] !== 0) {
      tags[strings[keysVals[k] as number] ?? ""] = strings[keysVals[k + 1] as number] ?? "";
      k += 2;
    }
    k++;
    if (sink.keepNode(tags)) sink.taggedNodes.push({ index: base + i, tags });
  }
}

function readWay(pbf: PbfReader, end: number, strings: string[], sink: BlockSink): void {
  let id = 0;
  const keys: number[] = [];
  const vals: number[] = [];
  let refs: Uint8Array | undefined;
  for (let field; (field = pbf.nextField(end)); ) {
    if (field === 1) id = pbf.readVarint();
    else if (field === 2) pbf.readPackedVarint(keys);
    else if (field === 3) pbf.readPackedVarint(vals);
    else if (field === 8) refs = readBytes(pbf);
  }
  const tags = tagsOf(keys, vals, strings);
  if (!sink.keepWay(tags)) return;
  sink.ways.push({ id, refs: refs ? readPackedDeltas(new PbfReader(refs), refs.length) : new Float64Array(0), tags });
}

function round7(v: number): number {
  return Math.round(v * 1e7) / 1e7;
}
