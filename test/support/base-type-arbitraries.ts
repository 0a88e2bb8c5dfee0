/**
 * Values of the base types Octez names the same in every protocol (hashes, keys, signatures,
 * contract ids, timestamps, zarith and 64-bit decimals, text, Micheline), for
 * `json-schema-arbitrary.ts`'s `named` option: a JSON schema gives these only as "a string".
 * Each value is made from random bytes of its binary form read by the runtime's codec, so it is
 * in the canonical form the decoders print.
 */
import fc from "fast-check";
import type { JsonSchema } from "../../generator/model/json-schema.ts";
import { KNOWN_BY_ID, knownByJsonName } from "../../generator/reconcile/known-encodings.ts";
import { isMichelineSchema, isUnistring } from "../../generator/reconcile/json-view.ts";
import { BASE58, BinaryReader, contractIdCodec, hashCodec, publicKeyCodec, publicKeyHashCodec, signatureCodec, timestampProtocolCodec, timestampSystemCodec, type Codec } from "../../runtime/index.ts";

/**
 * Values of text (`unistring`, named or inline) and of a definition named after a base type;
 * `undefined` for anything else.
 */
export function baseTypeArbitrary(schema: JsonSchema, name: string | undefined): fc.Arbitrary<unknown> | undefined {
  if (isUnistring({ schema, refs: name === undefined ? [] : [name] })) return unistring;
  if (isMichelineSchema(schema)) return micheline(primitivesOf(schema));
  if (name === undefined) return undefined;
  // An error trace: any JSON (BSON in binary).
  if (name === "error" || name.endsWith(".error")) return fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  if (name === "int64" || name.endsWith(".int64")) return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
  if (/michelson_v1\.expression$/.test(name)) return micheline(primitivesOf(schema));
  const entry = knownByJsonName(name);
  return entry === undefined ? undefined : knownArbitrary(entry.id);
}

/** Values of a known encoding by its id (`block_hash`, `public_key`, `zarith_n`…). */
export function knownArbitrary(id: string): fc.Arbitrary<unknown> | undefined {
  const entry = KNOWN_BY_ID.get(id);
  if (entry === undefined) return undefined;
  if (entry.base58 !== undefined) {
    const length = BASE58[entry.base58].payloadLength;
    const codec = hashCodec(entry.base58) as Codec<unknown>;
    return fc.uint8Array({ minLength: length, maxLength: length }).map((bytes) => read(codec, bytes));
  }
  switch (entry.id) {
    case "public_key_hash":
      return tagged(4, () => 20).map((bytes) => read(publicKeyHashCodec, bytes));
    case "public_key":
      return tagged(3, (tag) => (tag === 0 ? 32 : 33)).map((bytes) => read(publicKeyCodec, bytes));
    case "signature":
      return fc.uint8Array({ minLength: 64, maxLength: 64 }).map((bytes) => read(signatureCodec, bytes));
    case "contract_id":
      return fc.oneof(
        tagged(3, () => 20).map((pkh) => read(contractIdCodec, Uint8Array.of(0, ...pkh))),
        fc.uint8Array({ minLength: 20, maxLength: 20 }).map((hash) => read(contractIdCodec, Uint8Array.of(1, ...hash, 0))),
      );
    case "timestamp_protocol":
      return fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map((s) => read(timestampProtocolCodec, int64Bytes(s)));
    case "timestamp_system":
      return fc.bigInt({ min: 0n, max: 253_402_300_799n }).map((s) => read(timestampSystemCodec, int64Bytes(s)));
    case "zarith_n":
      return fc.bigInt({ min: 0n, max: 2n ** 100n }).map(String);
    case "zarith_z":
      return fc.bigInt({ min: -(2n ** 100n), max: 2n ** 100n }).map(String);
    default:
      return undefined;
  }
}

/** Text: a string, or the bytes of text that is not UTF-8 (starting with 0xff, never valid). */
const unistring: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4 }).map((bytes) => ({ invalid_utf8_string: [0xff, ...bytes] })) },
);

/** A curve tag below `tags` followed by the key (hash) bytes of that curve. */
function tagged(tags: number, length: (tag: number) => number): fc.Arbitrary<Uint8Array> {
  return fc.integer({ min: 0, max: tags - 1 }).chain((tag) => fc.uint8Array({ minLength: length(tag), maxLength: length(tag) }).map((bytes) => Uint8Array.of(tag, ...bytes)));
}

function int64Bytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigInt64(0, value);
  return bytes;
}

function read(codec: Codec<unknown>, bytes: Uint8Array): unknown {
  return codec.decode(new BinaryReader(bytes));
}

/** The primitive names of a Micheline schema (its `prim` enumeration), if it gives them. */
function primitivesOf(schema: JsonSchema): string[] {
  const names = new Set<string>();
  const visit = (s: unknown): void => {
    if (s === null || typeof s !== "object") return;
    const prim = (s as JsonSchema).properties?.["prim"];
    if (prim && Array.isArray(prim.enum)) for (const n of prim.enum) names.add(String(n));
    for (const v of Object.values(s)) visit(v);
  };
  visit(schema);
  return names.size > 0 ? [...names] : ["Pair", "Left", "Right", "Unit", "int", "string", "pair"];
}

/** Micheline expressions: numbers, text, bytes, sequences and primitive applications with annotations. */
function micheline(primitives: readonly string[]): fc.Arbitrary<unknown> {
  const annotation = fc.tuple(fc.constantFrom("%", "@", ":"), fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/)).map(([sigil, name]) => sigil + name);
  return fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => ({ int: String(n) })),
      fc.string({ maxLength: 6 }).map((s) => ({ string: s })),
      fc.uint8Array({ maxLength: 4 }).map((b) => ({ bytes: Buffer.from(b).toString("hex") })),
      fc.array(tie("node"), { maxLength: 2 }),
      fc
        .record(
          { prim: fc.constantFrom(...primitives), args: fc.array(tie("node"), { maxLength: 3 }), annots: fc.array(annotation, { minLength: 1, maxLength: 2 }) },
          { requiredKeys: ["prim"] },
        )
        .map((p) => p as unknown),
    ),
  })).node;
}
