/**
 * Runs the codec IR directly: builds a runtime {@link Codec} for any IR node. The command line
 * uses it to encode and decode with a snapshot it has just read, and the tests use it as the
 * reference the emitted straight-line codecs must agree with.
 */

import {
  BINARY_FORM_EXPECTED,
  joinSignaturePrefix,
  splitSignaturePrefix,
  BinaryReader,
  BinaryWriter,
  DecodeError,
  EncodeError,
  atPath,
  beginDynamicSize,
  closeDynamicFrame,
  closeReservedFrame,
  contractIdCodec,
  decimalToNumber,
  describeValue,
  encodeBson,
  decodeBson,
  hashCodec,
  intCodec,
  openDynamicFrame,
  openReservedFrame,
  publicKeyCodec,
  publicKeyHashCodec,
  readBool,
  readElementCount,
  readFloat,
  readHex,
  readPresence,
  readRangedFloat,
  readRangedInt,
  readRestHex,
  readRestUnistring,
  readTag,
  readUnistring,
  readZarithN,
  readZarithZ,
  signatureCodec,
  skipPadding,
  timestampProtocolCodec,
  timestampSystemCodec,
  variableSignatureCodec,
  writeBool,
  writeElementCount,
  writeFloat,
  writeHex,
  writePadding,
  writePresence,
  writeRangedFloat,
  writeRangedInt,
  writeTag,
  writeUnistring,
  writeZarithN,
  writeZarithZ,
  endDynamicSize,
  selectCaseAfter,
  deeperFailure,
  failJsonOnlyCase,
  checkKnownProperties,
  base58Union,
  type Base58UnionCase,
  pickProperties,
  omitProperties,
  failMissingField,
  type CaseShape,
  type Codec,
  type JsonValue as RuntimeJson,
  type Unistring,
  assignOwnProperties,
  jsonEqual,
  ownProperty,
  setOwnProperty,
  micheline,
  michelineSelfDelimited,
} from "@tezos-rpcgen/runtime";
import { KNOWN_BY_ID } from "../reconcile/known-encodings.ts";
import { fixedSize, type CaseMatch, type CodecDefinition, type IR, type ObjectItem, type Size, type TupleElement, type UnionCase } from "./codec-ir.ts";
import { extendsToFrameEnd } from "./frame-extent.ts";
import { casesToTry, objectPropertyNames, propertiesBesides } from "./case-selection.ts";
import { decodedDefault } from "./decoded-default.ts";

type Value = unknown;
type Definitions = ReadonlyMap<string, CodecDefinition>;

/** Builds codecs for IR nodes of one model; definitions are built lazily and cached, so cycles work. */
export class Interpreter {
  private readonly cache = new Map<string, Codec<Value>>();

  constructor(private readonly definitions: Definitions) {}

  /** The codec of a named definition. */
  definition(name: string): Codec<Value> {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no definition ${name}`);
    let built: Codec<Value> | undefined;
    const lazy: Codec<Value> = {
      decode: (r) => {
        r.enter(name);
        const value = (built ??= this.codec(definition.codec)).decode(r);
        r.leave();
        return value;
      },
      encode: (w, v) => {
        w.enter(name);
        try {
          (built ??= this.codec(definition.codec)).encode(w, v);
        } finally {
          // A union may catch a failed case and try the next: the count must come back down.
          w.leave();
        }
      },
    };
    this.cache.set(name, lazy);
    return lazy;
  }

  /** The codec of an IR node. */
  codec(ir: IR): Codec<Value> {
    switch (ir.kind) {
      case "int": {
        const base = intCodec(ir.size, ir.endianness) as Codec<Value>;
        if (!ir.decimal || ir.size === "Int64") return base;
        return {
          decode: (r) => String(base.decode(r)),
          encode: (w, v) => base.encode(w, decimalToNumber(w, v)),
        };
      }
      case "ranged-int": {
        const le = ir.endianness === "Little";
        return { decode: (r) => readRangedInt(r, ir.min, ir.max, le), encode: (w, v) => writeRangedInt(w, v as number, ir.min, ir.max, le) };
      }
      case "float":
        return { decode: readFloat, encode: (w, v) => writeFloat(w, v as number) };
      case "ranged-float":
        return { decode: (r) => readRangedFloat(r, ir.min, ir.max), encode: (w, v) => writeRangedFloat(w, v as number, ir.min, ir.max) };
      case "bool":
        return { decode: readBool, encode: (w, v) => writeBool(w, v as boolean) };
      case "bytes":
        return sized(ir.size, (r, n) => readHex(r, n), readRestHex, (w, v, n) => writeHex(w, v as string, n));
      case "string":
        return sized(ir.size, (r, n) => readUnistring(r, n), readRestUnistring, (w, v, n) => writeUnistring(w, v as Unistring, n));
      case "known":
        return knownCodec(ir.id, ir.size, ir.params);
      case "object": {
        const object = this.object(ir.items, true, ir.jsonOnly);
        if (ir.signatureSplit !== true) return object;
        return { decode: (r) => joinSignaturePrefix(object.decode(r)), encode: (w, v) => object.encode(w, splitSignaturePrefix(v)) };
      }
      case "tuple":
        return this.tuple(ir.elements);
      case "list":
        return this.list(ir);
      case "union":
        return this.union(ir.tagSize, ir.cases, ir.jsonOnlyCases.map((c) => ({ title: c.title, match: c.match })));
      case "option": {
        const some = this.codec(ir.some);
        return {
          decode: (r) => (readTag(r, "Uint8") === 0 ? null : some.decode(r)),
          encode: (w, v) => {
            if (v === null || v === undefined) writeTag(w, "Uint8", 0);
            else {
              writeTag(w, "Uint8", 1);
              some.encode(w, v);
            }
          },
        };
      }
      case "enum": {
        const byCode = new Map(ir.values.map((v) => [v.code, v.name]));
        const byName = new Map(ir.values.map((v) => [v.name, v.code]));
        const width = ir.size;
        const reader = intCodec(width) as Codec<number>;
        return {
          decode: (r) => {
            const at = r.offset;
            const code = reader.decode(r);
            const name = byCode.get(code);
            if (name === undefined) throw new DecodeError(`one of the codes ${[...byCode.keys()].join(", ")}`, `code ${code}`, at);
            return name;
          },
          encode: (w, v) => {
            const code = typeof v === "string" ? byName.get(v) : undefined;
            if (code === undefined) throw new EncodeError(`one of ${[...byName.keys()].map((n) => JSON.stringify(n)).join(", ")}`, describeValue(v), w.length);
            reader.encode(w, code);
          },
        };
      }
      case "constant":
        return {
          decode: () => structuredClone(ir.value),
          encode: (w, v) => {
            if (v !== undefined && !jsonEqual(v, ir.value)) throw new EncodeError(`the constant ${JSON.stringify(ir.value)}`, describeValue(v), w.length);
          },
        };
      case "unit":
        return { decode: () => ({}), encode: () => {} };
      case "dynamic": {
        const inner = this.codec(ir.inner);
        return {
          decode: (r) => {
            const outer = openDynamicFrame(r, ir.header);
            const value = inner.decode(r);
            closeDynamicFrame(r, outer);
            return value;
          },
          encode: (w, v) => {
            const mark = beginDynamicSize(w, ir.header);
            inner.encode(w, v);
            endDynamicSize(w, ir.header, mark);
          },
        };
      }
      case "padded": {
        const inner = this.codec(ir.inner);
        return {
          decode: (r) => {
            const value = inner.decode(r);
            skipPadding(r, ir.bytes);
            return value;
          },
          encode: (w, v) => {
            inner.encode(w, v);
            writePadding(w, ir.bytes);
          },
        };
      }
      case "ref":
        return this.definition(ir.name);
      case "any-json":
        return sized(
          ir.size,
          (r, n) => decodeBsonAt(r, r.offset + n),
          (r) => decodeBsonAt(r, r.end),
          (w, v, n) => {
            const bytes = encodeBson(v as RuntimeJson);
            if (n !== undefined && bytes.length !== n) throw new EncodeError(`a BSON document of ${n} bytes`, `${bytes.length} bytes`, w.length);
            w.raw(bytes);
          },
        );
      case "json-only":
        return {
          decode: (r) => {
            throw new DecodeError(BINARY_FORM_EXPECTED, `a value that exists only in JSON (${ir.reason})`, r.offset);
          },
          encode: (w) => {
            throw new EncodeError(BINARY_FORM_EXPECTED, `a value that exists only in JSON (${ir.reason})`, w.length);
          },
        };
    }
  }

  /** Bytes the items after position `index` of a group always take (they sit at the end of the frame). */
  private trailing(items: readonly { size: number | undefined }[], index: number, what: string): number {
    let total = 0;
    for (let i = index + 1; i < items.length; i++) {
      const size = items[i]!.size;
      if (size === undefined) throw new Error(`${what}: a value that extends to the end of its frame is followed by one of variable size`);
      total += size;
    }
    return total;
  }

  /**
   * Runs the decoding steps of an object or tuple into `out`; a step that runs to the end of its
   * frame reads inside a frame that keeps back the bytes of the fixed-size steps after it.
   */
  private stepsDecoder<Out>(
    steps: ReadonlyArray<{ size: number | undefined; extends: boolean; decode: (r: BinaryReader, out: Out) => void }>,
    what: string,
  ): (r: BinaryReader, out: Out) => Out {
    const reserves = steps.map((step, i) => (step.extends ? this.trailing(steps, i, what) : 0));
    return (r, out) => {
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        const reserve = reserves[i]!;
        if (reserve > 0) {
          const outer = openReservedFrame(r, reserve);
          step.decode(r, out);
          closeReservedFrame(r, outer);
        } else step.decode(r, out);
      }
      return out;
    };
  }

  /** An object of `items`; `closed` refuses properties it does not have (not for a frame's items, which are part of an enclosing object). */
  private object(items: readonly ObjectItem[], closed = true, jsonOnly?: readonly string[], enclosing: readonly ObjectItem[] = items): Codec<Value> {
    type Step = { size: number | undefined; extends: boolean; decode: (r: BinaryReader, out: Record<string, unknown>) => void; encode: (w: BinaryWriter, value: Record<string, unknown>) => void };
    const steps: Step[] = items.map((item): Step => {
      switch (item.kind) {
        case "field": {
          const codec = this.codec(item.codec);
          const name = item.name;
          const size = item.presence === "required" ? fixedSize(item.codec, this.definitions) : undefined;
          const extendsToEnd = extendsToFrameEnd(item.codec, this.definitions) || item.presence === "rest-of-frame";
          // A field with a stated default is left out when it holds it, as Octez's JSON does (computed
          // on first use: the field's codec may refer to a definition still being built).
          let stated: { value: unknown } | undefined;
          const holdsDefault = (v: unknown): boolean => item.default !== undefined && jsonEqual(v, (stated ??= { value: decodedDefault(codec, item.default) }).value);
          return {
            size,
            extends: extendsToEnd,
            decode: (r, out) => {
              try {
                if (item.presence === "indicator" && !readPresence(r)) return;
                if (item.presence === "rest-of-frame" && r.remaining() === 0) return;
                const v = codec.decode(r);
                if (!holdsDefault(v)) setOwnProperty(out, name, v);
              } catch (error) {
                atPath(error, name, "decode", r.offset);
              }
            },
            encode: (w, value) => {
              const v = ownProperty(value, name);
              try {
                if (item.presence === "indicator") {
                  writePresence(w, v !== undefined);
                  if (v === undefined) return;
                } else if (item.presence === "rest-of-frame") {
                  if (v === undefined) return;
                } else if (v === undefined) {
                  if (item.default !== undefined) return codec.encode(w, item.default);
                  failMissingField(w, item.jsonOptional === true);
                }
                codec.encode(w, v);
              } catch (error) {
                atPath(error, name, "encode", w.length);
              }
            },
          };
        }
        case "constant":
          return {
            size: 0,
            extends: false,
            decode: (_r, out) => {
              setOwnProperty(out, item.name, structuredClone(item.value));
            },
            encode: (w, value) => {
              const v = ownProperty(value, item.name);
              if (v !== undefined && !jsonEqual(v, item.value)) {
                throw new EncodeError(`the constant ${JSON.stringify(item.value)}`, describeValue(v), w.length).prepend(item.name);
              }
            },
          };
        case "frame": {
          // A frame's items are the enclosing object's: a union merged in the frame sees the value without that object's other fields.
          const inner = this.object(item.items, false, undefined, enclosing);
          const first = objectPropertyNames(item.items.filter((i) => i.kind !== "constant"), this.definitions)?.[0];
          return {
            size: undefined,
            extends: false,
            decode: (r, out) => {
              let outer: number;
              try {
                outer = openDynamicFrame(r, item.header);
              } catch (error) {
                // A failure in the length header is the first framed field's.
                if (first === undefined) throw error;
                atPath(error, first, "decode", r.offset);
              }
              assignOwnProperties(out, inner.decode(r) as Record<string, unknown>);
              closeDynamicFrame(r, outer);
            },
            encode: (w, value) => {
              const mark = beginDynamicSize(w, item.header);
              inner.encode(w, value);
              endDynamicSize(w, item.header, mark);
            },
          };
        }
        case "padding":
          return { size: item.bytes, extends: false, decode: (r) => skipPadding(r, item.bytes), encode: (w) => writePadding(w, item.bytes) };
        case "merge": {
          const inner = this.codec(item.codec);
          // The merged object's encoder sees only its own properties (it refuses others); a merged
          // union sees the value without the enclosing object's own fields.
          const names = objectPropertyNames([item], this.definitions);
          const own = names ? undefined : propertiesBesides(enclosing, item, this.definitions);
          return {
            size: fixedSize(item.codec, this.definitions),
            extends: extendsToFrameEnd(item.codec, this.definitions),
            decode: (r, out) => assignOwnProperties(out, inner.decode(r) as Record<string, unknown>),
            encode: (w, value) => inner.encode(w, names ? pickProperties(value, names) : own!.length > 0 ? omitProperties(value, own!) : value),
          };
        }
      }
    });
    const decodeSteps = this.stepsDecoder(steps, "object");
    const names = closed ? objectPropertyNames(items, this.definitions) : undefined;
    const known = names && new Set(names);
    const jsonOnlyNames = jsonOnly && new Set(jsonOnly);
    return {
      decode: (r) => decodeSteps(r, {}),
      encode: (w, v) => {
        if (v === null || typeof v !== "object" || Array.isArray(v)) throw new EncodeError("an object", describeValue(v), w.length);
        if (known) checkKnownProperties(w, v, known, jsonOnlyNames);
        for (const step of steps) step.encode(w, v as Record<string, unknown>);
      },
    };
  }

  private tuple(elements: readonly TupleElement[]): Codec<Value> {
    type Step = { size: number | undefined; extends: boolean; takes: number; decode: (r: BinaryReader, out: unknown[]) => void; encode: (w: BinaryWriter, value: readonly unknown[], at: number) => number };
    const steps: Step[] = elements.map((element): Step => {
      switch (element.kind) {
        case "element": {
          const codec = this.codec(element.codec);
          return {
            size: fixedSize(element.codec, this.definitions),
            extends: extendsToFrameEnd(element.codec, this.definitions),
            takes: 1,
            decode: (r, out) => {
              try {
                out.push(codec.decode(r));
              } catch (error) {
                atPath(error, out.length, "decode", r.offset);
              }
            },
            encode: (w, value, at) => {
              try {
                codec.encode(w, value[at]);
              } catch (error) {
                atPath(error, at, "encode", w.length);
              }
              return 1;
            },
          };
        }
        case "frame": {
          const inner = this.tuple(element.elements);
          const count = countElements(element.elements);
          return {
            size: undefined,
            extends: false,
            takes: count,
            decode: (r, out) => {
              const outer = openDynamicFrame(r, element.header);
              out.push(...(inner.decode(r) as unknown[]));
              closeDynamicFrame(r, outer);
            },
            encode: (w, value, at) => {
              const mark = beginDynamicSize(w, element.header);
              inner.encode(w, value.slice(at, at + count));
              endDynamicSize(w, element.header, mark);
              return count;
            },
          };
        }
        case "padding":
          return { size: element.bytes, extends: false, takes: 0, decode: (r) => skipPadding(r, element.bytes), encode: (w) => (writePadding(w, element.bytes), 0) };
      }
    });
    const decodeSteps = this.stepsDecoder(steps, "tuple");
    const total = countElements(elements);
    return {
      decode: (r) => decodeSteps(r, []),
      encode: (w, v) => {
        if (!Array.isArray(v) || v.length !== total) throw new EncodeError(`an array of ${total} elements`, describeValue(v), w.length);
        let at = 0;
        for (const step of steps) at += step.encode(w, v, at);
      },
    };
  }

  private list(ir: Extract<IR, { kind: "list" }>): Codec<Value> {
    const element = this.codec(ir.element);
    const limit = ir.limit;
    const exactly = limit?.kind === "exactly" ? limit.count : undefined;
    const atMost = limit?.kind === "at-most" ? limit.max : Infinity;
    const count = ir.count;
    return {
      decode: (r) => {
        const out: unknown[] = [];
        const expected = count !== undefined ? readElementCount(r, count, atMost) : exactly;
        while (expected !== undefined ? out.length < expected : r.remaining() > 0) {
          if (out.length >= atMost) throw new DecodeError(`at most ${atMost} elements`, "more", r.offset);
          const before = r.offset;
          try {
            out.push(element.decode(r));
          } catch (error) {
            atPath(error, out.length, "decode", r.offset);
          }
          if (r.offset === before && expected === undefined) throw new DecodeError("elements that take bytes", "an element of zero bytes", r.offset);
        }
        return out;
      },
      encode: (w, v) => {
        if (!Array.isArray(v)) throw new EncodeError("an array", describeValue(v), w.length);
        if (exactly !== undefined && v.length !== exactly) throw new EncodeError(`exactly ${exactly} elements`, `${v.length}`, w.length);
        if (v.length > atMost) throw new EncodeError(`at most ${atMost} elements`, `${v.length}`, w.length);
        if (count !== undefined) writeElementCount(w, count, v.length);
        v.forEach((item, i) => {
          try {
            element.encode(w, item);
          } catch (error) {
            atPath(error, i, "encode", w.length);
          }
        });
      },
    };
  }

  private union(tagSize: "Uint8" | "Uint16", cases: readonly UnionCase[], jsonOnly: readonly { title: string; match: CaseMatch }[]): Codec<Value> {
    const byTag = new Map<number, { name: string; codec: Codec<Value> }>();
    for (const c of cases) byTag.set(c.tag, { name: c.name, codec: this.codec(c.payload) });
    const candidates = [...cases.map((c) => ({ match: c.match, tag: c.tag as number | undefined, name: c.name, payload: c.payload as IR | undefined })), ...jsonOnly.map((c) => ({ match: c.match, tag: undefined, name: c.title, payload: undefined }))];
    const names = candidates.map((c) => c.name);
    const compact = casesToTry(candidates);
    const selected = candidates.filter((c): c is (typeof c & { match: CaseShape }) => c.match.kind !== "first-that-fits");
    const shapes = selected.map((c) => c.match);
    return {
      decode: (r) => {
        const at = r.offset;
        const tag = readTag(r, tagSize);
        const found = byTag.get(tag);
        if (!found) throw new DecodeError(cases.length === 0 ? "a value with a binary form (every case of this union exists only in JSON)" : `one of the tags ${[...byTag.keys()].join(", ")}`, `tag ${tag}`, at);
        return found.codec.decode(r);
      },
      encode: (w, v) => {
        const start = w.length;
        // A compact encoding, or cases whose JSON shapes overlap: the first case that encodes the value.
        let failure: unknown;
        for (const candidate of compact) {
          writeTag(w, tagSize, candidate.tag!);
          try {
            return byTag.get(candidate.tag!)!.codec.encode(w, v);
          } catch (error) {
            failure = deeperFailure(failure, error);
            w.length = start;
          }
        }
        if (shapes.length === 0) {
          if (failure) throw failure;
          throw new EncodeError(`a value of one of the cases ${names.join(", ")}`, describeValue(v), w.length);
        }
        const candidate = selected[selectCaseAfter(w, v, shapes, selected.map((c) => c.name), failure)]!;
        if (candidate.tag === undefined) failJsonOnlyCase(w, candidate.name);
        writeTag(w, tagSize, candidate.tag);
        byTag.get(candidate.tag)!.codec.encode(w, v);
      },
    };
  }
}

function countElements(elements: readonly TupleElement[]): number {
  let n = 0;
  for (const e of elements) n += e.kind === "element" ? 1 : e.kind === "frame" ? countElements(e.elements) : 0;
  return n;
}


function decodeBsonAt(r: BinaryReader, end: number): unknown {
  const start = r.offset;
  r.need(end - start, "a BSON document");
  const value = decodeBson(r.bytes, {}, start, end);
  r.offset = end;
  return value;
}

/** A codec over a byte size that is fixed or extends to the end of the frame. */
function sized(size: Size, fixed: (r: BinaryReader, n: number) => unknown, rest: (r: BinaryReader) => unknown, write: (w: BinaryWriter, v: unknown, n: number | undefined) => void): Codec<Value> {
  if (size.kind === "self-delimited") throw new Error("a byte or text value needs a fixed size or a frame");
  if (size.kind === "fixed") {
    const n = size.bytes;
    return { decode: (r) => fixed(r, n), encode: (w, v) => write(w, v, n) };
  }
  return { decode: rest, encode: (w, v) => write(w, v, undefined) };
}

/** Runtime codecs of the known encodings. */
function knownCodec(id: string, size: Size, params: unknown): Codec<Value> {
  const entry = KNOWN_BY_ID.get(id);
  if (!entry) throw new Error(`unknown known encoding ${id}`);
  if (entry.base58) return hashCodec(entry.base58) as Codec<Value>;
  switch (id) {
    case "public_key_hash":
      return publicKeyHashCodec as Codec<Value>;
    case "public_key":
      return publicKeyCodec as Codec<Value>;
    case "signature":
      return (size.kind === "fixed" ? signatureCodec : variableSignatureCodec) as Codec<Value>;
    case "contract_id":
      return contractIdCodec as Codec<Value>;
    case "base58_union": {
      const { tagSize, cases } = params as { tagSize: "Uint8" | "Uint16"; cases: Base58UnionCase[] };
      return base58Union(tagSize, cases) as Codec<Value>;
    }
    case "timestamp_protocol":
      return timestampProtocolCodec as Codec<Value>;
    case "timestamp_system":
      return timestampSystemCodec as Codec<Value>;
    case "zarith_n":
      return { decode: readZarithN, encode: (w, v) => writeZarithN(w, v as string) };
    case "zarith_z":
      return { decode: readZarithZ, encode: (w, v) => writeZarithZ(w, v as string) };
    case "micheline": {
      const primitives = (params as { primitives?: string[] } | undefined)?.primitives;
      // A structured expression inside a larger value (a big map key) delimits itself; a lazy one fills its frame.
      return (size.kind === "self-delimited" ? michelineSelfDelimited : micheline)(primitives ? { primitives } : {}) as Codec<Value>;
    }
    default:
      throw new Error(`no runtime codec for known encoding ${id}`);
  }
}
