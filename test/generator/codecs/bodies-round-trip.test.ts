/**
 * Every input, output and error body of both shell snapshots and the three mempool dumps,
 * tried with values generated from the body's own JSON schema (fast-check,
 * `test/support/json-schema-arbitrary.ts`): each value must be accepted by the generated
 * validator, encode, and decode back to an equal value; the emitted codecs and the IR
 * interpreter must write the same bytes and read the same value. Codecs and validators are
 * generated here into a temporary folder, not read from `generated/`. Runs are few per body and the seed is fixed, so the test is
 * deterministic; `scripts/` is the place for long runs.
 */
import { isDeepStrictEqual } from "node:util";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel, type CodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { BinaryReader, BinaryWriter, bytesToHex, type Codec, type CodecError, type JsonValidator } from "../../../runtime/index.ts";
import { schemaArbitrary } from "../../support/json-schema-arbitrary.ts";
import { baseTypeArbitrary, knownArbitrary } from "../../support/base-type-arbitraries.ts";
import { fitToBinary } from "../../support/fit-to-binary.ts";
import type { CodecDefinition, IR } from "../../../generator/ir/codec-ir.ts";
import { importEmittedCodecs, type Decoder, type Encoder, type EmittedModule } from "../../support/emitted-codecs.ts";
import { hasReference, readReferenceText } from "../../support/reference.ts";
import { temporaryDirectory } from "../emit/support.ts";
import { MEMPOOL_PREFIX } from "../vectors/vector-codecs.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/** Runs per body: enough to reach every case of the unions on the way, cheap enough for the suite. */
const RUNS = Number(process.env.BODY_RUNS ?? 12);
const SEED = 20261126;
/** Runs per case of a named union. */
const CASE_RUNS = 3;

interface Source {
  name: string;
  /** Reads the describe answer. */
  read: () => unknown;
  prefix?: typeof MEMPOOL_PREFIX;
  reference?: string;
}

const SOURCES: Source[] = [
  { name: "shell", read: () => JSON.parse(readFileSync(root + "spec/snapshots/shell.json", "utf8")) },
  { name: "shell-legacy", read: () => JSON.parse(readFileSync(root + "spec/snapshots/shell-legacy.json", "utf8")) },
  ...["describe-mempool-alpha-2022-06-09.json", "describe-mempool-ithaca-2022-06-09.json", "describe-mempool-granada-2021-09-10.raw.json"].map((file) => ({
    name: file,
    read: () => JSON.parse(readReferenceText(file)) as unknown,
    prefix: MEMPOOL_PREFIX,
    reference: file,
  })),
];

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());


describe.each(SOURCES)("bodies of $name", (source) => {
  const available = source.reference === undefined || hasReference(source.reference) || process.env.CI;
  let model: CodecModel;
  let emitted: EmittedModule;
  beforeAll(async () => {
    if (!available) return;
    model = buildCodecModel(readDescribeTree(source.read() as never, source.prefix ? { prefix: source.prefix } : {}));
    emitted = await importEmittedCodecs(model, tmp.path, source.name.replace(/\W/g, "_"));
  });

  it.skipIf(!available)("bodies, and each case of every named union, round-trip through the emitted codecs and agree with the interpreter byte for byte", () => {
    expect([...checkBodies(model, emitted), ...checkUnionCases(model, emitted)]).toEqual([]);
  });
});

function checkBodies(model: CodecModel, emitted: EmittedModule): string[] {
  const interpreter = new Interpreter(model.definitions);
  const problems: string[] = [];
  model.services.forEach((entry, index) => {
    const serviceNames = emitted.names.services[index]!;
    for (const slot of ["input", "output", "error"] as const) {
      const body = entry[slot];
      const typeName = serviceNames[slot];
      if (body === undefined || body.jsonOnly !== undefined || typeName === undefined) continue;
      const label = `${entry.service.method} ${routeToString(entry.service.route)} ${slot}`;
      const validate = emitted.validators[emitted.validatorNames[index]![slot]!]!;
      const rejections: string[] = [];
      const problem = checkBody(body.schema, body.codec, model.definitions, validate, interpreter, emitted.functions[`encode${typeName}`] as Encoder, emitted.functions[`decode${typeName}`] as Decoder, rejections);
      if (problem !== undefined) problems.push(`${label}: ${problem}`);
      for (const at of rejections) problems.push(`${label}: the generated validator rejects a value the codecs hold (failing at ${at})`);
    }
  });
  return problems;
}

/**
 * The alternatives of every named union, each tried on its own with a few values generated from
 * its JSON schema (a body's random runs reach few of the forty cases of operation contents).
 */
function checkUnionCases(model: CodecModel, emitted: EmittedModule): string[] {
  const interpreter = new Interpreter(model.definitions);
  const problems: string[] = [];
  const bodySchemas = model.services.flatMap((entry) => [entry.input, entry.output, entry.error]).flatMap((body) => (body === undefined ? [] : [body.schema]));
  for (const [name, definition] of model.definitions) {
    const root = bodySchemas.find((schema) => schema.definitions?.[name] !== undefined);
    const alternatives = root?.definitions?.[name]?.oneOf;
    const typeName = emitted.names.definitions.get(name);
    if (root === undefined || alternatives === undefined || typeName === undefined || definition.codec.kind !== "union") continue;
    const encode = emitted.functions[`encode${typeName}`] as Encoder;
    const decode = emitted.functions[`decode${typeName}`] as Decoder;
    const reference = interpreter.definition(name);
    alternatives.forEach((alternative, i) => {
      const arbitrary = schemaArbitrary(alternative, root, { special: baseTypeArbitrary }).map((value) => fitToBinary(value, definition.codec, model.definitions));
      const problem = checkValues(arbitrary, undefined, reference, encode, decode, CASE_RUNS, new Set(), defaultedNames(root));
      if (problem !== undefined) problems.push(`${name} case ${alternative.title ?? i}: ${problem}`);
    });
  }
  return problems;
}

/**
 * Checks one body; `rejections` gets the schema paths at which the generated validator refused
 * a value that the codecs encode and decode faithfully.
 */
function checkBody(schema: JsonSchema, ir: IR, definitions: ReadonlyMap<string, CodecDefinition>, validate: JsonValidator, interpreter: Interpreter, encode: Encoder, decode: Decoder, rejections: string[]): string | undefined {
  const rejected = new Set<string>();
  // A root hash keeps only a title in its schema (describe-format.md §7.6): the codec says which.
  // A body with no content (`unit`) is `{}` whatever it is given.
  // Byte strings get the size the binary layout fixes (the schema does not give it).
  const arbitrary =
    ir.kind === "unit"
      ? fc.constant({})
      : ((ir.kind === "known" ? knownArbitrary(ir.id) : undefined) ?? schemaArbitrary(schema, schema, { special: baseTypeArbitrary }).map((value) => fitToBinary(value, ir, definitions)));
  const problem = checkValues(arbitrary, validate, interpreter.codec(ir), encode, decode, RUNS, rejected, defaultedNames(schema));
  rejections.push(...rejected);
  return problem;
}

/**
 * Runs the values of `arbitrary` through both codecs: the same bytes, decoded back to the same
 * value by both. A value `validate` refuses although the codecs hold it adds to `rejected` the
 * schema path of the refusal.
 */
function checkValues(arbitrary: fc.Arbitrary<unknown>, validate: JsonValidator | undefined, reference: Codec<unknown>, encode: Encoder, decode: Decoder, runs: number, rejected: Set<string>, defaulted: ReadonlySet<string>): string | undefined {
  const result = fc.check(
    fc.property(arbitrary, (value) => {
      const valid = validate === undefined || validate(value) === true;
      const generated = attempt(() => {
        const w = new BinaryWriter();
        encode(w, value);
        return w.finish();
      });
      const interpreted = attempt(() => {
        const w = new BinaryWriter();
        reference.encode(w, value);
        return w.finish();
      });
      // Values the schema accepts but the binary form cannot hold are refused, by both alike.
      // (JSON that fits several cases is also refused by the validator: `oneOf` wants exactly one.)
      if (refusal(generated) !== undefined && refusal(generated) === refusal(interpreted)) return;
      if (!valid) rejected.add(JSON.stringify(validate?.errors?.[0]?.schemaPath));
      if (generated instanceof Error || interpreted instanceof Error) {
        throw new Error(`encoding failed: emitted: ${outcome(generated)}; interpreter: ${outcome(interpreted)}`);
      }
      const hex = bytesToHex(generated);
      if (hex !== bytesToHex(interpreted)) throw new Error(`the emitted encoder wrote ${hex}, the interpreter ${bytesToHex(interpreted)}`);
      const r = new BinaryReader(generated);
      const decoded = decode(r);
      r.expectEnd();
      if (!sameValue(decoded, value, defaulted)) throw new Error(`decoded ${JSON.stringify(decoded)} from ${hex}`);
      const again = reference.decode(new BinaryReader(generated));
      if (!isDeepStrictEqual(again, decoded)) throw new Error(`the interpreter decoded ${JSON.stringify(again)} from ${hex}, the emitted decoder ${JSON.stringify(decoded)}`);
      // A defaulted field left out is written with its default, and left out again by decoding: the same bytes.
      const reencoded = attempt(() => {
        const w = new BinaryWriter();
        encode(w, decoded);
        return w.finish();
      });
      if (reencoded instanceof Error) throw new Error(`the decoded value ${JSON.stringify(decoded)} does not encode: ${reencoded.message}`);
      if (bytesToHex(reencoded) !== hex) {
        // Fields left out can leave a value that fits several cases (`{}` of PUT /config/logging's
        // two cases, each with a list defaulting to `[]`): Octez reads it as the first case, so
        // bytes of another case holding only defaults come back as the first case's. Only such a
        // value may re-encode to other bytes, and those must decode to the same value.
        const canonical = decode(new BinaryReader(reencoded));
        if (isDeepStrictEqual(decoded, value) || !isDeepStrictEqual(canonical, decoded)) throw new Error(`the decoded value ${JSON.stringify(decoded)} encodes to other bytes than ${hex}`);
      }
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
  if (!result.failed) return undefined;
  return `${(result.errorInstance as Error | undefined)?.message ?? String(result.errorInstance)} — value ${JSON.stringify(result.counterexample?.[0])}`.slice(0, 600);
}

/**
 * Why a value the schema accepts has no bytes, when that is the reason of `outcome`: JSON
 * cannot tell which case it is (`{}` of two all-optional objects), its case exists only in
 * JSON, it leaves out a field whose default the schema does not give, or it has no elements
 * where the binary layout fixes their count (the schema does not give it).
 */
function refusal(error: unknown): string | undefined {
  const outcome = error as CodecError;
  if (!(error instanceof Error) || outcome.name !== "EncodeError") return undefined;
  if (outcome.expected === "a value of exactly one case") return "ambiguous";
  if (outcome.expected === "a value with a binary form") return "JSON-only";
  if (outcome.expected.startsWith("a value for this field: JSON may omit it")) return `no default for ${outcome.path}`;
  // A list of a fixed count generated empty: its elements cannot be made up here.
  if (/^exactly \d+ elements$/.test(outcome.expected) && outcome.found === "0") return "a fixed count";
  return undefined;
}

/**
 * Deep equality of a decoded value and the value encoded, where an optional property that
 * runs to the end of its frame and was given an empty list, text or byte string may come back
 * absent: it takes no bytes, as in Octez (whose JSON leaves out such a field holding its
 * default anyway); and a property with a stated default (named in `defaulted`) may come back
 * absent, as Octez's JSON leaves it out when it holds its default (that it held it, and nothing
 * else was lost, the caller checks: the decoded value encodes to the same bytes).
 */
function sameValue(decoded: unknown, value: unknown, defaulted: ReadonlySet<string>): boolean {
  if (isDeepStrictEqual(decoded, value)) return true;
  if (typeof decoded !== "object" || typeof value !== "object" || decoded === null || value === null) return false;
  if (Array.isArray(decoded) !== Array.isArray(value)) return false;
  if (Array.isArray(decoded)) return decoded.length === (value as unknown[]).length && decoded.every((d, i) => sameValue(d, (value as unknown[])[i], defaulted));
  const a = decoded as Record<string, unknown>;
  const b = value as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (Object.hasOwn(a, key)) {
      if (!sameValue(a[key], b[key], defaulted)) return false;
    } else if (!(isDeepStrictEqual(b[key], []) || b[key] === "" || defaulted.has(key))) return false;
  }
  return Object.keys(a).every((key) => Object.hasOwn(b, key));
}

/** The names of the properties that state a `default` anywhere in a body's schema. */
function defaultedNames(schema: JsonSchema): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null) return;
    const properties = (node as JsonSchema).properties;
    if (properties !== undefined) for (const [name, property] of Object.entries(properties)) if (property.default !== undefined) names.add(name);
    Object.values(node).forEach(walk);
  };
  walk(schema);
  return names;
}

function attempt<T>(run: () => T): T | Error {
  try {
    return run();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function outcome(value: unknown): string {
  return value instanceof Error ? value.message : "ok";
}
