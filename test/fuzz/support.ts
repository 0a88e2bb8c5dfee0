/**
 * Helpers for fuzzing generated decoders: emit a folder and collect its decoders, run one
 * decoder on bytes and say what went wrong (if anything), and mutate valid encodings.
 *
 * "Wrong" means anything but a clean typed failure:
 * - a throw that is not a `DecodeError`;
 * - a `DecodeError` that wraps another error: `atPath` and `decodeBytes` turn a stray
 *   `TypeError`/`RangeError` into `DecodeError("a valid value", "<Name>: <message>")` so that
 *   callers only see typed errors, but for a fuzzer that is a crash in disguise;
 * - more memory than the input can justify, observed as the growth of the V8 heap and of array
 *   buffers across the call (inputs are at most a few KiB, so anything above
 *   {@link ALLOCATION_LIMIT} means a size was taken from the input and allocated unchecked).
 * Hangs are caught by the test timeout: every input is bounded.
 */
import { join } from "node:path";
import { BinaryReader, DecodeError } from "../../runtime/index.ts";
import { codecsSource } from "../../generator/emit/codecs/index.ts";
import type { CodecModel } from "../../generator/reconcile/codec-model.ts";
import { emitInto } from "../generator/emit/support.ts";

export type Decoder = (r: BinaryReader) => unknown;

/** Bytes a decoder may allocate beyond what it returns for an input of a few KiB. */
export const ALLOCATION_LIMIT = 32 * 1024 * 1024;

/** Emits `model` into `<dir>/<name>` with the real codec emitter and imports every `decode…` export of `codecs.ts`. */
export async function generatedDecoders(dir: string, name: string, model: CodecModel, source: string): Promise<Map<string, Decoder>> {
  await emitInto(dir, name, model, { codecs: codecsSource, source });
  return decodersOf((await import(join(dir, name, "codecs.ts"))) as Record<string, unknown>);
}

/**
 * Every `decode…` export of the committed `generated/shell/codecs.ts`: the generator's exact
 * output for the shell snapshot (committed-output.test.ts), so nothing to emit again.
 */
export async function committedShellDecoders(): Promise<Map<string, Decoder>> {
  return decodersOf((await import("../../generated/shell/codecs.ts")) as Record<string, unknown>);
}

function decodersOf(module: Record<string, unknown>): Map<string, Decoder> {
  const decoders = new Map<string, Decoder>();
  for (const [exported, value] of Object.entries(module).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (exported.startsWith("decode") && typeof value === "function") decoders.set(exported, value as Decoder);
  }
  return decoders;
}

/** Error messages can carry a path thousands of segments long; reports keep both ends. */
function clip(text: string, max = 400): string {
  return text.length <= max ? text : `${text.slice(0, max / 2)} … ${text.slice(-max / 2)}`;
}

export type Outcome = { kind: "decoded" } | { kind: "rejected" } | { kind: "crash"; problem: string };

/** Decodes the whole input (trailing bytes are an error) and classifies what happened. */
export function decodeOutcome(decode: Decoder, bytes: Uint8Array): Outcome {
  const before = process.memoryUsage();
  let outcome: Outcome;
  try {
    const reader = new BinaryReader(bytes);
    decode(reader);
    reader.expectEnd();
    outcome = { kind: "decoded" };
  } catch (error) {
    if (!(error instanceof DecodeError)) {
      const name = error instanceof Error ? error.constructor.name : typeof error;
      outcome = { kind: "crash", problem: clip(`threw ${name}: ${error instanceof Error ? error.message : String(error)}`) };
    } else if (error.expected === "a valid value") {
      outcome = { kind: "crash", problem: clip(`a non-codec error wrapped as DecodeError: ${error.message}`) };
    } else outcome = { kind: "rejected" };
  }
  const after = process.memoryUsage();
  const grown = Math.max(after.heapUsed - before.heapUsed, after.arrayBuffers - before.arrayBuffers);
  if (grown > ALLOCATION_LIMIT && outcome.kind !== "crash") {
    outcome = { kind: "crash", problem: `memory grew by ${(grown / 1048576).toFixed(0)} MiB decoding ${bytes.length} bytes` };
  }
  return outcome;
}

export interface BitFlip {
  position: number;
  bit: number;
}

/** A copy of `bytes` with the given bits flipped (positions taken modulo the length). */
export function flipBits(bytes: Uint8Array, flips: readonly BitFlip[]): Uint8Array {
  const out = Uint8Array.from(bytes);
  if (out.length === 0) return out;
  for (const { position, bit } of flips) out[position % out.length]! ^= 1 << bit;
  return out;
}

/** A copy of `bytes` with `patch` written over it at `position` (modulo the length), clipped to the end. */
export function overwrite(bytes: Uint8Array, position: number, patch: readonly number[]): Uint8Array {
  const out = Uint8Array.from(bytes);
  if (out.length === 0) return out;
  const at = position % out.length;
  patch.forEach((b, i) => {
    if (at + i < out.length) out[at + i] = b;
  });
  return out;
}

export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
export const fromHex = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, "hex"));
