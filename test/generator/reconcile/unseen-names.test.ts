/**
 * A protocol nobody here has seen: every protocol-prefixed composite definition of the mempool
 * dumps (one the binary schema defines too: operation contents, block header, contract id,
 * entrypoint, inlined endorsements, scripted contracts) is renamed, in the JSON and the binary
 * schemas alike, to a name no table contains. Reconciliation must recognise them by structure:
 * each renamed definition reconciles to the same codec as under its published name, and every
 * recorded vector still decodes and re-encodes exactly.
 */
import { describe, expect } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel, type CodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { MEMPOOL_PREFIX, vectorCodec, type Vector } from "../vectors/vector-codecs.ts";
import expectedFailures from "../vectors/expected-failures.json" with { type: "json" };

const PROTOCOL_PREFIXED = /(^|\.)(alpha|\d{3}-[A-Za-z0-9]{8})\./;
const expected: Record<string, string> = expectedFailures.expected;

const pairs = [
  { dump: "describe-mempool-alpha-2022-06-09.json", vectors: "codec-vectors-alpha-2022-06-09.json" },
  { dump: "describe-mempool-ithaca-2022-06-09.json", vectors: "codec-vectors-ithaca-2022-06-09.json" },
];

/** The protocol-prefixed names that both schemas define (the composite definitions). */
function compositeNames(dump: unknown): string[] {
  const json = new Set<string>();
  const binary = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x !== null && typeof x === "object") {
      const record = x as Record<string, unknown>;
      if (record.definitions !== null && typeof record.definitions === "object" && !Array.isArray(record.definitions)) {
        for (const name of Object.keys(record.definitions)) json.add(name);
      }
      const description = record.description as { title?: unknown } | undefined;
      if (typeof description === "object" && typeof description?.title === "string" && "encoding" in record) binary.add(description.title);
      Object.values(record).forEach(walk);
    }
  };
  walk(dump);
  return [...json].filter((name) => binary.has(name) && PROTOCOL_PREFIXED.test(name)).sort();
}

/** `dump` with every name of `renames` replaced (definition keys, `$ref`s, binary titles and `Ref`s). */
function renamed(dump: unknown, renames: ReadonlyMap<string, string>): unknown {
  const rename = (x: unknown): unknown => {
    if (typeof x === "string") {
      if (renames.has(x)) return renames.get(x);
      if (x.startsWith("#/definitions/") && renames.has(x.slice(14))) return `#/definitions/${renames.get(x.slice(14))}`;
      return x;
    }
    if (Array.isArray(x)) return x.map(rename);
    if (x !== null && typeof x === "object") {
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [renames.has(k) ? renames.get(k)! : k, rename(v)]));
    }
    return x;
  };
  return rename(dump);
}

/** The model's codecs as JSON text, with the unseen names put back, for comparison. */
function modelText(model: CodecModel, back: ReadonlyMap<string, string>): string {
  const definitions = [...model.definitions].map(([name, definition]) => [back.get(name) ?? name, definition.codec] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  const bodies = model.services.map((s) => [s.input?.codec, s.output.codec, s.error.codec]);
  const text = JSON.stringify([definitions, bodies], (key, value: unknown) => (key === "name" && typeof value === "string" && back.has(value) ? back.get(value) : value));
  // JSON-only values keep their schema (with its `$ref`s) and a reason that may quote a name.
  return [...back].reduce((t, [unseen, published]) => t.replaceAll(unseen, published), text);
}

describe.each(pairs)("$dump with its composite definitions renamed", ({ dump, vectors }) => {
  itWithReference([dump, vectors])("reconciles each renamed definition as under its name, and every vector still round-trips", () => {
    const published = readReference(dump);
    const names = compositeNames(published);
    expect(names.length).toBeGreaterThanOrEqual(7);
    const renames = new Map(names.map((name, i) => [name, `unseen${i}.definition`]));
    const back = new Map([...renames].map(([from, to]) => [to, from]));
    const original = buildCodecModel(readDescribeTree(published as never, { prefix: MEMPOOL_PREFIX }));
    const model = buildCodecModel(readDescribeTree(renamed(published, renames) as never, { prefix: MEMPOOL_PREFIX }));

    // Every composite definition: the same codec as under its published name.
    const differing = names.filter((name) => {
      const before = original.definitions.get(name)?.codec;
      const after = model.definitions.get(renames.get(name)!)?.codec;
      return JSON.stringify(before) !== JSON.stringify(after, (key, value: unknown) => (key === "name" && typeof value === "string" && back.has(value) ? back.get(value) : value));
    });
    expect(differing).toEqual([]);
    expect(modelText(model, back)).toBe(modelText(original, new Map()));

    // Every vector, through definitions looked up under their published names.
    const aliased: CodecModel = { ...model, definitions: new Map([...model.definitions, ...[...renames].flatMap(([from, to]) => (model.definitions.has(to) ? [[from, model.definitions.get(to)!] as const] : []))]) };
    const interpreter = new Interpreter(aliased.definitions);
    const problems: string[] = [];
    for (const [index, vector] of readReference<{ vectors: Vector[] }>(vectors).vectors.entries()) {
      const id = vector.encoding.replace(/^(alpha|\d{3}-[A-Za-z0-9]{8})\./, "");
      if (expected[id] !== undefined) continue;
      const ir = vectorCodec(aliased, vector.encoding);
      try {
        if (ir === undefined) throw new Error("no codec");
        const codec = interpreter.codec(ir);
        const decoded = decodeBytes(codec, hexToBytes(vector.hex));
        if (!isDeepStrictEqual(decoded, vector.decoded_json)) throw new Error(`decoded ${JSON.stringify(decoded)}`);
        const encoded = bytesToHex(encodeBytes(codec, vector.json as never));
        if (encoded !== vector.hex) throw new Error(`encoded ${encoded}`);
      } catch (error) {
        problems.push(`#${index} ${vector.encoding}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
