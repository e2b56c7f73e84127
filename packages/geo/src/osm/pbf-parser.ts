import { inflateSync } from "node:zlib";
import { ExtractLoadError } from "../errors";
import { ProtobufReader } from "./protobuf-reader";
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
 * protobuf messages. Keeps every node's coordinates and only the ways and node tags the
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
      const header = readBlobHeader(new ProtobufReader(file, pos, pos + headerLen));
      pos += headerLen;
      if (header.dataSize < 0 || header.dataSize > MAX_BLOB || pos + header.dataSize > file.length) {
        throw new Error(`Bad blob size ${header.dataSize}`);
      }
      const block = readBlob(new ProtobufReader(file, pos, pos + header.dataSize));
      pos += header.dataSize;
      if (header.type === "OSMHeader") {
        bbox = readHeaderBlock(new ProtobufReader(block));
      } else if (header.type === "OSMData") {
        readPrimitiveBlock(new ProtobufReader(block), {
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

function readBlobHeader(r: ProtobufReader): { type: string; dataSize: number } {
  let type = "";
  let dataSize = -1;
  while (r.more()) {
    const key = r.key();
    if (key === ((1 << 3) | 2)) type = decodeUtf8(r.bytes());
    else if (key === ((3 << 3) | 0)) dataSize = r.varint();
    else r.skip(key & 7);
  }
  return { type, dataSize };
}

function readBlob(r: ProtobufReader): Uint8Array {
  while (r.more()) {
    const key = r.key();
    const field = key >>> 3;
    if (field === 1) return r.bytes();
    if (field === 3) return inflateSync(r.bytes());
    if (field === 4 || field === 5 || field === 6 || field === 7) {
      throw new ExtractLoadError("Unsupported PBF compression (only raw and zlib blobs are supported)");
    }
    r.skip(key & 7);
  }
  throw new Error("Blob without data");
}

function readHeaderBlock(r: ProtobufReader): OsmExtractData["bbox"] {
  let bbox: OsmExtractData["bbox"];
  while (r.more()) {
    const key = r.key();
    const field = key >>> 3;
    if (field === 1) {
      const b = r.message();
      let left = 0;
      let right = 0;
      let top = 0;
      let bottom = 0;
      while (b.more()) {
        const k = b.key();
        const f = k >>> 3;
        if (f === 1) left = b.svarint();
        else if (f === 2) right = b.svarint();
        else if (f === 3) top = b.svarint();
        else if (f === 4) bottom = b.svarint();
        else b.skip(k & 7);
      }
      bbox = { minLat: round7(bottom * 1e-9), maxLat: round7(top * 1e-9), minLng: round7(left * 1e-9), maxLng: round7(right * 1e-9) };
    } else if (field === 4) {
      const feature = decodeUtf8(r.bytes());
      if (!SUPPORTED_FEATURES.has(feature)) throw new ExtractLoadError(`Unsupported PBF feature "${feature}"`);
    } else {
      r.skip(key & 7);
    }
  }
  return bbox;
}

const utf8 = new TextDecoder();
function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
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

function readPrimitiveBlock(r: ProtobufReader, sink: BlockSink): void {
  // Granularity and offsets may come after the groups, so collect group ranges first.
  let strings: string[] = [];
  const groups: Array<[number, number]> = [];
  let granularity = 100;
  let latOffset = 0;
  let lonOffset = 0;
  while (r.more()) {
    const key = r.key();
    const field = key >>> 3;
    if (field === 1) strings = readStringTable(r.message());
    else if (field === 2) groups.push(r.bytesRange());
    else if (field === 17) granularity = r.varint();
    else if (field === 19) latOffset = signedInt64(r.varint());
    else if (field === 20) lonOffset = signedInt64(r.varint());
    else r.skip(key & 7);
  }
  const coord = { granularity: granularity * 1e-9, latOffset: latOffset * 1e-9, lonOffset: lonOffset * 1e-9 };
  for (const [s, e] of groups) {
    const g = new ProtobufReader(r.buf, s, e);
    while (g.more()) {
      const key = g.key();
      const field = key >>> 3;
      if (field === 1) readNode(g.message(), strings, coord, sink);
      else if (field === 2) readDenseNodes(g.message(), strings, coord, sink);
      else if (field === 3) readWay(g.message(), strings, sink);
      else g.skip(key & 7);
    }
  }
}

/** int64 fields (not sint64) arrive as two's complement varints; map the huge values back to negatives. */
function signedInt64(v: number): number {
  return v >= 2 ** 63 ? v - 2 ** 64 : v;
}

function readStringTable(r: ProtobufReader): string[] {
  const out: string[] = [];
  while (r.more()) {
    const key = r.key();
    if (key >>> 3 === 1) out.push(decodeUtf8(r.bytes()));
    else r.skip(key & 7);
  }
  return out;
}

interface Coord {
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

function readNode(r: ProtobufReader, strings: string[], c: Coord, sink: BlockSink): void {
  let id = 0;
  let lat = 0;
  let lon = 0;
  let keys: number[] = [];
  let vals: number[] = [];
  while (r.more()) {
    const key = r.key();
    const field = key >>> 3;
    if (field === 1) id = r.svarint();
    else if (field === 2) keys = r.packedVarints();
    else if (field === 3) vals = r.packedVarints();
    else if (field === 8) lat = r.svarint();
    else if (field === 9) lon = r.svarint();
    else r.skip(key & 7);
  }
  const index = sink.ids.length;
  sink.ids.push(id);
  sink.lats.push(c.latOffset + c.granularity * lat);
  sink.lngs.push(c.lonOffset + c.granularity * lon);
  if (sink.keepNode && keys.length > 0) {
    const tags: OsmTags = {};
    for (let i = 0; i < keys.length; i++) tags[strings[keys[i] as number] ?? ""] = strings[vals[i] as number] ?? "";
    if (sink.keepNode(tags)) sink.taggedNodes.push({ index, tags });
  }
}

function readDenseNodes(r: ProtobufReader, strings: string[], c: Coord, sink: BlockSink): void {
  let ids: Float64Array | undefined;
  let lats: Float64Array | undefined;
  let lons: Float64Array | undefined;
  let keysVals: number[] | undefined;
  while (r.more()) {
    const key = r.key();
    const field = key >>> 3;
    if (field === 1) ids = r.packedDeltaSvarints();
    else if (field === 8) lats = r.packedDeltaSvarints();
    else if (field === 9) lons = r.packedDeltaSvarints();
    else if (field === 10 && sink.keepNode) keysVals = r.packedVarints();
    else r.skip(key & 7);
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

function readWay(r: ProtobufReader, strings: string[], sink: BlockSink): void {
  let id = 0;
  let keys: number[] = [];
  let vals: number[] = [];
  let refsRange: [number, number] | undefined;
  while (r.more()) {
    const key = r.key();
    const field = key >>> 3;
    if (field === 1) id = r.varint();
    else if (field === 2) keys = r.packedVarints();
    else if (field === 3) vals = r.packedVarints();
    else if (field === 8) refsRange = [r.pos, r.bytesRange()[1]];
    else r.skip(key & 7);
  }
  const tags: OsmTags = {};
  for (let i = 0; i < keys.length; i++) tags[strings[keys[i] as number] ?? ""] = strings[vals[i] as number] ?? "";
  if (!sink.keepWay(tags)) return;
  let refs: Float64Array = new Float64Array(0);
  if (refsRange) refs = new ProtobufReader(r.buf, refsRange[0], refsRange[1]).packedDeltaSvarints();
  sink.ways.push({ id, refs, tags });
}

function round7(v: number): number {
  return Math.round(v * 1e7) / 1e7;
}
