/**
 * Base58Check with Tezos prefixes: `base58(prefix ‖ payload ‖ checksum)`, where the checksum is
 * the first 4 bytes of SHA-256(SHA-256(prefix ‖ payload)).
 *
 * Decoding checks, in order: the characters, the total length, the checksum, the prefix and the
 * payload length, and says which one failed. Failures are reported as data
 * ({@link Base58Problem}) by the internal `read…` functions so that each caller throws the error
 * of its own context: a {@link DecodeError} when text is being decoded, an {@link EncodeError}
 * when a JSON value is being written to binary.
 */
import { DecodeError, EncodeError, describeValue } from "../../codec/errors.ts";
import type { BinaryWriter } from "../../codec/writer.ts";
import { base58Scratch, decodeBase58Into, decodeBase58ToScratch, encodeBase58Range } from "./base58.ts";
import { ALL_BASE58_KINDS, type Base58Kind } from "./prefixes.ts";
import { doubleSha256Checksum } from "./sha256.ts";

/** Scratch buffer for `prefix ‖ payload ‖ checksum`; grown on demand. */
let scratch = new Uint8Array(160);

/** Base58Check text of `payload[start, end)` under `kind`'s prefix; the length is not checked here. */
function encodeWithPrefix(prefix: Uint8Array, payload: Uint8Array, start: number, end: number): string {
  const bodyLength = prefix.length + (end - start);
  if (scratch.length < bodyLength + 4) scratch = new Uint8Array(bodyLength + 4);
  const buffer = scratch;
  for (let i = 0; i < prefix.length; i++) buffer[i] = prefix[i]!;
  // A loop beats `set(subarray)` for hash-sized inputs (no view allocation).
  for (let i = start, j = prefix.length; i < end; i++, j++) buffer[j] = payload[i]!;
  const checksum = doubleSha256Checksum(buffer, 0, bodyLength);
  buffer[bodyLength] = checksum >>> 24;
  buffer[bodyLength + 1] = (checksum >>> 16) & 0xff;
  buffer[bodyLength + 2] = (checksum >>> 8) & 0xff;
  buffer[bodyLength + 3] = checksum & 0xff;
  return encodeBase58Range(buffer, 0, bodyLength + 4);
}

/**
 * Base58Check text of `payload[start, start + kind.payloadLength)`. The caller guarantees the
 * bytes are there (codecs read them through the bounds-checked reader first).
 */
export function encodeBase58CheckRange(kind: Base58Kind, payload: Uint8Array, start: number): string {
  return encodeWithPrefix(kind.prefix, payload, start, start + kind.payloadLength);
}

/** Base58Check text of a payload of `kind`; fails with an {@link EncodeError} on a wrong payload length. */
export function encodeBase58Check(kind: Base58Kind, payload: Uint8Array): string {
  if (payload.length !== kind.payloadLength) {
    throw new EncodeError(`${kind.payloadLength} bytes for ${kind.title}`, `${payload.length} bytes`, 0);
  }
  return encodeWithPrefix(kind.prefix, payload, 0, payload.length);
}

const NO_PREFIX = new Uint8Array(0);

/** Base58Check text of arbitrary bytes (no Tezos prefix): `base58(data ‖ checksum)`. */
export function encodeBase58CheckRaw(data: Uint8Array): string {
  return encodeWithPrefix(NO_PREFIX, data, 0, data.length);
}

/** Why a string is not a valid value of a Base58Check type, in words for the `found` part of an error. */
export type Base58Problem = { readonly problem: string };

function problem(text: string): Base58Problem {
  return { problem: text };
}

function isProblem<T extends object>(x: T | Base58Problem): x is Base58Problem {
  return "problem" in x;
}

/** Describes what a string that is not of the expected type looks like, when it is of another known type. */
function recognise(bytes: Uint8Array): string | undefined {
  for (const other of ALL_BASE58_KINDS) {
    if (bytes.length !== other.prefix.length + other.payloadLength + 4) continue;
    let same = true;
    for (let i = 0; i < other.prefix.length; i++) {
      if (bytes[i] !== other.prefix[i]) {
        same = false;
        break;
      }
    }
    if (same) return other.title;
  }
  return undefined;
}

/** Quotes a string in full when it is hash-sized, shortened otherwise. */
function quote(text: string): string {
  return text.length <= 160 ? `string ${JSON.stringify(text)}` : describeValue(text);
}

/**
 * Decodes Base58 text and checks its checksum; returns a view of `body ‖ checksum` in scratch
 * memory (valid until the next call) or the reason it is invalid.
 */
function readChecked(text: string): Uint8Array | Base58Problem {
  const decoded = decodeBase58Into(text);
  if (!(decoded instanceof Uint8Array)) {
    return problem(`${quote(text)}, whose character ${JSON.stringify(text[decoded.badIndex])} at index ${decoded.badIndex} is not Base58`);
  }
  if (decoded.length < 4) return problem(`${quote(text)}, too short for a Base58Check checksum`);
  const bodyLength = decoded.length - 4;
  const expected = doubleSha256Checksum(decoded, 0, bodyLength);
  const actual = ((decoded[bodyLength]! << 24) | (decoded[bodyLength + 1]! << 16) | (decoded[bodyLength + 2]! << 8) | decoded[bodyLength + 3]!) >>> 0;
  if (expected !== actual) return problem(`${quote(text)}, whose Base58Check checksum is wrong`);
  return decoded;
}

/**
 * True when `text` is a valid string of `kind`; its payload is then in {@link base58Scratch}
 * from `kind.prefix.length`, until the next Base58 call. The common case, checked without
 * allocating anything; {@link readBase58Check} says what is wrong otherwise.
 */
function decodesAs(kind: Base58Kind, text: unknown): boolean {
  if (typeof text !== "string" || text.length !== kind.encodedLength) return false;
  const size = decodeBase58ToScratch(text);
  const prefix = kind.prefix;
  const bodyLength = prefix.length + kind.payloadLength;
  if (size !== bodyLength + 4) return false;
  const bytes = base58Scratch();
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  const actual = ((bytes[bodyLength]! << 24) | (bytes[bodyLength + 1]! << 16) | (bytes[bodyLength + 2]! << 8) | bytes[bodyLength + 3]!) >>> 0;
  return doubleSha256Checksum(bytes, 0, bodyLength) === actual;
}

/**
 * The payload of `text` as a value of `kind`, as a view in scratch memory valid until the next
 * Base58 call, or the reason it is not one.
 */
export function readBase58Check(kind: Base58Kind, text: unknown): Uint8Array | Base58Problem {
  if (decodesAs(kind, text)) return base58Scratch().subarray(kind.prefix.length, kind.prefix.length + kind.payloadLength);
  if (typeof text !== "string") return problem(describeValue(text));
  if (text.length !== kind.encodedLength) {
    // Checked before decoding: cheap, and the usual mistake (another type of hash). Only short
    // strings are decoded to name what they are: decoding costs the square of the length.
    const decoded = text.length <= 200 ? readChecked(text) : problem("");
    const other = isProblem(decoded) ? undefined : recognise(decoded);
    const what = other !== undefined ? ` (${other})` : "";
    return problem(`${quote(text)} of ${text.length} characters${what}`);
  }
  const decoded = readChecked(text);
  if (isProblem(decoded)) return decoded;
  const prefix = kind.prefix;
  for (let i = 0; i < prefix.length; i++) {
    if (decoded[i] !== prefix[i]) {
      const other = recognise(decoded);
      return problem(`${quote(text)}${other !== undefined ? `, which is ${other}` : ", whose prefix is not " + kind.leading}`);
    }
  }
  const payloadLength = decoded.length - 4 - prefix.length;
  if (payloadLength !== kind.payloadLength) return problem(`${quote(text)}, whose payload has ${payloadLength} bytes`);
  return decoded.subarray(prefix.length, prefix.length + payloadLength);
}

/** What a valid string of `kind` looks like, for the `expected` part of an error. */
export function expectedBase58(kind: Base58Kind): string {
  return `${kind.title} (Base58Check, ${kind.encodedLength} characters starting with "${kind.leading}")`;
}

/**
 * Decodes a Base58Check string of `kind` to its payload (a fresh array). Fails with a
 * {@link DecodeError} naming the expected type and what was wrong: characters, checksum,
 * prefix or length.
 */
export function decodeBase58Check(kind: Base58Kind, text: string): Uint8Array {
  const result = readBase58Check(kind, text);
  if (isProblem(result)) throw new DecodeError(expectedBase58(kind), result.problem, 0);
  return result.slice();
}

/**
 * Like {@link decodeBase58Check} but for a JSON value about to be written: fails with an
 * {@link EncodeError} at `offset`. Returns a view in scratch memory, valid until the next call.
 */
export function base58PayloadForEncoding(kind: Base58Kind, value: unknown, offset: number): Uint8Array {
  const result = readBase58Check(kind, value);
  if (isProblem(result)) throw new EncodeError(expectedBase58(kind), result.problem, offset);
  return result;
}

/** Decodes Base58Check text without a Tezos prefix: returns `data` (a fresh array), checksum verified. */
export function decodeBase58CheckRaw(text: string): Uint8Array {
  const result = readChecked(text);
  if (isProblem(result)) throw new DecodeError("a Base58Check string", result.problem, 0);
  return result.slice(0, result.length - 4);
}

/** True when `text` is a valid string of `kind`. */
export function isBase58Check(kind: Base58Kind, text: unknown): boolean {
  return decodesAs(kind, text);
}

/**
 * Writes the payload of a Base58Check string of `kind` (the binary form of a hash); fails with
 * an {@link EncodeError} naming what is wrong with the value, at the writer's position.
 */
export function writeBase58CheckPayload(writer: BinaryWriter, kind: Base58Kind, value: unknown): void {
  if (decodesAs(kind, value)) writer.rawRange(base58Scratch(), kind.prefix.length, kind.prefix.length + kind.payloadLength);
  else writer.raw(base58PayloadForEncoding(kind, value, writer.length));
}

/**
 * Finds which of `kinds` a string belongs to (by length first, then prefix) and returns the
 * kind and its payload view, or the problem with the string against the first kind when none
 * matches. Used by codecs that accept several types (public keys, signatures).
 */
export function readAnyBase58Check(
  kinds: readonly Base58Kind[],
  text: unknown,
): { kind: Base58Kind; payload: Uint8Array } | Base58Problem {
  const index = base58KindIndex(kinds, text);
  if (index >= 0) {
    const kind = kinds[index]!;
    return { kind, payload: base58Scratch().subarray(kind.prefix.length, kind.prefix.length + kind.payloadLength) };
  }
  if (typeof text !== "string") return problem(describeValue(text));
  let first: Base58Problem | undefined;
  for (const kind of kinds) {
    if (text.length !== kind.encodedLength || !text.startsWith(kind.leading)) continue;
    const result = readBase58Check(kind, text);
    if (!isProblem(result)) return { kind, payload: result };
    first ??= result;
  }
  if (first !== undefined) return first;
  const fallback = kinds[0];
  return fallback !== undefined ? (readBase58Check(fallback, text) as Base58Problem) : problem(describeValue(text));
}

/**
 * The index in `kinds` of the type `text` is a valid string of (by length and leading
 * characters first), its payload then in {@link base58Scratch} from the kind's prefix length
 * until the next Base58 call; −1 when it is none of them.
 */
function base58KindIndex(kinds: readonly Base58Kind[], text: unknown): number {
  if (typeof text !== "string") return -1;
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i]!;
    if (text.length === kind.encodedLength && text.startsWith(kind.leading) && decodesAs(kind, text)) return i;
  }
  return -1;
}

/**
 * Writes the payload of `value` when it is a valid string of one of `kinds`, after the kind's
 * index in `kinds` as one byte when `tagged` (the curve tag of keys); returns `false` and writes
 * nothing otherwise, for the caller to say what is wrong with {@link readAnyBase58Check}.
 */
export function writeAnyBase58CheckPayload(writer: BinaryWriter, kinds: readonly Base58Kind[], value: unknown, tagged: boolean): boolean {
  const index = base58KindIndex(kinds, value);
  if (index < 0) return false;
  const kind = kinds[index]!;
  if (tagged) writer.uint8(index);
  writer.rawRange(base58Scratch(), kind.prefix.length, kind.prefix.length + kind.payloadLength);
  return true;
}

export { isProblem as isBase58Problem };
