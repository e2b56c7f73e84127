/**
 * A minimal protobuf wire-format reader: just what the OSM PBF messages need
 * (varints, zig-zag, length-delimited fields, packed repeated varints).
 * Varints are returned as JS numbers; values up to 2^53 are exact, which covers
 * OSM ids and PBF coordinates.
 */
export class ProtobufReader {
  pos: number;
  readonly end: number;
  readonly buf: Uint8Array;

  constructor(buf: Uint8Array, start = 0, end = buf.length) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  /** True while there are fields left to read. */
  more(): boolean {
    return this.pos < this.end;
  }

  /** Reads an unsigned varint as a number (exact up to 2^53). */
  varint(): number {
    const buf = this.buf;
    let b = buf[this.pos++] as number;
    if (b < 0x80) return b;
    let result = b & 0x7f;
    b = buf[this.pos++] as number;
    result |= (b & 0x7f) << 7;
    if (b < 0x80) return result;
    b = buf[this.pos++] as number;
    result |= (b & 0x7f) << 14;
    if (b < 0x80) return result;
    b = buf[this.pos++] as number;
    result |= (b & 0x7f) << 21;
    if (b < 0x80) return result;
    // Past 28 bits: continue with multiplication so nothing overflows 32-bit ints.
    let scale = 268435456; // 2^28
    for (let i = 0; i < 6; i++) {
      b = buf[this.pos++] as number;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
    throw new RangeError("Malformed varint");
  }

  /** Reads a zig-zag encoded signed varint (sint32/sint64). */
  svarint(): number {
    const v = this.varint();
    return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
  }

  /** Reads a field key; returns field number * 8 + wire type, as protobuf encodes it. */
  key(): number {
    return this.varint();
  }

  /** Returns [start, end) of a length-delimited field and skips past it. */
  bytesRange(): [number, number] {
    const len = this.varint();
    const start = this.pos;
    this.pos += len;
    if (this.pos > this.end) throw new RangeError("Length-delimited field overruns its message");
    return [start, this.pos];
  }

  /** Reads a length-delimited field as a sub-array view (no copy). */
  bytes(): Uint8Array {
    const [s, e] = this.bytesRange();
    return this.buf.subarray(s, e);
  }

  /** A reader over the next length-delimited field (an embedded message). */
  message(): ProtobufReader {
    const [s, e] = this.bytesRange();
    return new ProtobufReader(this.buf, s, e);
  }

  /** Skips one field of the given wire type. */
  skip(wireType: number): void {
    switch (wireType) {
      case 0:
        this.varint();
        return;
      case 1:
        this.pos += 8;
        return;
      case 2:
        this.bytesRange();
        return;
      case 5:
        this.pos += 4;
        return;
      default:
        throw new RangeError(`Unsupported wire type ${wireType}`);
    }
  }

  /** Reads a packed repeated unsigned varint field into `out` (returns it). */
  packedVarints(out: number[] = []): number[] {
    const [s, e] = this.bytesRange();
    const saved = this.pos;
    this.pos = s;
    while (this.pos < e) out.push(this.varint());
    this.pos = saved;
    return out;
  }

  /** Reads a packed repeated sint64 field, undoing delta coding (as DenseNodes and Way refs use). */
  packedDeltaSvarints(): Float64Array {
    const [s, e] = this.bytesRange();
    const saved = this.pos;
    this.pos = s;
    // Upper bound: one value per byte.
    const tmp = new Float64Array(e - s);
    let n = 0;
    let acc = 0;
    while (this.pos < e) {
      acc += this.svarint();
      tmp[n++] = acc;
    }
    this.pos = saved;
    return tmp.slice(0, n);
  }
}
