/**
 * Plain Base58 (Bitcoin alphabet), without checksum.
 *
 * The textbook conversion moves one byte or one digit at a time through an array of base-58
 * digits: about n² small steps, each waiting for the carry of the one before. Here the number
 * is handled in limbs of 58^4 (four digits) and chunks of 2^24 (three bytes), in plain
 * JavaScript numbers, exact below 2^53:
 *
 * - up to {@link MAX_TABLE_CHUNKS} chunks (every Tezos hash, key and signature), through tables
 *   of the powers of one radix written in the other: the number is the sum of each chunk (or
 *   four-digit group) times the power of its position, so every output limb is a sum of
 *   products that do not depend on each other (the processor overlaps them), and one pass of
 *   carries at the end makes them digits (products < 2^48, at most 44 of them per limb: < 2^53);
 * - beyond that, chunk by chunk: the limbs are multiplied by 2^24 (or 58^4) and the next chunk
 *   added, with a carry from limb to limb.
 *
 * Dividing by 58^4 multiplies by its reciprocal and corrects the quotient by one where rounding
 * made it off (a multiplication costs a fraction of a division); dividing by 2^24 is a
 * multiplication, exact. The result is the same bijection as every Base58 implementation: each
 * leading zero byte ↔ one leading `1`, the rest is the number in base 58 without leading zero
 * digits. Tests compare it with the `bs58check` package on random input of many lengths.
 */

export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** 58^4, the radix of the limbs used while encoding (four digits each). */
const DIGIT_GROUP = 11_316_496;
/** 1 / 58^4, rounded; quotients computed with it are corrected (see {@link encodeBase58Range}). */
const DIGIT_GROUP_INVERSE = 1 / DIGIT_GROUP;
/** 2^24, the radix of the limbs used while decoding (three bytes each) and of the encoder's input chunks. */
const THREE_BYTES = 16_777_216;
/** 2^−24: multiplying by it divides by {@link THREE_BYTES} exactly. */
const THREE_BYTES_INVERSE = 1 / THREE_BYTES;

/** Digit value of each character code below 128, −1 for characters outside the alphabet. */
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < 58; i++) DIGIT_OF[BASE58_ALPHABET.charCodeAt(i)] = i;

/** Character code of every digit value. */
const DIGIT_CODES = Uint8Array.from(BASE58_ALPHABET, (c) => c.charCodeAt(0));
/** 1 / 58², rounded down a little: quotients by 58² computed with it are exact or one too small. */
const PAIR_INVERSE = (1 / 3364) * (1 - 2 ** -50);
/** Character codes of the two digits of every value below 58² (first digit, then second). */
const PAIR_FIRST = new Uint8Array(3364);
const PAIR_SECOND = new Uint8Array(3364);
for (let i = 0; i < 3364; i++) {
  PAIR_FIRST[i] = DIGIT_CODES[Math.floor(i / 58)]!;
  PAIR_SECOND[i] = DIGIT_CODES[i % 58]!;
}

/**
 * Scratch arrays of character codes, one per text length (hashes come in a handful of
 * lengths). The text is made by one `String.fromCharCode` over the whole array: a flat string.
 * Concatenating pieces would build a V8 rope instead, which costs several times the memory of
 * the flat string for as long as the decoded value is kept, and time when it is read.
 */
const codesByLength: number[][] = [];
/** Longest text converted by one `String.fromCharCode` call (its arguments go on the stack). */
const CODES_PER_CALL = 8192;

function scratchCodes(n: number): number[] {
  if (n > CODES_PER_CALL) return new Array<number>(n).fill(0);
  let codes = codesByLength[n];
  if (codes === undefined) {
    codes = new Array<number>(n).fill(0);
    codesByLength[n] = codes;
  }
  return codes;
}

/** The text of an array of character codes, flat. */
function textOfCodes(codes: number[]): string {
  if (codes.length <= CODES_PER_CALL) return String.fromCharCode.apply(null, codes);
  // Long text (never a Tezos hash): pieces joined by `Array.join`, which also flattens.
  const pieces: string[] = [];
  for (let i = 0; i < codes.length; i += CODES_PER_CALL) pieces.push(String.fromCharCode.apply(null, codes.slice(i, i + CODES_PER_CALL)));
  return pieces.join("");
}

/** Scratch limbs shared by all calls; grown on demand. */
let limbs = new Float64Array(64);

function ensureLimbs(n: number): Float64Array {
  if (limbs.length < n) limbs = new Float64Array(Math.max(n, limbs.length * 2));
  return limbs;
}

/** Most chunks (or digit groups) converted through the power tables: 44 products of < 2^47.5 each stay below 2^53. */
const MAX_TABLE_CHUNKS = 44;
/** Row length of the power tables: (2^24)^43 has 45 limbs of 58^4. */
const TABLE_ROW = MAX_TABLE_CHUNKS + 1;

/** Powers of one radix in limbs of another, row by row. */
interface PowerTable {
  /** Row k: the limbs of `from`^k, least significant first (the rest of the row is 0). */
  readonly limbs: Float64Array;
  /** How many limbs row k has. */
  readonly lengths: Uint8Array;
}

/** The powers of `from` in radix `to`, by repeated multiplication (exact: every value < 2^53). */
function powerTable(from: number, to: number): PowerTable {
  const limbs = new Float64Array(MAX_TABLE_CHUNKS * TABLE_ROW);
  const lengths = new Uint8Array(MAX_TABLE_CHUNKS);
  limbs[0] = 1;
  lengths[0] = 1;
  for (let k = 1; k < MAX_TABLE_CHUNKS; k++) {
    let carry = 0;
    for (let j = 0; j < TABLE_ROW; j++) {
      const x = limbs[(k - 1) * TABLE_ROW + j]! * from + carry;
      carry = Math.floor(x / to);
      limbs[k * TABLE_ROW + j] = x - carry * to;
      if (limbs[k * TABLE_ROW + j] !== 0) lengths[k] = j + 1;
    }
  }
  return { limbs, lengths };
}

/** (2^24)^k in limbs of 58^4, for encoding. */
const CHUNK_POWERS = powerTable(THREE_BYTES, DIGIT_GROUP);
/** (58^4)^k in limbs of 2^24, for decoding. */
const GROUP_POWERS = powerTable(DIGIT_GROUP, THREE_BYTES);

/** x / 58^4 rounded down, for 0 ≤ x < 2^53 (through the reciprocal, corrected). */
function quotientByGroup(x: number): number {
  const quotient = Math.floor(x * DIGIT_GROUP_INVERSE);
  const rest = x - quotient * DIGIT_GROUP;
  return rest < 0 ? quotient - 1 : rest >= DIGIT_GROUP ? quotient + 1 : quotient;
}

/**
 * The number `bytes[i, end)` (no leading zero byte) in limbs of 58^4 into `limbs`, least
 * significant first; returns how many (the top one is not zero).
 */
function groupLimbs(bytes: Uint8Array, i: number, end: number): number {
  const chunkCount = Math.ceil((end - i) / 3);
  if (chunkCount <= MAX_TABLE_CHUNKS) return groupLimbsByTable(bytes, i, end, chunkCount);
  // log(2^24) / log(58^4) ≈ 1.024 limbs per three bytes; two more for rounding.
  const out = ensureLimbs(Math.ceil(chunkCount * 1.025) + 2);
  let used = 0;
  const head = (end - i) % 3;
  if (head !== 0) {
    // The first, most significant one or two bytes are a chunk on their own.
    let first = bytes[i++]!;
    if (head === 2) first = first * 256 + bytes[i++]!;
    out[used++] = first;
  }
  for (; i < end; i += 3) {
    let carry = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    for (let j = 0; j < used; j++) {
      const x = out[j]! * THREE_BYTES + carry; // < 58^4 · 2^24 < 2^48
      carry = quotientByGroup(x);
      out[j] = x - carry * DIGIT_GROUP;
    }
    while (carry > 0) {
      const next = quotientByGroup(carry);
      out[used++] = carry - next * DIGIT_GROUP;
      carry = next;
    }
  }
  return used;
}

function groupLimbsByTable(bytes: Uint8Array, i: number, end: number, chunkCount: number): number {
  const size = chunkCount + 2; // log(2^24) / log(58^4) ≈ 1.024 limbs per chunk
  const out = ensureLimbs(size);
  out.fill(0, 0, size);
  const powers = CHUNK_POWERS;
  const table = powers.limbs;
  // Chunks from the most significant (one or two bytes when the length is not a multiple of 3).
  const head = (end - i) % 3;
  for (let k = chunkCount - 1; k >= 0; k--) {
    let chunk: number;
    if (k === chunkCount - 1 && head !== 0) {
      chunk = bytes[i++]!;
      if (head === 2) chunk = chunk * 256 + bytes[i++]!;
    } else {
      chunk = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      i += 3;
    }
    if (chunk === 0) continue;
    const row = k * TABLE_ROW;
    const length = powers.lengths[k]!;
    for (let j = 0; j < length; j++) out[j] = out[j]! + chunk * table[row + j]!;
  }
  let carry = 0;
  for (let j = 0; j < size; j++) {
    const x = out[j]! + carry;
    carry = quotientByGroup(x);
    out[j] = x - carry * DIGIT_GROUP;
  }
  let used = size;
  while (used > 0 && out[used - 1] === 0) used--;
  return used;
}

/** Base58 text of `bytes[start, end)`. */
export function encodeBase58Range(bytes: Uint8Array, start: number, end: number): string {
  let zeros = 0;
  while (start + zeros < end && bytes[start + zeros] === 0) zeros++;
  const used = groupLimbs(bytes, start + zeros, end);
  const out = limbs;
  // Digits of the most significant limb (no leading zeros), then four per other limb.
  let top = used > 0 ? out[used - 1]! : 0;
  const headLength = top >= 195_112 ? 4 : top >= 3_364 ? 3 : top >= 58 ? 2 : top > 0 ? 1 : 0;
  const codes = scratchCodes(zeros + headLength + (used > 0 ? (used - 1) * 4 : 0));
  for (let k = 0; k < zeros; k++) codes[k] = 49; // '1'
  let at = zeros + headLength;
  while (top > 0) {
    const next = Math.floor(top / 58);
    codes[--at] = DIGIT_CODES[top - next * 58]!;
    top = next;
  }
  at = zeros + headLength;
  for (let j = used - 2; j >= 0; j--, at += 4) {
    // Four digits: two pairs from the tables (58² = 3364); the quotient through the
    // reciprocal, corrected where rounding put it one below.
    const v = out[j]!;
    let high = Math.floor(v * PAIR_INVERSE);
    let low = v - high * 3364;
    if (low >= 3364) {
      high++;
      low -= 3364;
    }
    codes[at] = PAIR_FIRST[high]!;
    codes[at + 1] = PAIR_SECOND[high]!;
    codes[at + 2] = PAIR_FIRST[low]!;
    codes[at + 3] = PAIR_SECOND[low]!;
  }
  return textOfCodes(codes);
}

/** Base58 text of `bytes`. */
export function encodeBase58(bytes: Uint8Array): string {
  return encodeBase58Range(bytes, 0, bytes.length);
}

/**
 * The number written by `text[i…]` (no leading `1`) in limbs of 2^24 into `limbs`, least
 * significant first; returns how many (the top one is not zero), or −1 − the index of the first
 * character outside the alphabet.
 */
function byteLimbs(text: string, i: number): number {
  const n = text.length;
  const groupCount = Math.ceil((n - i) / 4);
  if (groupCount <= MAX_TABLE_CHUNKS) return byteLimbsByTable(text, i, groupCount);
  // log(58^4) / log(2^24) ≈ 0.977 limbs per group; two more for rounding.
  const out = ensureLimbs(groupCount + 2);
  let used = 0;
  // The first group takes the remainder so that all others are four digits long.
  let groupLength = (n - i) % 4 || 4;
  while (i < n) {
    let carry = 0;
    let multiplier = 1;
    for (let end = i + groupLength; i < end; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGIT_OF[code]! : -1;
      if (digit < 0) return -1 - i;
      carry = carry * 58 + digit;
      multiplier *= 58;
    }
    groupLength = 4;
    for (let j = 0; j < used; j++) {
      const x = out[j]! * multiplier + carry; // < 2^24 · 58^4 < 2^48
      carry = Math.floor(x * THREE_BYTES_INVERSE);
      out[j] = x - carry * THREE_BYTES;
    }
    while (carry > 0) {
      const next = Math.floor(carry * THREE_BYTES_INVERSE);
      out[used++] = carry - next * THREE_BYTES;
      carry = next;
    }
  }
  return used;
}

function byteLimbsByTable(text: string, i: number, groupCount: number): number {
  const size = groupCount + 2;
  const out = ensureLimbs(size);
  out.fill(0, 0, size);
  const table = GROUP_POWERS.limbs;
  const lengths = GROUP_POWERS.lengths;
  // The first group takes the remainder so that all others are four digits long.
  let end = i + ((text.length - i) % 4 || 4);
  for (let k = groupCount - 1; k >= 0; k--, end += 4) {
    let group = 0;
    for (; i < end; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGIT_OF[code]! : -1;
      if (digit < 0) return -1 - i;
      group = group * 58 + digit;
    }
    // Group k counts (58^4)^k times.
    const row = k * TABLE_ROW;
    const length = lengths[k]!;
    for (let j = 0; j < length; j++) out[j] = out[j]! + group * table[row + j]!;
  }
  let carry = 0;
  for (let j = 0; j < size; j++) {
    const x = out[j]! + carry;
    carry = Math.floor(x * THREE_BYTES_INVERSE);
    out[j] = x - carry * THREE_BYTES;
  }
  let used = size;
  while (used > 0 && out[used - 1] === 0) used--;
  return used;
}

/**
 * Why {@link decodeBase58Into} failed: the index of the first character outside the alphabet.
 * Returned rather than thrown so that callers build the error of their own kind and context.
 */
export interface Base58CharError {
  readonly badIndex: number;
}

/** Scratch output of the decoder; grown on demand. */
let scratchBytes = new Uint8Array(128);

/**
 * Decodes Base58 text into a scratch buffer and returns a view of the bytes, valid until the
 * next call (copy it to keep it), or the position of an invalid character.
 */
export function decodeBase58Into(text: string): Uint8Array | Base58CharError {
  const size = decodeBase58ToScratch(text);
  return size >= 0 ? scratchBytes.subarray(0, size) : { badIndex: -1 - size };
}

/**
 * The buffer {@link decodeBase58ToScratch} writes to; its first bytes are those of the last
 * decoded text until the next call.
 */
export function base58Scratch(): Uint8Array {
  return scratchBytes;
}

/**
 * Decodes Base58 text into {@link base58Scratch} from its start; returns the number of bytes,
 * or −1 − the index of the first character outside the alphabet. (The hot paths of the codecs
 * use it: a view per call would be one more object for the collector.)
 */
export function decodeBase58ToScratch(text: string): number {
  const n = text.length;
  let zeros = 0;
  while (zeros < n && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  const used = byteLimbs(text, zeros);
  if (used < 0) return used;
  const out = limbs;
  // Limbs → big-endian bytes, without the zero high bytes of the top limb.
  const top = used > 0 ? out[used - 1]! : 0;
  let size = zeros + used * 3;
  if (used > 0) size -= top < 256 ? 2 : top < 65_536 ? 1 : 0;
  if (scratchBytes.length < size) scratchBytes = new Uint8Array(Math.max(size, scratchBytes.length * 2));
  const bytes = scratchBytes;
  for (let k = 0; k < zeros; k++) bytes[k] = 0;
  let at = size;
  for (let j = 0; j < used; j++) {
    const v = out[j]!;
    bytes[--at] = v & 0xff;
    if (at > zeros) bytes[--at] = (v >>> 8) & 0xff;
    if (at > zeros) bytes[--at] = v >>> 16;
  }
  return size;
}

/** Decodes Base58 text to a fresh byte array; `undefined` when a character is not in the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  const result = decodeBase58Into(text);
  return result instanceof Uint8Array ? result.slice() : undefined;
}
