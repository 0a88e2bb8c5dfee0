/**
 * The hostile-input fuzzer shared by `codecs.fuzz.ts` (a million inputs and more) and its
 * CI-sized slice in `test/fuzz/hostile.fuzz.test.ts`.
 *
 * A target is a decoder and an encoder of one encoding (a generated pair, or the IR
 * interpreter's codec). Each input is one call, made from a seeded generator so that a run can
 * be repeated:
 *
 * - decoders get random bytes, truncations and bit flips of valid encodings, huge length
 *   prefixes (`ff ff ff ff`, `3f ff ff ff` and long zarith runs written over a valid encoding),
 *   deep nesting (one byte, or the start of a valid encoding, repeated thousands of times) and
 *   splices of valid encodings with random bytes;
 * - encoders get values of the wrong JSON type, valid values (decoded from valid encodings)
 *   with one part replaced by a wrong type, removed, or given an own `__proto__`/`constructor`
 *   property, values nested thousands deep or cyclic, and huge strings.
 *
 * Each call ends in one outcome: `ok`, `rejected` (a `DecodeError`/`EncodeError` of its own),
 * or a problem: `untyped` (any other throw, or a foreign error wrapped as a codec error: the
 * codecs turn a stray `TypeError` into `DecodeError("a valid value", …)`), `hang` (a call over
 * {@link hangLimitMs}) or `memory` (the heap or array buffers grew by more than
 * {@link allocationLimit} across the call).
 */
import { BinaryReader, BinaryWriter, CodecError, DecodeError, EncodeError } from "../../runtime/index.ts";

export type Decoder = (r: BinaryReader) => unknown;
export type Encoder = (w: BinaryWriter, value: unknown) => void;

/** One encoding under test. */
export interface FuzzTarget {
  /** `shell decodeBlockHeader`, `interpreter shell block_header`… */
  readonly name: string;
  readonly decode: Decoder;
  readonly encode: Encoder;
}

export type Outcome = "ok" | "rejected" | "untyped" | "hang" | "memory";
export const PROBLEMS: readonly Outcome[] = ["untyped", "hang", "memory"];

/**
 * A call taking longer than this counts as a hang: 2 s, plus 1 µs per byte (or character) of
 * input, as a valid zarith number of 2 million digits legitimately takes about a second to
 * convert on an idle machine (a quadratic conversion took minutes).
 */
export function hangLimitMs(inputSize: number): number {
  return 2000 + inputSize / 1000;
}

/** Growth allowed across one call: 32 MiB plus 16 bytes per byte (or character) of input. */
export function allocationLimit(inputSize: number): number {
  return 32 * 1024 * 1024 + 16 * inputSize;
}

/** A small seeded generator (mulberry32): the same seed gives the same inputs. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }
}

/** What went wrong, for the report (the first few of each kind). */
export interface Problem {
  target: string;
  input: string;
  outcome: Outcome;
  detail: string;
}

/** Counts per outcome, by direction and input kind, plus the first problems found. */
export class FuzzReport {
  readonly counts = new Map<string, Map<Outcome, number>>();
  readonly problems: Problem[] = [];
  total = 0;

  add(key: string, outcome: Outcome): void {
    let row = this.counts.get(key);
    if (row === undefined) this.counts.set(key, (row = new Map()));
    row.set(outcome, (row.get(outcome) ?? 0) + 1);
    this.total++;
  }

  count(outcome: Outcome): number {
    let n = 0;
    for (const row of this.counts.values()) n += row.get(outcome) ?? 0;
    return n;
  }

  /** The table printed at the end of a run. */
  format(): string {
    const outcomes: Outcome[] = ["ok", "rejected", ...PROBLEMS];
    const keys = [...this.counts.keys()].sort();
    const width = Math.max(...keys.map((k) => k.length), 10);
    const lines = [`${"input kind".padEnd(width)} ${outcomes.map((o) => o.padStart(10)).join(" ")}`];
    for (const key of keys) lines.push(`${key.padEnd(width)} ${outcomes.map((o) => String(this.counts.get(key)!.get(o) ?? 0).padStart(10)).join(" ")}`);
    lines.push(`${"total".padEnd(width)} ${outcomes.map((o) => String(this.count(o)).padStart(10)).join(" ")}`);
    return lines.join("\n");
  }
}

// ---------------------------------------------------------------------------------------------
// Running one call

function memory(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Classifies a thrown value: a codec error of the expected kind, not wrapping a foreign error. */
function thrownOutcome(error: unknown, expected: typeof DecodeError | typeof EncodeError): { outcome: Outcome; detail: string } {
  if (error instanceof expected && error.expected !== "a valid value") return { outcome: "rejected", detail: "" };
  const what = error instanceof CodecError ? `wrapped: ${error.found}` : error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  return { outcome: "untyped", detail: what.slice(0, 300) };
}

/** Runs `call`, classifies what happened, and checks its time and memory. */
function measured(call: () => void, expected: typeof DecodeError | typeof EncodeError, inputSize: number, checkMemory: boolean): { outcome: Outcome; detail: string } {
  const before = checkMemory ? memory() : 0;
  const started = performance.now();
  let result: { outcome: Outcome; detail: string } = { outcome: "ok", detail: "" };
  try {
    call();
  } catch (error) {
    result = thrownOutcome(error, expected);
  }
  const elapsed = performance.now() - started;
  if (result.outcome === "untyped") return result;
  if (elapsed > hangLimitMs(inputSize)) return { outcome: "hang", detail: `${elapsed.toFixed(0)} ms` };
  if (checkMemory) {
    const grown = memory() - before;
    if (grown > allocationLimit(inputSize)) return { outcome: "memory", detail: `${(grown / 1048576).toFixed(0)} MiB for ${inputSize} bytes of input` };
  }
  return result;
}

/** Decodes the whole of `bytes`; the decoded value when it worked. */
export function runDecode(target: FuzzTarget, bytes: Uint8Array, checkMemory = true): { outcome: Outcome; detail: string; value?: unknown } {
  let value: unknown;
  const result = measured(
    () => {
      const r = new BinaryReader(bytes);
      value = target.decode(r);
      r.expectEnd();
    },
    DecodeError,
    bytes.length,
    checkMemory,
  );
  return result.outcome === "ok" ? { ...result, value } : result;
}

/** Encodes `value`; `size` is the input's size for the memory limit. */
export function runEncode(target: FuzzTarget, value: unknown, size: number, checkMemory = true): { outcome: Outcome; detail: string } {
  return measured(() => target.encode(new BinaryWriter(64), value), EncodeError, size, checkMemory);
}

// ---------------------------------------------------------------------------------------------
// Inputs

const LENGTH_PATTERNS: readonly number[][] = [
  [0xff, 0xff, 0xff, 0xff],
  [0x3f, 0xff, 0xff, 0xff],
  [0x7f, 0xff, 0xff, 0xff],
  [0x40, 0x00, 0x00, 0x00],
  [0xff, 0xff],
  [0xff],
  [0x80],
];

/** Byte inputs for a decoder: `kind` names the family, for the report. */
export function byteInput(random: Random, seeds: readonly Uint8Array[]): { kind: string; bytes: Uint8Array } {
  const seed = seeds.length > 0 ? random.pick(seeds) : random.bytes(random.int(64));
  const roll = random.int(100);
  if (roll < 25 || seeds.length === 0) return { kind: "random bytes", bytes: random.bytes(random.int(4) === 0 ? random.int(1024) : random.int(64)) };
  if (roll < 40) return { kind: "truncation", bytes: seed.slice(0, random.int(seed.length + 1)) };
  if (roll < 60) {
    const out = Uint8Array.from(seed);
    const flips = 1 + random.int(4);
    for (let i = 0; i < flips && out.length > 0; i++) out[random.int(out.length)]! ^= 1 << random.int(8);
    return { kind: "bit flips", bytes: out };
  }
  if (roll < 75) {
    const out = Uint8Array.from(seed);
    if (random.int(5) === 0) {
      // A zarith number (or continuation run) of 1,000 to 100,000 bytes where a value starts.
      const run = new Uint8Array(1000 + random.int(99_000)).fill(0xff);
      run[run.length - 1] = 0x01;
      const at = random.int(out.length + 1);
      return { kind: "huge length prefix", bytes: concat(out.subarray(0, at), run, out.subarray(at)) };
    }
    const pattern = random.pick(LENGTH_PATTERNS);
    const at = random.int(Math.max(1, out.length));
    for (let i = 0; i < pattern.length && at + i < out.length; i++) out[at + i] = pattern[i]!;
    return { kind: "huge length prefix", bytes: out };
  }
  if (roll < 85) {
    // Deep nesting: a tag-like byte or the start of a valid encoding, repeated.
    const unit = random.int(2) === 0 ? Uint8Array.of(seed[0] ?? random.int(256)) : seed.subarray(0, 1 + random.int(Math.min(8, Math.max(1, seed.length))));
    const times = 500 + random.int(20_000);
    const out = new Uint8Array(unit.length * times + random.int(4));
    for (let i = 0; i < times; i++) out.set(unit, i * unit.length);
    return { kind: "deep nesting", bytes: out };
  }
  const other = seeds.length > 0 ? random.pick(seeds) : random.bytes(8);
  return { kind: "splice", bytes: concat(seed.subarray(0, random.int(seed.length + 1)), random.int(2) === 0 ? other : random.bytes(random.int(32))) };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An object with an own property of each name, as `JSON.parse` makes it. */
function parsedObject(entries: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(`{${Object.entries(entries).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`) as Record<string, unknown>;
}

const WRONG_VALUES: readonly (() => unknown)[] = [
  () => null,
  () => undefined,
  () => 0,
  () => -1,
  () => 2 ** 53,
  () => 1.5,
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => -0,
  () => "",
  () => "x",
  () => "0x00",
  () => "-1",
  () => "999999999999999999999999999999",
  () => true,
  () => [],
  () => [null],
  () => ({}),
  () => 1n,
  () => parsedObject({ __proto__: { kind: "Zero_width" } }),
  () => parsedObject({ constructor: "x", toString: 1 }),
  () => Object.create(null) as object,
  () => new Date(0),
  () => new Uint8Array(4),
];

/** Every place in a value (as a path of keys), up to `limit` of them. */
function places(value: unknown, limit = 200): (string | number)[][] {
  const out: (string | number)[][] = [[]];
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }];
  while (stack.length > 0 && out.length < limit) {
    const { value: v, path } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    for (const key of Array.isArray(v) ? v.keys() : Object.keys(v)) {
      const inner = (v as Record<string | number, unknown>)[key];
      out.push([...path, key]);
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return out;
}

/** `value` (a JSON-like copy) with the part at `path` replaced by `make(old)`; `undefined` from make deletes it. */
function replaced(value: unknown, path: readonly (string | number)[], make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(value);
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  const [key, ...rest] = path;
  const inner = replaced(copy[key!], rest, make);
  if (inner === DELETE) delete copy[key!];
  else copy[key!] = inner;
  return copy;
}
const DELETE = Symbol("delete");

function deepValue(random: Random): unknown {
  let value: unknown = random.int(2) === 0 ? { kind: "Zero_width" } : 1;
  const depth = 2000 + random.int(20_000);
  for (let i = 0; i < depth; i++) value = random.int(2) === 0 ? [value] : { kind: "Seq", layout: value };
  return value;
}

/** A value for an encoder, with its kind and size (for the memory limit). */
export function valueInput(random: Random, seeds: readonly unknown[]): { kind: string; value: unknown; size: number } {
  const roll = random.int(100);
  if (roll < 20 || seeds.length === 0) return { kind: "wrong JSON type", value: random.pick(WRONG_VALUES)(), size: 16 };
  const seed = random.pick(seeds);
  const path = random.pick(places(seed));
  if (roll < 55) {
    const value = replaced(seed, path, () => random.pick(WRONG_VALUES)());
    return { kind: "wrong JSON type", value, size: 1024 };
  }
  if (roll < 65) return { kind: "missing part", value: replaced(seed, path, () => DELETE), size: 1024 };
  if (roll < 78) {
    const value = replaced(seed, path.slice(0, -1), (old) => {
      if (old === null || typeof old !== "object" || Array.isArray(old)) return parsedObject({ __proto__: old ?? null, constructor: "x" });
      const copy = parsedObject({ __proto__: random.pick(WRONG_VALUES)() ?? null, constructor: 1, toString: "x" });
      for (const key of Object.keys(old)) if (random.int(3) !== 0) copy[key] = (old as Record<string, unknown>)[key];
      return copy;
    });
    return { kind: "prototype names", value, size: 1024 };
  }
  if (roll < 90) {
    if (random.int(3) === 0) {
      const cyclic: Record<string, unknown> = { kind: "Seq", contents: [] };
      cyclic.layout = cyclic;
      (cyclic.contents as unknown[]).push(cyclic);
      return { kind: "deep nesting", value: replaced(seed, path, () => cyclic), size: 1024 };
    }
    return { kind: "deep nesting", value: replaced(seed, path, () => deepValue(random)), size: 64 * 1024 };
  }
  const size = 100_000 + random.int(2_000_000);
  const huge = random.pick([() => "9".repeat(size), () => "ab".repeat(size >> 1), () => "€".repeat(size >> 2), () => new Array(size >> 4).fill(0)]);
  return { kind: "huge values", value: replaced(seed, path, huge), size };
}

// ---------------------------------------------------------------------------------------------
// A run

export interface RunOptions {
  /** Number of calls in all (decoder and encoder calls together). */
  inputs: number;
  seed?: number;
  /** Called every `progressEvery` inputs. */
  onProgress?: (done: number, report: FuzzReport) => void;
  progressEvery?: number;
  /** Valid encodings to start from (every target is tried on each). */
  recorded?: readonly Uint8Array[];
}

/** Per target: valid encodings and decoded values found so far (bounded). */
interface TargetState {
  readonly target: FuzzTarget;
  readonly bytes: Uint8Array[];
  readonly values: unknown[];
}

const MAX_SEEDS = 24;

/**
 * Runs `options.inputs` calls spread evenly over the targets (three decoder calls for two
 * encoder calls) and returns the counts. Valid encodings found by any input become seeds.
 */
export function fuzzTargets(targets: readonly FuzzTarget[], options: RunOptions): FuzzReport {
  const random = new Random(options.seed ?? 14);
  const report = new FuzzReport();
  const states: TargetState[] = targets.map((target) => ({ target, bytes: [], values: [] }));
  const remember = (state: TargetState, bytes: Uint8Array, value: unknown) => {
    if (state.bytes.length < MAX_SEEDS && bytes.length > 0 && bytes.length < 4096) {
      state.bytes.push(bytes);
      state.values.push(value);
    }
  };
  const record = (state: TargetState, direction: string, kind: string, input: string, result: { outcome: Outcome; detail: string }) => {
    report.add(`${direction}: ${kind}`, result.outcome);
    if (result.outcome !== "ok" && result.outcome !== "rejected" && report.problems.length < 50) {
      report.problems.push({ target: state.target.name, input, outcome: result.outcome, detail: result.detail });
    }
  };
  // Targets try the recorded encodings first: all of them, or a random share when that would
  // take more than a tenth of the inputs.
  const recorded = options.recorded ?? [];
  const share = Math.min(1, (options.inputs * 0.1) / Math.max(1, recorded.length * states.length));
  for (const state of states) {
    for (const bytes of recorded) {
      if (random.next() >= share) continue;
      const result = runDecode(state.target, bytes);
      record(state, "decode", "recorded", hexOf(bytes), result);
      if (result.outcome === "ok") remember(state, bytes, result.value);
    }
  }
  const every = options.progressEvery ?? 100_000;
  for (let i = 0; report.total < options.inputs; i++) {
    const state = states[i % states.length]!;
    if (random.int(5) < 3) {
      const { kind, bytes } = byteInput(random, state.bytes);
      const result = runDecode(state.target, bytes, bytes.length > 256 || random.int(8) === 0);
      record(state, "decode", kind, hexOf(bytes), result);
      if (result.outcome === "ok") remember(state, bytes, result.value);
    } else {
      const { kind, value, size } = valueInput(random, state.values);
      const result = runEncode(state.target, value, size, size > 1024 || random.int(8) === 0);
      record(state, "encode", kind, describe(value), result);
    }
    if (options.onProgress && report.total % every === 0) options.onProgress(report.total, report);
  }
  return report;
}

function hexOf(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes.subarray(0, 64)).toString("hex");
  return bytes.length > 64 ? `${hex}… (${bytes.length} bytes)` : hex;
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
  } catch {
    return "(cyclic or too deep to print)";
  }
}
