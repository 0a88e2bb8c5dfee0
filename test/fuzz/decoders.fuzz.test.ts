/**
 * Fuzzing of the generated decoders: every exported `decode…` function of the committed
 * generated/shell (the generator's exact output for the shell snapshot), and of the folder generated from the 2022 Alpha mempool dump (with the
 * recorded vectors' Octez codecs added as definitions, as the vector tests do), is fed
 *
 * - random bytes (up to 512), and mutations of those that happen to decode;
 * - the recorded encodings of `../shared/reference/codec-vectors-*.json` (every decoder gets
 *   every one: whichever decodes one cleanly has found a valid input of its own);
 * - for each (decoder, valid recorded encoding): every truncation, and random mutations (bit
 *   flips, bytes overwritten with boundary values such as `ff ff ff ff` for a length prefix,
 *   truncation followed by random bytes).
 *
 * The only acceptable failure is a `DecodeError` that is not a wrapped foreign error, and no
 * call may allocate more than `ALLOCATION_LIMIT` (see support.ts). All problems are collected
 * and compared with the list of known ones at the end, so that one run shows them all.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readDescribeTree } from "../../generator/describe/read.ts";
import { buildCodecModel } from "../../generator/reconcile/codec-model.ts";
import { vectorCodec } from "../generator/vectors/vector-codecs.ts";
import { temporaryDirectory } from "../generator/emit/support.ts";
import { itWithReference, readReference } from "../support/reference.ts";
import { committedShellDecoders, decodeOutcome, flipBits, fromHex, generatedDecoders, overwrite, toHex, type Decoder } from "./support.ts";

const ALPHA_DUMP = "describe-mempool-alpha-2022-06-09.json";
const VECTOR_FILES = ["codec-vectors-shell.json", "codec-vectors-alpha-2022-06-09.json", "codec-vectors-ithaca-2022-06-09.json"];
const MEMPOOL_PREFIX = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];

/**
 * Runs per decoder for random bytes, and per (decoder, valid encoding) for mutations; sized for
 * a run of well under a minute. `FUZZ_SCALE=20 npx vitest run test/fuzz` searches longer.
 */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);
const RANDOM_RUNS = 150 * SCALE;
const MUTATION_RUNS = 200 * SCALE;
/** At most this many valid encodings are mutated per decoder. */
const SEEDS_PER_DECODER = 16;

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

/** The folders are generated once, on first use (so a test skipped for a missing reference file generates nothing). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

const shellDecoders = once(committedShellDecoders);

const alphaDecoders = once(async () => {
  const model = buildCodecModel(readDescribeTree(readReference(ALPHA_DUMP), { prefix: MEMPOOL_PREFIX }));
  const vectors = readReference<{ vectors: Array<{ encoding: string }> }>("codec-vectors-alpha-2022-06-09.json").vectors;
  for (const { encoding } of vectors) {
    const name = `vector:${encoding}`;
    if (model.definitions.has(name)) continue;
    const codec = vectorCodec(model, encoding);
    if (codec) model.definitions.set(name, { name, codec });
  }
  return generatedDecoders(tmp.path, "alpha-mempool", model, ALPHA_DUMP);
});

/** Every recorded encoding, deduplicated. */
function recordedEncodings(): Uint8Array[] {
  const hexes = new Set<string>();
  for (const file of VECTOR_FILES) for (const { hex } of readReference<{ vectors: Array<{ hex: string }> }>(file).vectors) hexes.add(hex);
  return [...hexes].sort().map(fromHex);
}

const boundaryByte = fc.oneof(fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff), fc.integer({ min: 0, max: 255 }));

function mutations(seed: Uint8Array): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    fc
      .array(fc.record({ position: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }), { minLength: 1, maxLength: 4 })
      .map((flips) => flipBits(seed, flips)),
    fc.tuple(fc.nat(), fc.array(boundaryByte, { minLength: 1, maxLength: 4 })).map(([position, patch]) => overwrite(seed, position, patch)),
    fc.tuple(fc.nat(), fc.uint8Array({ maxLength: 64 })).map(([cut, tail]) => {
      const kept = seed.subarray(0, cut % (seed.length + 1));
      const out = new Uint8Array(kept.length + tail.length);
      out.set(kept);
      out.set(tail, kept.length);
      return out;
    }),
  );
}

/**
 * Runs a property of `bytes` on a decoder; returns the (shrunk) problem, if any. Inputs that
 * decode are added to `decoded` (up to the per-decoder limit), to be mutated in turn.
 */
function fuzz(name: string, decode: Decoder, inputs: fc.Arbitrary<Uint8Array>, numRuns: number, decoded?: Uint8Array[]): string | undefined {
  const details = fc.check(
    fc.property(inputs, (bytes) => {
      const outcome = decodeOutcome(decode, bytes);
      if (outcome.kind === "decoded" && decoded && bytes.length > 0 && decoded.length < SEEDS_PER_DECODER) decoded.push(Uint8Array.from(bytes));
      return outcome.kind !== "crash";
    }),
    { numRuns },
  );
  if (!details.failed) return undefined;
  const input = details.counterexample?.[0];
  if (!input) return `${name}: ${details.errorInstance ? String(details.errorInstance) : "failed"} (seed ${details.seed})`;
  const outcome = decodeOutcome(decode, input);
  return `${name}(${toHex(input)}): ${outcome.kind === "crash" ? outcome.problem : "no longer fails"} (seed ${details.seed})`;
}

/** Decoders fed the recorded encodings; returns the problems and each decoder's valid encodings. */
function recordedInputs(decoders: Map<string, Decoder>, encodings: readonly Uint8Array[]) {
  const problems: string[] = [];
  const valid = new Map<string, Uint8Array[]>();
  for (const [name, decode] of decoders) {
    for (const bytes of encodings) {
      const outcome = decodeOutcome(decode, bytes);
      if (outcome.kind === "crash") problems.push(`${name}(${toHex(bytes)}): ${outcome.problem}`);
      if (outcome.kind === "decoded") {
        const list = valid.get(name) ?? [];
        if (list.length < SEEDS_PER_DECODER) list.push(bytes);
        valid.set(name, list);
      }
    }
  }
  return { problems, valid };
}

/** Every truncation and random mutations of each valid encoding. */
function mutatedInputs(decoders: Map<string, Decoder>, valid: Map<string, Uint8Array[]>): string[] {
  const problems: string[] = [];
  for (const [name, seeds] of valid) {
    const decode = decoders.get(name)!;
    for (const seed of seeds) {
      for (let length = 0; length < seed.length; length++) {
        const outcome = decodeOutcome(decode, seed.subarray(0, length));
        if (outcome.kind === "crash") {
          problems.push(`${name}(${toHex(seed.subarray(0, length))}) [truncated]: ${outcome.problem}`);
          break;
        }
      }
      const problem = fuzz(name, decode, mutations(seed), MUTATION_RUNS);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** Random bytes; then every truncation and mutations of the random inputs that happened to decode. */
function randomInputs(decoders: Map<string, Decoder>): string[] {
  const problems: string[] = [];
  const valid = new Map<string, Uint8Array[]>();
  for (const [name, decode] of decoders) {
    const decoded: Uint8Array[] = [];
    const problem = fuzz(name, decode, fc.uint8Array({ maxLength: 512 }), RANDOM_RUNS, decoded);
    if (problem) problems.push(problem);
    if (decoded.length > 0) valid.set(name, decoded);
  }
  problems.push(...mutatedInputs(decoders, valid));
  return problems;
}

describe("generated decoders of the shell snapshot", () => {
  it("fail only with DecodeError on random bytes", async () => {
    const decoders = await shellDecoders();
    expect(decoders.size).toBeGreaterThan(100);
    expect(randomInputs(decoders)).toEqual([]);
  });

  itWithReference(VECTOR_FILES)("fail only with DecodeError on recorded encodings, truncated and mutated", async () => {
    const decoders = await shellDecoders();
    const { problems, valid } = recordedInputs(decoders, recordedEncodings());
    // At least the header and the network version decode from the shell vectors.
    expect([...valid.keys()]).toEqual(expect.arrayContaining(["decodeBlockHeader", "decodeNetworkVersion"]));
    problems.push(...mutatedInputs(decoders, valid));
    expect(problems).toEqual([]);
  });
});

describe("generated decoders of the Alpha mempool dump (2022-06-09)", () => {
  itWithReference([ALPHA_DUMP, ...VECTOR_FILES])("fail only with DecodeError on random bytes", async () => {
    const decoders = await alphaDecoders();
    expect(randomInputs(decoders)).toEqual([]);
  });

  itWithReference([ALPHA_DUMP, ...VECTOR_FILES])("fail only with DecodeError on recorded encodings, truncated and mutated", async () => {
    const decoders = await alphaDecoders();
    const { problems, valid } = recordedInputs(decoders, recordedEncodings());
    // The recorded operations decode with the composed operation codecs.
    expect(valid.size).toBeGreaterThan(10);
    problems.push(...mutatedInputs(decoders, valid));
    expect(problems).toEqual([]);
  });
});
