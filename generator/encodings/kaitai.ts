/**
 * Octez's Kaitai Struct files (`octez-codec dump kaitai`, protocols 005–025) read back into the
 * describe answer's binary-schema form, the layout describe gives for the same Data_encoding
 * value.
 *
 * Octez writes a small, regular subset of Kaitai, and each construct stands for one
 * data-encoding form:
 *
 * | Kaitai | binary schema |
 * |---|---|
 * | `size: n` without `type` | Bytes of fixed size n (`…_padding` with its "padding" doc: Padding) |
 * | `size-eos: true` | Bytes or a value running to the end of the frame (Variable) |
 * | `len_X` (`u1`/`u2be`/`u4be`) then `X` with `size: len_X` | a `dyn` header (Uint8/Uint16/Uint30) and the field |
 * | `u1`, `s1`, `u2be`, `s2be`, `s4be`, `s8be`; `valid: {min, max}` | Int; RangedInt |
 * | `u1` with `enum: bool` | Bool |
 * | `X_tag` `enum: bool`, then `X` with `if: (X_tag == bool::true)` | an `option_indicator` and the field |
 * | a type whose seq is a tag with `enum: E` and fields with `if: (tag == E::c)` | a Cases union, cases named by E |
 * | a tag with `enum: E` and no field depending on it | an Enum layout over an Int_enum E |
 * | the `n` and `z` types (`n_chunk` groups) | `Ref` to `N.t` / `Z.t` (zarith) |
 * | `repeat: eos` | Seq filling its frame |
 * | a type with one attribute | that attribute's layout (data-encoding describes a one-field object by its field) |
 * | an attribute named after a definition (`id_024__pttallin__…`, an imported file's id) | the definition's fields in place (`merge_objs`), or its value when it is a union |
 * | a type whose attributes are `<type>_field0`, `<type>_field1`… | a tuple: one value, also as a union case's payload |
 * | a root of one definition-named attribute behind a length header | a `Ref` to that definition (the `def`'s name kept) |
 *
 * Type and case names go back to data-encoding's: `id_024__pttallin__operation__alpha__contents`
 * is `024-PtTALLiN.operation.alpha.contents` (the protocol's spelling is taken from the files'
 * `Encoding id:` lines, so any protocol reads the same way). Anything outside this subset is a
 * {@link EncodingSourceError} naming the file and the attribute.
 */

import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { rawString, type RawBinarySchema, type RawCase, type RawDataKind, type RawEncoding, type RawField, type RawLayout } from "../describe/raw.ts";
import { EncodingSourceError, type RegisteredEncoding } from "./registered.ts";
import { KNOWN_ENCODINGS } from "../reconcile/known-encodings.ts";
import { HASH_DEFINITIONS } from "@tezos-rpcgen/runtime";

interface KsyAttribute {
  id: string;
  type?: string;
  size?: number | string;
  "size-eos"?: boolean;
  repeat?: string;
  if?: string;
  enum?: string;
  valid?: { min?: number; max?: number };
  doc?: string;
}

interface KsyType {
  seq: KsyAttribute[];
}

type KsyEnum = Record<string, string | { id: string }>;

interface KsyFile {
  meta: { id: string; endian?: string; imports?: string[] };
  doc?: string;
  types?: Record<string, KsyType>;
  enums?: Record<string, KsyEnum>;
  seq: KsyAttribute[];
}

/** One parsed `.ksy` file with where it came from. */
interface LoadedKsy {
  file: string;
  ksy: KsyFile;
  /** The codec id of its `doc` (`Encoding id: …`). */
  encodingId: string;
  description?: string;
}

/** Reads every `.ksy` file of a folder (imports resolve between them). */
export function readKaitaiFolder(folder: string): RegisteredEncoding[] {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith(".ksy"))
    .sort();
  if (names.length === 0) throw new EncodingSourceError(folder, "no .ksy file in this folder");
  return readKaitaiFiles(names.map((name) => ({ file: join(folder, name), text: readFileSync(join(folder, name), "utf8") })));
}

/** Reads Kaitai files given as text: one registered encoding per file, in file order. */
export function readKaitaiFiles(files: ReadonlyArray<{ file: string; text: string }>): RegisteredEncoding[] {
  const loaded = files.map(({ file, text }) => loadKsy(file, text));
  const byId = new Map(loaded.map((entry) => [entry.ksy.meta.id, entry]));
  const names = new NameMap(loaded.map((entry) => entry.encodingId));
  return loaded.map((entry) => {
    const binary = new SchemaBuilder(entry, byId, names).build();
    const encoding: RegisteredEncoding = { id: entry.encodingId, binary, textAsBytes: true };
    if (entry.description !== undefined) encoding.description = entry.description;
    return encoding;
  });
}

function loadKsy(file: string, text: string): LoadedKsy {
  let ksy: KsyFile;
  try {
    ksy = parseYaml(text) as KsyFile;
    // Enum names are names, whatever YAML would make of them (`False`, `None` and `True` are
    // Michelson primitives): they are read again with every scalar a string.
    const names = parseYaml(text, { schema: "failsafe" }) as { enums?: KsyFile["enums"] } | null;
    if (ksy !== null && typeof ksy === "object" && names?.enums !== undefined) ksy.enums = names.enums;
  } catch (error) {
    throw new EncodingSourceError(file, `not YAML: ${(error as Error).message}`);
  }
  if (ksy === null || typeof ksy !== "object" || typeof ksy.meta?.id !== "string" || !Array.isArray(ksy.seq)) {
    throw new EncodingSourceError(file, "not a Kaitai Struct file (meta.id and seq are required)");
  }
  if (ksy.meta.endian !== undefined && ksy.meta.endian !== "be") throw new EncodingSourceError(file, `endianness ${ksy.meta.endian} (Octez writes big-endian layouts)`);
  const doc = typeof ksy.doc === "string" ? ksy.doc : "";
  const match = /Encoding id: (\S+)/.exec(doc);
  if (!match) throw new EncodingSourceError(file, "its doc has no `Encoding id:` line");
  const description = /Description: ([^\n]+)/.exec(doc)?.[1]?.trim();
  return description === undefined ? { file: basename(file), ksy, encodingId: match[1]! } : { file: basename(file), ksy, encodingId: match[1]!, description };
}

/**
 * Kaitai identifiers back to data-encoding names. Kaitai ids are lowercase with `__` for `.` and
 * a protocol `024-PtTALLiN` written `024__pttallin`; the protocols' spellings come from the codec
 * ids of the files read.
 */
class NameMap {
  private readonly protocols = new Map<string, string>();

  constructor(encodingIds: readonly string[]) {
    for (const id of encodingIds) {
      for (const protocol of id.match(/\d{3}-[A-Za-z0-9]{8}/g) ?? []) this.protocols.set(protocol.toLowerCase().replace("-", "__"), protocol);
    }
  }

  /** `id_024__pttallin__operation__alpha__contents` → `024-PtTALLiN.operation.alpha.contents`. */
  definitionName(kaitaiId: string): string {
    let name = kaitaiId.replace(/^id_(?=\d{3}__)/, "");
    for (const [escaped, protocol] of this.protocols) name = name.split(escaped).join(protocol);
    return name.replace(/__/g, ".");
  }
}

/**
 * A union case holding one base type (a hash, a key) names its field after the type, and Kaitai
 * lowercases the name (`contract_hash`, `signature__v2__public_key_hash`): the data-encoding
 * spelling comes back, so a union of hashes is recognised as describe's would be.
 */
const BASE_TYPE_NAMES: ReadonlyMap<string, string> = new Map(
  [...Object.keys(HASH_DEFINITIONS), ...KNOWN_ENCODINGS.flatMap((entry) => entry.names)].map((name) => [name.toLowerCase().replace(/\./g, "__"), name]),
);

/** A field list, in the describe answer's form. */
type Fields = RawField[];

const INTEGERS: Record<string, { size: "Int8" | "Uint8" | "Int16" | "Uint16" | "Int32" | "Int64"; bytes: number }> = {
  u1: { size: "Uint8", bytes: 1 },
  s1: { size: "Int8", bytes: 1 },
  u2be: { size: "Uint16", bytes: 2 },
  s2be: { size: "Int16", bytes: 2 },
  s4be: { size: "Int32", bytes: 4 },
  s8be: { size: "Int64", bytes: 8 },
};

const LENGTH_HEADERS: Record<string, "Uint8" | "Uint16" | "Uint30"> = { u1: "Uint8", u2be: "Uint16", u4be: "Uint30" };

/** Zarith types Octez writes in every file, and their describe names. */
const ZARITH: Record<string, string> = { n: "N.t", z: "Z.t" };
const ZARITH_DEFINITIONS: Record<string, string> = {
  "N.t": "A variable-length sequence of bytes encoding a Zarith natural number. Each byte has a running unary size bit: the most significant bit of each byte indicates whether this is the last byte in the sequence (0) or whether the sequence continues (1). Size bits ignored, the data is the binary representation of the number in little-endian order.",
  "Z.t": "A variable-length sequence of bytes encoding a Zarith integer. Each byte has a running unary size bit: the most significant bit of each byte indicates whether this is the last byte in the sequence (0) or whether the sequence continues (1). The second most significant bit of the first byte is reserved for the sign (0 for positive, 1 for negative). Size and sign bits ignored, the data is the binary representation of the absolute value of the number in little-endian order.",
};

/** A type found from some file's scope: the file that declares it and its name there. */
interface ScopedType {
  owner: LoadedKsy;
  name: string;
  type: KsyType;
  /** True for an imported file's root sequence. */
  root: boolean;
}

/** Builds the binary schema of one file (its root sequence and every type it reaches). */
class SchemaBuilder {
  private readonly definitions = new Map<string, RawEncoding>();
  /** Definition title of each scoped type already defined (or being defined). */
  private readonly titles = new Map<string, string>();
  /** The scoped type each definition title was first made from. */
  private readonly definers = new Map<string, ScopedType>();
  /** Scoped types being laid out in place (a guard against a type merging itself). */
  private readonly inlining = new Set<string>();

  constructor(
    private readonly entry: LoadedKsy,
    private readonly files: ReadonlyMap<string, LoadedKsy>,
    private readonly names: NameMap,
  ) {}

  build(): RawBinarySchema {
    const toplevel: RawEncoding = { fields: this.namedRoot(this.sequence(this.entry, this.entry.ksy.seq, "seq", true)) };
    return { toplevel, fields: [...this.definitions].map(([title, encoding]) => ({ description: descriptionOf(title), encoding })) };
  }

  /**
   * A root that is one attribute named after a definition, laid out in place behind a length
   * header (`receipt.balance_updates` is the framed list `operation_metadata.alpha.balance_updates`),
   * keeps the definition's name: the root refers to a definition of that title holding its
   * fields, as describe names a `def`, so its JSON can be the published definition of that name.
   */
  private namedRoot(fields: Fields): Fields {
    const seq = this.entry.ksy.seq;
    const only = seq.length === 1 ? seq[0]! : undefined;
    const header = fields[0];
    if (only === undefined || !this.namesDefinition(only.id) || header?.kind !== "dyn" || header.num_fields !== fields.length - 1) return fields;
    const title = this.names.definitionName(only.id);
    if (this.definitions.has(title)) return fields;
    this.definitions.set(title, { fields });
    return [{ kind: "anon", layout: { kind: "Ref", name: title }, data_kind: { kind: "Dynamic" } }];
  }

  private fail(owner: LoadedKsy, where: string, problem: string): never {
    throw new EncodingSourceError(`${owner.file} ${where}`, problem);
  }

  // ------------------------------------------------------------- scopes

  /** Finds a user type named from `owner`: its own types, then the roots and types of what it imports. */
  private lookup(owner: LoadedKsy, name: string, seen = new Set<string>()): ScopedType | undefined {
    const local = owner.ksy.types?.[name];
    if (local) return { owner, name, type: local, root: false };
    seen.add(owner.ksy.meta.id);
    for (const imported of owner.ksy.meta.imports ?? []) {
      const file = this.files.get(imported);
      if (!file || seen.has(imported)) continue;
      if (imported === name) return { owner: file, name, type: { seq: file.ksy.seq }, root: true };
      const found = this.lookup(file, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  private enumOf(owner: LoadedKsy, name: string, seen = new Set<string>()): KsyEnum | undefined {
    const local = owner.ksy.enums?.[name];
    if (local) return local;
    seen.add(owner.ksy.meta.id);
    for (const imported of owner.ksy.meta.imports ?? []) {
      const file = this.files.get(imported);
      if (!file || seen.has(imported)) continue;
      const found = this.enumOf(file, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  /** True for an attribute id that names a definition rather than a JSON property. */
  private namesDefinition(id: string): boolean {
    return /^id_\d{3}__/.test(id) || /^micheline__/.test(id) || this.files.has(id);
  }

  // ------------------------------------------------------------- sequences

  /**
   * The fields of a sequence. `alone` is true when the sequence is a whole value (a root, a
   * union case, a frame's content), where a single attribute named after a definition is that
   * definition's value rather than merged fields.
   */
  private sequence(owner: LoadedKsy, given: readonly KsyAttribute[], where: string, alone: boolean): Fields {
    const seq = withSignatureSplitNamed(given);
    const fields: Fields = [];
    const significant = seq.length;
    for (let i = 0; i < seq.length; i++) {
      const attribute = seq[i]!;
      const at = `${where}/${attribute.id}`;
      const next = seq[i + 1];
      // A length header and the field it frames.
      if (next !== undefined && typeof next.size === "string" && next.size === attribute.id) {
        const size = LENGTH_HEADERS[attribute.type ?? ""];
        if (size === undefined) this.fail(owner, at, `length header of type ${attribute.type ?? "(none)"}`);
        const framed = this.attribute(owner, next, `${where}/${next.id}`, significant === 2 && alone, true);
        fields.push(framed.named ? { kind: "dyn", name: next.id, num_fields: framed.fields.length, size } : { kind: "dyn", num_fields: framed.fields.length, size }, ...framed.fields);
        i++;
        continue;
      }
      // A value running to the end of its frame is present when bytes are left: Octez's Kaitai
      // files show a presence tag for it (data-encoding's `varopt`) that the bytes do not have.
      if (attribute.enum === "bool" && next?.if === `(${attribute.id} == bool::true)` && next["size-eos"] === true) {
        fields.push(...this.attribute(owner, { ...next, if: undefined }, `${where}/${next.id}`, false, false).fields);
        i++;
        continue;
      }
      // A presence byte and the optional field.
      if (attribute.enum === "bool" && next?.if === `(${attribute.id} == bool::true)`) {
        const optional = this.attribute(owner, { ...next, if: undefined }, `${where}/${next.id}`, false, false);
        let value = optional.fields;
        if (value.length !== 1) {
          // A framed optional value: the presence byte must precede one field, so the frame
          // becomes a definition of its own.
          const title = this.names.definitionName(next.type ?? `${where.split("/").pop()}.${next.id}`);
          const content = value.map((f): RawField => (f.kind === "named" ? { kind: "anon", layout: f.layout, data_kind: f.data_kind } : f.kind === "dyn" ? { kind: "dyn", num_fields: f.num_fields, size: f.size } : f));
          this.definitions.set(title, { fields: content });
          value = [{ kind: "named", name: next.id, layout: { kind: "Ref", name: title }, data_kind: { kind: "Dynamic" } }];
        }
        fields.push({ kind: "option_indicator", name: next.id }, ...value);
        i++;
        continue;
      }
      // A tag inside a sequence, with the fields that depend on it: an anonymous union.
      if (attribute.enum !== undefined && attribute.enum !== "bool" && seq.slice(i + 1).some((a) => a.if?.startsWith(`(${attribute.id} ==`))) {
        const dependent = seq.slice(i + 1).filter((a) => a.if?.startsWith(`(${attribute.id} ==`));
        const title = this.names.definitionName(`${where.split("/").pop()}.${attribute.id}`);
        const union = this.union(owner, attribute, dependent, at);
        this.definitions.set(title, union);
        fields.push({ kind: "anon", layout: { kind: "Ref", name: title }, data_kind: unionDataKind(union) });
        i += dependent.length;
        continue;
      }
      if (attribute.if !== undefined) this.fail(owner, at, `condition ${attribute.if} that is neither an option nor a union case`);
      fields.push(...this.attribute(owner, attribute, at, seq.length === 1 && alone, false).fields);
    }
    return fields;
  }

  /**
   * The fields of one attribute. `whole`: the attribute is the whole value of its sequence;
   * `framed`: a length header precedes it.
   */
  private attribute(owner: LoadedKsy, attribute: KsyAttribute, at: string, whole: boolean, framed: boolean): { fields: Fields; named: boolean } {
    const anonymous = this.namesDefinition(attribute.id);
    const field = (layout: RawLayout, dataKind: RawDataKind): RawField =>
      anonymous ? { kind: "anon", layout, data_kind: dataKind } : { kind: "named", name: attribute.id, layout, data_kind: dataKind };
    if (attribute.type === undefined) {
      if (typeof attribute.size === "number") {
        if (/padding$/.test(attribute.id) && /padding/.test(attribute.doc ?? "")) return { fields: [{ kind: "named", name: "padding", layout: { kind: "Padding" }, data_kind: { kind: "Fixed", size: attribute.size } }], named: true };
        return { fields: [field({ kind: "Bytes" }, { kind: "Fixed", size: attribute.size })], named: !anonymous };
      }
      if (attribute["size-eos"] === true || framed) return { fields: [field({ kind: "Bytes" }, { kind: "Variable" })], named: !anonymous };
      this.fail(owner, at, "bytes without a size");
    }
    if (attribute.repeat !== undefined && attribute.repeat !== "eos") this.fail(owner, at, `repeat: ${attribute.repeat}`);
    // A type that is a length header and one framed attribute is that frame around this field.
    const wrapper = attribute.repeat === undefined && ZARITH[attribute.type] === undefined ? this.lookup(owner, attribute.type) : undefined;
    const [header, content] = wrapper?.type.seq ?? [];
    if (wrapper && wrapper.type.seq.length === 2 && header !== undefined && content !== undefined && content.size === header.id && LENGTH_HEADERS[header.type ?? ""] !== undefined) {
      const inner = this.attribute(wrapper.owner, { ...content, id: attribute.id, size: undefined }, `${at}/${content.id}`, true, true);
      const size = LENGTH_HEADERS[header.type!]!;
      const dyn: RawField = anonymous ? { kind: "dyn", num_fields: inner.fields.length, size } : { kind: "dyn", name: attribute.id, num_fields: inner.fields.length, size };
      return { fields: [dyn, ...inner.fields], named: !anonymous };
    }
    // An anonymous object inside an object: its fields are the object's (`merge_objs`), laid
    // out in place as describe does.
    if (anonymous && !framed && wrapper && !isUnionType(wrapper.type) && wrapper.type.seq.length > 0) {
      const key = `${wrapper.owner.ksy.meta.id}::${wrapper.name}`;
      if (!this.inlining.has(key)) {
        this.inlining.add(key);
        try {
          return { fields: this.sequence(wrapper.owner, wrapper.type.seq, wrapper.name, whole), named: false };
        } finally {
          this.inlining.delete(key);
        }
      }
    }
    const element = this.valueLayout(owner, attribute, at, anonymous && !whole);
    if (attribute.repeat === "eos") {
      // A list element of fixed-size bytes: a Seq layout carries no size, so the element is a
      // definition of its own, as data-encoding describes it.
      let layout = element.layout;
      if ((layout.kind === "Bytes" || layout.kind === "String") && element.dataKind.kind === "Fixed") {
        const title = this.names.definitionName(attribute.type);
        this.definitions.set(title, { fields: [{ kind: "anon", layout, data_kind: element.dataKind }] });
        layout = { kind: "Ref", name: title };
      }
      return { fields: [field({ kind: "Seq", layout }, { kind: "Variable" })], named: !anonymous };
    }
    return { fields: [field(element.layout, element.dataKind)], named: !anonymous };
  }

  /**
   * The layout of an attribute's value (its `type`, enum, limits). `merged`: the attribute is
   * an anonymous part of a larger object, so a one-attribute type stays an object to merge.
   */
  private valueLayout(owner: LoadedKsy, attribute: KsyAttribute, at: string, merged: boolean): { layout: RawLayout; dataKind: RawDataKind } {
    const type = attribute.type!;
    const integer = INTEGERS[type];
    if (integer !== undefined || type === "u4be") {
      if (attribute.enum === "bool") return { layout: { kind: "Bool" }, dataKind: { kind: "Fixed", size: 1 } };
      if (attribute.enum !== undefined) {
        if (integer === undefined || !["Int8", "Uint8", "Int16", "Uint16"].includes(integer.size)) this.fail(owner, at, `enumeration over ${type}`);
        const values = this.enumOf(owner, attribute.enum);
        if (!values) this.fail(owner, at, `enumeration ${attribute.enum} is not declared`);
        const title = this.names.definitionName(attribute.enum);
        this.definitions.set(title, { size: integer.size as "Int8", cases: enumCases(values) });
        return { layout: { kind: "Enum", size: integer.size as "Int8", reference: title }, dataKind: { kind: "Fixed", size: integer.bytes } };
      }
      const bytes = integer?.bytes ?? 4;
      if (attribute.valid !== undefined) {
        const min = attribute.valid.min ?? 0;
        const max = attribute.valid.max;
        if (max === undefined) this.fail(owner, at, "a `valid` limit without max");
        return { layout: { kind: "RangedInt", min, max }, dataKind: { kind: "Fixed", size: bytes } };
      }
      if (integer === undefined) this.fail(owner, at, "u4be without a limit (Octez writes uint30 with valid: max)");
      return { layout: { kind: "Int", size: integer.size }, dataKind: { kind: "Fixed", size: bytes } };
    }
    const zarith = ZARITH[type];
    if (zarith !== undefined) {
      if (!this.definitions.has(zarith)) this.definitions.set(zarith, { fields: [{ kind: "named", name: zarith, layout: { kind: "Bytes" }, data_kind: { kind: "Dynamic" } }] });
      return { layout: { kind: "Ref", name: zarith }, dataKind: { kind: "Dynamic" } };
    }
    const scoped = this.lookup(owner, type);
    if (!scoped) this.fail(owner, at, `unknown type ${type}`);
    return this.typeLayout(scoped, at, merged);
  }

  /** The layout of a user type used as a value. */
  private typeLayout(scoped: ScopedType, at: string, merged: boolean): { layout: RawLayout; dataKind: RawDataKind } {
    const seq = scoped.type.seq;
    if (seq.length === 1 && !merged && seq[0]!.if === undefined) {
      // A one-attribute type is its attribute's value (a list's element wrapper, a frame's content).
      const only = this.attribute(scoped.owner, seq[0]!, `${scoped.name}/${seq[0]!.id}`, true, false).fields;
      if (only.length === 1) {
        const field = only[0]!;
        if (field.kind === "named" || field.kind === "anon") return { layout: field.layout, dataKind: field.data_kind };
      }
    }
    const title = this.define(scoped, at);
    const encoding = this.definitions.get(title);
    return { layout: { kind: "Ref", name: title }, dataKind: encoding === undefined ? { kind: "Dynamic" } : encodingDataKind(encoding) };
  }

  /** Defines a user type (once) and returns its title. */
  private define(scoped: ScopedType, at: string): string {
    const key = `${scoped.owner.ksy.meta.id}::${scoped.name}`;
    const known = this.titles.get(key);
    if (known !== undefined) return known;
    let title = scoped.root ? scoped.owner.encodingId : this.names.definitionName(scoped.name);
    // The same local name in two files can be two different types; written alike, it is one
    // (each of Octez's files repeats the Micheline expression it uses).
    const earlier = this.definers.get(title);
    if (earlier !== undefined && JSON.stringify(earlier.type) === JSON.stringify(scoped.type)) {
      this.titles.set(key, title);
      return title;
    }
    if (earlier !== undefined) title = `${title}@${scoped.owner.encodingId}`;
    this.definers.set(title, scoped);
    this.titles.set(key, title);
    const seq = scoped.type.seq;
    const first = seq[0];
    const isUnion = first?.enum !== undefined && first.enum !== "bool" && seq.slice(1).every((a) => a.if?.startsWith(`(${first.id} ==`));
    // Reserve the title before translating, so recursive references find it.
    this.definitions.set(title, { fields: [] });
    const encoding: RawEncoding = isUnion ? this.union(scoped.owner, first, seq.slice(1), at) : { fields: this.sequence(scoped.owner, seq, scoped.name, false) };
    this.definitions.set(title, encoding);
    return title;
  }

  /** A tag attribute and the attributes that depend on it, as a Cases union. */
  private union(owner: LoadedKsy, tag: KsyAttribute, dependent: readonly KsyAttribute[], at: string): RawEncoding {
    const tagSize = tag.type === "u1" ? "Uint8" : tag.type === "u2be" ? "Uint16" : this.fail(owner, at, `union tag of type ${tag.type ?? "(none)"}`);
    const values = this.enumOf(owner, tag.enum!);
    if (!values) this.fail(owner, at, `enumeration ${tag.enum} is not declared`);
    const cases: RawCase[] = enumCases(values).map(([code, name]) => {
      const tagField: RawField = { kind: "named", name: "Tag", layout: { kind: "Int", size: tagSize }, data_kind: { kind: "Fixed", size: tagSize === "Uint8" ? 1 : 2 } };
      const payload = dependent.filter((a) => a.if === `(${tag.id} == ${tag.enum}::${name})`);
      const fields: RawField[] = [tagField];
      for (const attribute of payload) {
        const plain = { ...attribute, if: undefined };
        const scoped = attribute.type !== undefined && attribute.repeat === undefined && ZARITH[attribute.type] === undefined ? this.lookup(owner, attribute.type) : undefined;
        if (scoped && !isUnionType(scoped.type) && scoped.type.seq.length > 1 && !isFrameType(scoped.type) && !isTupleType(scoped.name, scoped.type)) {
          // An object case: its fields are the case's fields, as describe lays them out. A frame
          // (`bytes_dyn_uint30`) or a tuple (`solution`) is one value: the case's one field.
          fields.push(...this.sequence(scoped.owner, scoped.type.seq, scoped.name, false));
        } else fields.push(...this.attribute(owner, plain, `${at}/${attribute.id}`, true, false).fields);
      }
      // A case holding one hash names it by its type: Kaitai lowercases that name (see BASE_TYPE_NAMES).
      const values = fields.slice(1).filter((f) => f.kind === "named" && f.layout.kind !== "Padding");
      const only = values.length === 1 && values[0]!.kind === "named" ? values[0]! : undefined;
      if (only !== undefined && only.kind === "named") {
        const spelled = BASE_TYPE_NAMES.get(rawString(only.name));
        if (spelled !== undefined) only.name = spelled;
      }
      return { tag: code, fields, name: caseName(name) };
    });
    const dataKinds = cases.map((c) => fieldsSize(c.fields));
    const first = dataKinds[0];
    const fixed = first !== undefined && dataKinds.every((size) => size === first) ? first : undefined;
    return { tag_size: tagSize, kind: fixed === undefined ? { kind: "Dynamic" } : { kind: "Fixed", size: fixed }, cases };
  }
}

/**
 * Octez's operations carry their signature split (protocols 019 on): `X_and_signature_prefix`, a
 * list of X whose last element may be the first 32 bytes of a BLS signature, then
 * `signature_suffix`, its last 64 bytes. The JSON shows `X` and `signature`; the binary fields
 * are named so, which reads every operation signed with a 64-byte signature as Octez does; the
 * reconciler recognises the split and the codecs join a BLS signature's prefix element to the
 * signature (`signatureSplit` in the IR, the runtime's `signature-split.ts`).
 */
function withSignatureSplitNamed(seq: readonly KsyAttribute[]): readonly KsyAttribute[] {
  const prefix = seq.find((a) => /^.+_and_signature_prefix$/.test(a.id));
  if (prefix === undefined || !seq.some((a) => a.id === "signature_suffix")) return seq;
  return seq.map((a) => (a === prefix ? { ...a, id: a.id.replace(/_and_signature_prefix$/, "") } : a.id === "signature_suffix" ? { ...a, id: "signature" } : a));
}

/** A type that is a length header and the one attribute it frames (`bytes_dyn_uint30`). */
function isFrameType(type: KsyType): boolean {
  const [header, content] = type.seq;
  return type.seq.length === 2 && header !== undefined && content !== undefined && content.size === header.id && LENGTH_HEADERS[header.type ?? ""] !== undefined;
}

/**
 * A data-encoding tuple: Octez's Kaitai writer names a tuple's elements after its type,
 * `<type>_field0`, `<type>_field1`… (a VDF `solution` is `solution_field0`, `solution_field1`).
 */
function isTupleType(name: string, type: KsyType): boolean {
  return type.seq.length > 1 && type.seq.every((attribute, i) => attribute.id === `${name}_field${i}`);
}

function isUnionType(type: KsyType): boolean {
  const first = type.seq[0];
  return first?.enum !== undefined && first.enum !== "bool" && type.seq.slice(1).every((a) => a.if?.startsWith(`(${first.id} ==`));
}

/** Enum entries as `[code, name]`, by code. */
function enumCases(values: KsyEnum): Array<[number, string]> {
  return Object.entries(values)
    .map(([code, value]): [number, string] => [Number(code), typeof value === "string" ? value : value.id])
    .sort((a, b) => a[0] - b[0]);
}

/** A Kaitai enum value as data-encoding names the case (`attestation_with_dal` → `Attestation_with_dal`). */
function caseName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function descriptionOf(title: string): { title: string; description?: string } {
  const text = ZARITH_DEFINITIONS[title];
  return text === undefined ? { title } : { title, description: text };
}

function unionDataKind(encoding: RawEncoding): RawDataKind {
  return "tag_size" in encoding ? encoding.kind : { kind: "Dynamic" };
}

/** The data kind of a definition used as a value. */
function encodingDataKind(encoding: RawEncoding): RawDataKind {
  if ("tag_size" in encoding) return encoding.kind;
  if ("cases" in encoding) return { kind: "Fixed", size: encoding.size.endsWith("16") ? 2 : 1 };
  const size = fieldsSize(encoding.fields);
  if (size !== undefined) return { kind: "Fixed", size };
  return endsVariable(encoding.fields) ? { kind: "Variable" } : { kind: "Dynamic" };
}

/** The fixed byte size of a field list, or `undefined` when it varies. */
function fieldsSize(fields: readonly RawField[]): number | undefined {
  let total = 0;
  for (const field of fields) {
    if (field.kind === "dyn" || field.kind === "option_indicator") return undefined;
    const kind = field.data_kind;
    if (kind.kind !== "Fixed") return undefined;
    total += kind.size;
  }
  return total;
}

/** True when the last value of a field list runs to the end of its frame (no header frames it). */
function endsVariable(fields: readonly RawField[]): boolean {
  let covered = 0;
  let variableUnframed = false;
  for (const field of fields) {
    if (field.kind === "dyn") {
      covered = field.num_fields;
      continue;
    }
    if (field.kind === "option_indicator") continue;
    variableUnframed = covered === 0 && field.data_kind.kind === "Variable";
    if (covered > 0) covered--;
  }
  return variableUnframed;
}
