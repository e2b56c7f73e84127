/**
 * How much of an encoded polyline (Google's format, as route geometries travel between server
 * and web) holds whole [lat, lng] pairs: the length of that prefix. It stops at a character
 * outside the format ("?" to "~"), so it equals `encoded.length` exactly when the whole string
 * is well formed. The decoding itself is `@mapbox/polyline`'s.
 */
export function polylinePairsLength(encoded: string): number {
  let values = 0;
  let end = 0;
  for (let i = 0; i < encoded.length; i++) {
    const byte = encoded.charCodeAt(i) - 63;
    if (byte < 0 || byte > 63) break;
    // A value ends at a byte without the continuation bit (0x20); two values make a point.
    if (byte < 0x20 && ++values % 2 === 0) end = i + 1;
  }
  return end;
}
