/**
 * Plain Base58 (Bitcoin alphabet), without checksum.
 *
 * The textbook conversion moves one byte or one digit at a time through an array of base-58
 * digits, which costs about n² small steps. Here the big number is kept in limbs of 58^4 (for
 * encoding) or 2^24 (for decoding) and fed three bytes or four digits at a time; every
 * intermediate value stays below 2^48, so plain JavaScript numbers do exact arithmetic and a
 * 32-byte hash takes about eighty steps. Each step divides by a constant: encoding multiplies by
 * its reciprocal and corrects the quotient by one where rounding made it off (a multiplication
 * costs a fraction of a division, and the steps form one dependent chain); decoding divides by
 * 2^24, which a multiplication does exactly. The result is the same bijection as every Base58
 * implementation: each leading zero byte ↔ one leading `1`, the rest is the number in base 58
 * without leading zero digits. Tests compare it with the `bs58check` package on random input.
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

/** Base58 text of `bytes[start, end)`. */
export function encodeBase58Range(bytes: Uint8Array, start: number, end: number): string {
  let zeros = 0;
  while (start + zeros < end && bytes[start + zeros] === 0) zeros++;
  let i = start + zeros;
  // log(2^24) / log(58^4) ≈ 1.024 limbs per three bytes; two more for rounding.
  const out = ensureLimbs(Math.ceil(((end - i) * 1.025) / 3) + 2);
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
      // x < 58^4 · 2^24 < 2^48; the estimated quotient is exact or off by one either way.
      const x = out[j]! * THREE_BYTES + carry;
      let quotient = Math.floor(x * DIGIT_GROUP_INVERSE);
      let rest = x - quotient * DIGIT_GROUP;
      if (rest < 0) {
        quotient--;
        rest += DIGIT_GROUP;
      } else if (rest >= DIGIT_GROUP) {
        quotient++;
        rest -= DIGIT_GROUP;
      }
      out[j] = rest;
      carry = quotient;
    }
    while (carry > 0) {
      const next = Math.floor(carry / DIGIT_GROUP);
      out[used++] = carry - next * DIGIT_GROUP;
      carry = next;
    }
  }
  // Digits of the most significant limb (no leading zeros), then four per other limb.
  let top = used > 0 ? out[used - 1]! : 0;
  let headLength = 0;
  for (let t = top; t > 0; t = Math.floor(t / 58)) headLength++;
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
    // Four digits: two pairs from the tables (58² = 3364), one division.
    const v = out[j]!;
    const high = Math.floor(v / 3364);
    const low = v - high * 3364;
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
  // log(58) / log(2^24) ≈ 0.244 limbs per character; two more for rounding.
  const out = ensureLimbs(Math.ceil((n - zeros) * 0.2441) + 2);
  let used = 0;
  let i = zeros;
  // The first group takes the remainder so that all others are four digits long.
  let groupLength = (n - zeros) % 4 || 4;
  while (i < n) {
    let carry = 0;
    let multiplier = 1;
    for (let k = 0; k < groupLength; k++, i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGIT_OF[code]! : -1;
      if (digit < 0) return -1 - i;
      carry = carry * 58 + digit;
      multiplier *= 58;
    }
    groupLength = 4;
    for (let j = 0; j < used; j++) {
      // x < 2^24 · 58^4 < 2^48.
      const x = out[j]! * multiplier + carry;
      carry = Math.floor(x * THREE_BYTES_INVERSE);
      out[j] = x - carry * THREE_BYTES;
    }
    while (carry > 0) {
      const next = Math.floor(carry * THREE_BYTES_INVERSE);
      out[used++] = carry - next * THREE_BYTES;
      carry = next;
    }
  }
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
