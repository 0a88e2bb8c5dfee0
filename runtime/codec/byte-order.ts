/**
 * Numbers assembled from bytes, big-endian (the binary format's order) or little-endian, for the
 * reader and the integer primitives: plain byte arithmetic, with no DataView to make per input.
 */

/** The unsigned 16-bit number at `at`. */
export function uint16At(b: Uint8Array, at: number, littleEndian: boolean): number {
  return littleEndian ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
}

/** The signed 32-bit number at `at` (`>>> 0` makes it unsigned). */
export function int32At(b: Uint8Array, at: number, littleEndian: boolean): number {
  return littleEndian
    ? b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)
    : (b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
}
