/**
 * Valid values for any route body, for end-to-end tests, found through the body's own decoder:
 * starting from no bytes, whenever decoding stops short (a field needs bytes its frame does not
 * have) the missing bytes are inserted where it stopped and a length prefix before them is
 * raised to cover them, trying each candidate prefix and keeping the one that lets decoding go
 * furthest. Zero bytes give empty lists, `None`, first union cases, zero hashes and numbers.
 * The result must pass the body's JSON validator and, with an encoder, encode back to the bytes
 * it came from (a decoded value JSON cannot tell apart from another case's, such as the logging
 * configuration's `{}`, is refused by the encoders, so the search goes on past it). JSON-only
 * bodies get the first of a few plain JSON values the validator accepts. `undefined` when
 * nothing works.
 */
import { BinaryReader } from "../../../runtime/codec/reader.ts";
import { DecodeError } from "../../../runtime/codec/errors.ts";
import type { BinaryReader as Reader } from "../../../runtime/codec/reader.ts";
import { BinaryWriter } from "../../../runtime/codec/writer.ts";
import type { JsonValidator } from "../../../runtime/rpc/json-validation.ts";

/** A body to find a value for: its JSON validator and, when it has a binary form, its codec. */
export interface ValueTarget {
  readonly validate: JsonValidator;
  readonly decode?: (reader: Reader) => unknown;
  readonly encode?: (writer: BinaryWriter, value: unknown) => void;
}

/**
 * Whether the body's encoder takes `value` and, given `bytes`, writes exactly them (true
 * without an encoder).
 */
function encodesBack(body: ValueTarget, value: unknown, bytes?: Uint8Array): boolean {
  if (body.encode === undefined) return true;
  try {
    const writer = new BinaryWriter();
    body.encode(writer, value);
    return bytes === undefined || Buffer.from(writer.finish()).equals(bytes);
  } catch {
    return false;
  }
}

const JSON_CANDIDATES: readonly unknown[] = [{}, [], "", 0, true, null, [{ kind: "generic", error: "e" }]];
/** The smallest BSON document (an empty one). */
const EMPTY_BSON = [5, 0, 0, 0, 0];
/** How far before the failure a length prefix is looked for. */
const REACH = 160;

type Outcome = { ok: true; value: unknown } | { ok: false; offset: number; error: unknown };

function decode(body: ValueTarget, bytes: Uint8Array): Outcome {
  const reader = new BinaryReader(bytes);
  try {
    const value = body.decode!(reader);
    reader.expectEnd();
    if (!body.validate(value)) return { ok: false, offset: -1, error: body.validate.errors };
    // Not this value: go on as if more bytes were needed at the end.
    if (!encodesBack(body, value, bytes.subarray(0, reader.offset))) return { ok: false, offset: bytes.length, error: undefined };
    return { ok: true, value };
  } catch (error) {
    return { ok: false, offset: error instanceof DecodeError ? error.offset : -1, error };
  }
}

/** The bytes to insert for a failure: what it says it needed, or an empty BSON document. */
function missingBytes(error: unknown): number[] {
  if (!(error instanceof DecodeError)) return [0];
  if (/BSON/.test(error.expected)) return EMPTY_BSON;
  const needed = /(\d+) bytes?/.exec(error.expected);
  const left = /(\d+) bytes? left/.exec(error.found);
  const n = needed ? Number(needed[1]) - (left ? Number(left[1]) : 0) : 1;
  return new Array(Math.max(1, n)).fill(0);
}

function insert(bytes: Uint8Array, at: number, extra: readonly number[]): Uint8Array {
  const out = new Uint8Array(bytes.length + extra.length);
  out.set(bytes.subarray(0, at));
  out.set(extra, at);
  out.set(bytes.subarray(at), at + extra.length);
  return out;
}

/** Candidate repairs: the bytes inserted alone, or with a 4-, 2- or 1-byte length prefix before them raised. */
function* repairs(bytes: Uint8Array, at: number, extra: readonly number[]): Generator<Uint8Array> {
  yield insert(bytes, at, extra);
  for (const width of [4, 1, 2]) {
    // Prefixes are near what they frame: looking further back only costs time.
    for (let q = at - width; q >= Math.max(0, at - REACH); q--) {
      const out = insert(bytes, at, extra);
      const view = new DataView(out.buffer);
      if (width === 4) view.setUint32(q, view.getUint32(q) + extra.length);
      else if (width === 2) view.setUint16(q, (view.getUint16(q) + extra.length) & 0xffff);
      else view.setUint8(q, (view.getUint8(q) + extra.length) & 0xff);
      yield out;
    }
  }
}

function search(body: ValueTarget): unknown {
  let bytes: Uint8Array = new Uint8Array(0);
  let outcome = decode(body, bytes);
  for (let step = 0; step < 60 && !outcome.ok; step++) {
    if (outcome.offset < 0) return undefined;
    const extra = missingBytes(outcome.error);
    let best: { bytes: Uint8Array; outcome: Outcome } | undefined;
    for (const candidate of repairs(bytes, outcome.offset, extra)) {
      const next = decode(body, candidate);
      if (next.ok) return next.value;
      if (next.offset > (best?.outcome.ok === false ? best.outcome.offset : outcome.offset)) best = { bytes: candidate, outcome: next };
    }
    if (best === undefined) return undefined;
    bytes = best.bytes;
    outcome = best.outcome;
  }
  return outcome.ok ? outcome.value : undefined;
}

/** What the decoder reads from plenty of zero bytes, cut to what it consumed (or, for a layout that runs to the end of its frame, the shortest run it accepts). */
function zeros(body: ValueTarget): unknown {
  const room = new Uint8Array(1 << 12);
  const reader = new BinaryReader(room);
  try {
    body.decode!(reader);
  } catch {
    return undefined;
  }
  if (reader.offset < room.length) {
    const outcome = decode(body, room.subarray(0, reader.offset));
    return outcome.ok ? outcome.value : undefined;
  }
  for (let n = 0; n < 1024; n++) {
    const outcome = decode(body, room.subarray(0, n));
    if (outcome.ok) return outcome.value;
  }
  return undefined;
}

export function makeValue(body: ValueTarget): unknown {
  if (body.decode !== undefined) {
    const value = zeros(body) ?? search(body);
    if (value !== undefined) return value;
  }
  return JSON_CANDIDATES.find((candidate) => body.validate(candidate) && encodesBack(body, candidate));
}
