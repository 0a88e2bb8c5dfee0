/**
 * A protocol nobody here has seen: every protocol-prefixed composite definition of the mempool
 * dumps (one the binary schema defines too: operation contents, block header, contract id,
 * entrypoint, inlined endorsements, scripted contracts) is renamed, in the JSON and the binary
 * schemas alike, to a name no table contains. Reconciliation must recognise them by structure:
 * each renamed definition reconciles to the same codec as under its published name, and every
 * recorded vector still decodes and re-encodes exactly, through the IR interpreter and through
 * the codecs generated from the renamed dump (whose contract ids are then Base58 unions).
 */
import { afterAll, describe, expect } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel, type CodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { BinaryReader, BinaryWriter, bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { importEmittedCodecs, type Decoder, type Encoder } from "../../support/emitted-codecs.ts";
import { temporaryDirectory } from "../emit/support.ts";
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

/** The model of `published` with its composite definitions renamed, and the renaming both ways. */
function renamedModel(published: unknown) {
  const names = compositeNames(published);
  const renames = new Map(names.map((name, i) => [name, `unseen${i}.definition`]));
  const back = new Map([...renames].map(([from, to]) => [to, from]));
  const model = buildCodecModel(readDescribeTree(renamed(published, renames) as never, { prefix: MEMPOOL_PREFIX }));
  // The renamed definitions also under their published names, where the vectors look them up.
  const aliased: CodecModel = { ...model, definitions: new Map([...model.definitions, ...[...renames].flatMap(([from, to]) => (model.definitions.has(to) ? [[from, model.definitions.get(to)!] as const] : []))]) };
  return { names, renames, back, model, aliased };
}

/** Runs one vector through a decoder and an encoder; the problem, if any. */
function vectorProblem(vector: Vector, decode: (bytes: Uint8Array) => unknown, encode: (value: unknown) => Uint8Array): string | undefined {
  try {
    const decoded = decode(hexToBytes(vector.hex));
    if (!isDeepStrictEqual(decoded, vector.decoded_json)) return `decoded ${JSON.stringify(decoded)}`;
    const encoded = bytesToHex(encode(vector.json));
    if (encoded !== vector.hex) return `encoded ${encoded}`;
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

/** The contract id layout (tag 0 a public key hash, tag 1 a contract hash and a byte of padding) as a general Base58 union. */
const CONTRACT_ID_CASES = [
  { tag: 0, base: "public_key_hash", padding: 0 },
  { tag: 1, base: "contract_hash", padding: 1 },
];

/** `ir` with every contract id written as the general Base58 union of the same layout. */
function asBase58Union<T>(ir: T): T {
  return JSON.parse(
    JSON.stringify(ir, (_key, value: { kind?: unknown; id?: unknown; size?: unknown }) =>
      value !== null && typeof value === "object" && value.kind === "known" && value.id === "contract_id" ? { kind: "known", id: "base58_union", size: value.size, params: { tagSize: "Uint8", cases: CONTRACT_ID_CASES } } : value,
    ),
  ) as T;
}

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

describe.each(pairs)("$dump with its composite definitions renamed", ({ dump, vectors }) => {
  itWithReference([dump, vectors])("reconciles each renamed definition as under its name, and every vector still round-trips", () => {
    const published = readReference(dump);
    const { names, renames, back, model, aliased } = renamedModel(published);
    expect(names.length).toBeGreaterThanOrEqual(7);
    const original = buildCodecModel(readDescribeTree(published as never, { prefix: MEMPOOL_PREFIX }));

    // Every composite definition: the same codec as under its published name.
    const differing = names.filter((name) => {
      const before = original.definitions.get(name)?.codec;
      const after = model.definitions.get(renames.get(name)!)?.codec;
      return JSON.stringify(before) !== JSON.stringify(after, (key, value: unknown) => (key === "name" && typeof value === "string" && back.has(value) ? back.get(value) : value));
    });
    expect(differing).toEqual([]);
    expect(modelText(model, back)).toBe(modelText(original, new Map()));

    // Every vector, through definitions looked up under their published names.
    const interpreter = new Interpreter(aliased.definitions);
    const problems: string[] = [];
    for (const [index, vector] of readReference<{ vectors: Vector[] }>(vectors).vectors.entries()) {
      const id = vector.encoding.replace(/^(alpha|\d{3}-[A-Za-z0-9]{8})\./, "");
      if (expected[id] !== undefined) continue;
      const ir = vectorCodec(aliased, vector.encoding);
      const codec = ir === undefined ? undefined : interpreter.codec(ir);
      const problem = codec === undefined ? "no codec" : vectorProblem(vector, (bytes) => decodeBytes(codec, bytes), (value) => encodeBytes(codec, value as never));
      if (problem !== undefined) problems.push(`#${index} ${vector.encoding}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  itWithReference([dump, vectors])("every vector round-trips through the codecs generated from the renamed dump, contract ids as general Base58 unions", async () => {
    const { renames, model: reconciled, aliased } = renamedModel(readReference(dump));
    // The renamed contract id is a Base58 union that reconciles to the runtime's contract id
    // codec; the dumps have no other. Written here in the general form (`base58Union`, chosen by
    // prefix), every vector that holds a contract id goes through that generated path.
    const model: CodecModel = { ...reconciled, definitions: new Map([...reconciled.definitions].map(([name, d]) => [name, { ...d, codec: asBase58Union(d.codec) }])) };
    // The vectors' Octez codecs as extra definitions (referring to the unseen names), so that they are emitted like any other.
    const list = readReference<{ vectors: Vector[] }>(vectors).vectors;
    const definitions = new Map(model.definitions);
    for (const vector of list) {
      const ir = vectorCodec(aliased, vector.encoding);
      if (ir === undefined) continue;
      const codec = asBase58Union(JSON.parse(JSON.stringify(ir, (key, value: unknown) => (key === "name" && typeof value === "string" ? (renames.get(value) ?? value) : value))) as typeof ir);
      definitions.set(`vector:${vector.encoding}`, { name: `vector:${vector.encoding}`, codec });
    }
    const file = dump.replace(/\.json$/, "-renamed");
    const emitted = await importEmittedCodecs({ ...model, definitions }, tmp.path, file, { validators: false });
    expect(readFileSync(join(tmp.path, `${file}.ts`), "utf8")).toContain("base58Union(");
    const problems: string[] = [];
    let contracts = 0;
    for (const [index, vector] of list.entries()) {
      const id = vector.encoding.replace(/^(alpha|\d{3}-[A-Za-z0-9]{8})\./, "");
      if (expected[id] !== undefined) continue;
      const typeName = emitted.names.definitions.get(`vector:${vector.encoding}`);
      const decode = emitted.functions[`decode${typeName}`] as Decoder | undefined;
      const encode = emitted.functions[`encode${typeName}`] as Encoder | undefined;
      const problem =
        decode === undefined || encode === undefined
          ? "no generated codec"
          : vectorProblem(
              vector,
              (bytes) => {
                const r = new BinaryReader(bytes);
                const value = decode(r);
                r.expectEnd();
                return value;
              },
              (value) => {
                const w = new BinaryWriter();
                encode(w, value);
                return w.finish();
              },
            );
      if (problem !== undefined) problems.push(`#${index} ${vector.encoding}: ${problem}`);
      if (id === "contract" && problem === undefined) contracts++;
    }
    expect(problems).toEqual([]);
    expect(contracts).toBeGreaterThan(0);
  });
});
