/**
 * The table of known encodings (describe-format.md §7.6): values whose JSON and binary forms
 * differ in ways neither schema expresses (Base58Check strings over raw bytes, RFC 3339 over
 * int64 seconds, decimal strings over zarith, Micheline JSON over its binary form…).
 *
 * Entries are keyed by definition name. The reconciler looks a value up by, in order: the JSON
 * definition names on its `$ref` chain (with any protocol prefix such as `alpha.` or
 * `012-Psithaca.` removed), the binary definition title of a `Ref` layout, and, for a root value,
 * the binary field name and the JSON title. An entry then checks that the binary layout is one it
 * can read, so a definition whose layout changed between node versions is never decoded by a
 * guess: the reconciler reports it instead.
 */

import type { DataKind, Layout } from "../model/binary-schema.ts";
import type { Size } from "../ir/codec-ir.ts";
import { BASE58, HASH_DEFINITIONS, KEY_VERSION_SCHEMES, type Base58KindName } from "@tezos-rpcgen/runtime";

/** The binary shape an entry accepts. */
export type KnownLayout =
  /** Raw bytes of exactly this length (or any length when `bytes` is absent), fixed or to the end of the frame. */
  | { kind: "bytes"; bytes?: number; variable?: boolean }
  /** A `Ref` to a binary definition with this title (`public_key_hash`, `N.t`…). */
  | { kind: "ref"; titles: string[] }
  /** A text string (fixed, or to the end of the frame). */
  | { kind: "string" }
  /** An integer of this width. */
  | { kind: "int"; size: "Int8" | "Int64" }
  /** An 8-byte double. */
  | { kind: "float" };

export interface KnownEncoding {
  /** Identifier used in the codec IR and in generated code. */
  id: string;
  /** JSON definition names (protocol prefix removed) that denote this encoding. */
  names: string[];
  /** Binary definition titles that denote this encoding on their own (`N.t`). */
  binaryTitles?: string[];
  /** Binary layouts this entry can decode. */
  layouts: KnownLayout[];
  /** TypeScript type of the JSON form. */
  tsType: string;
  /** One line for TSDoc. */
  summary: string;
  /** For plain hashes: the runtime's Base58Check type. */
  base58?: Base58KindName;
}

/**
 * Plain Base58Check hashes (JSON string with a fixed prefix, binary payload bytes), one entry per
 * Base58Check type of the runtime (every one of Octez's table), named by the definition names the
 * runtime maps to it (none for types no describe names yet: secret keys, ML-DSA, DAL…; they are
 * still reachable by id).
 */
function hashEntries(): KnownEncoding[] {
  const namesByKind = new Map<Base58KindName, string[]>();
  for (const kind of Object.keys(BASE58) as Base58KindName[]) namesByKind.set(kind, []);
  for (const [definition, kind] of Object.entries(HASH_DEFINITIONS)) namesByKind.get(kind)!.push(definition);
  return [...namesByKind].map(([kind, names]) => ({
    id: kind,
    base58: kind,
    names,
    layouts: [{ kind: "bytes", bytes: BASE58[kind].payloadLength }],
    tsType: "string",
    summary: `${capitalise(BASE58[kind].title)} (Base58Check, starts with \`${BASE58[kind].leading}\`).`,
  }));
}

/**
 * The definition names of a member of Octez's `Signature` module (`Public_key_hash`, or `""` for
 * the signature itself) in every version the runtime's key table knows: the current version's
 * unnumbered name, then `Signature.V0.…` to the newest. One entry serves them all, its codec
 * accepting the newest version's schemes (`key-versions.ts`), so a protocol that moves to a new
 * version needs a new row in that table, not here.
 */
function signatureNames(member: string): string[] {
  const suffix = member === "" ? "" : `.${member}`;
  return [`Signature${suffix}`, ...KEY_VERSION_SCHEMES.map((_, version) => `Signature.V${version}${suffix}`)];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const KNOWN_ENCODINGS: readonly KnownEncoding[] = [
  ...hashEntries(),
  {
    id: "rollup_address_text",
    names: ["rollup_address"],
    layouts: [{ kind: "string" }],
    tsType: "string",
    summary: "Smart rollup address, sent in binary as its Base58Check text.",
  },
  {
    id: "public_key_hash",
    names: signatureNames("Public_key_hash"),
    binaryTitles: ["public_key_hash"],
    layouts: [{ kind: "ref", titles: ["public_key_hash"] }, { kind: "bytes", bytes: 21 }],
    tsType: "string",
    summary: "Public key hash: tz1, tz2, tz3, tz4 or tz5 (Base58Check); binary: curve tag and 20 bytes.",
  },
  {
    id: "public_key",
    names: signatureNames("Public_key"),
    binaryTitles: ["public_key"],
    layouts: [{ kind: "ref", titles: ["public_key"] }],
    tsType: "string",
    summary: "Public key (Base58Check); binary: curve tag and key bytes.",
  },
  {
    id: "signature",
    names: signatureNames(""),
    layouts: [{ kind: "bytes", bytes: 64 }, { kind: "bytes", variable: true }],
    tsType: "string",
    summary: "Signature (Base58Check); binary: the raw signature bytes.",
  },
  {
    id: "contract_id",
    names: ["contract_id"],
    layouts: [{ kind: "ref", titles: ["contract_id"] }, { kind: "bytes", bytes: 22 }],
    tsType: "string",
    summary: "Contract address: an implicit tz… or an originated KT1… address (Base58Check).",
  },
  {
    // Never looked up by name: the reconciler recognises it from its structure (structural.ts).
    id: "base58_union",
    names: [],
    layouts: [],
    tsType: "string",
    summary: "Base58Check text of one of several hash types; binary: a tag, then that hash (and padding).",
  },
  {
    id: "timestamp_protocol",
    names: ["timestamp.protocol"],
    layouts: [{ kind: "int", size: "Int64" }],
    tsType: "string",
    summary: "Timestamp with one-second precision: RFC 3339 text, or decimal seconds outside years 0–9999.",
  },
  {
    id: "timestamp_system",
    names: ["timestamp.system"],
    layouts: [{ kind: "int", size: "Int64" }],
    tsType: "string",
    summary: "Node-local timestamp in RFC 3339 text.",
  },
  {
    id: "zarith_n",
    names: ["positive_bignum", "mutez", "N.t"],
    binaryTitles: ["N.t"],
    layouts: [{ kind: "ref", titles: ["N.t"] }],
    tsType: "string",
    summary: "Natural number of any size, as a decimal string.",
  },
  {
    id: "zarith_z",
    names: ["bignum", "Z.t"],
    binaryTitles: ["Z.t"],
    layouts: [{ kind: "ref", titles: ["Z.t"] }],
    tsType: "string",
    summary: "Integer of any size, as a decimal string.",
  },
  {
    id: "micheline",
    names: ["michelson_v1.expression", "micheline.michelson_v1.expression"],
    // Lazily decoded expressions are bytes filling a frame; structured ones (a big map's key
    // type) refer to the expression's own union, which delimits itself.
    layouts: [{ kind: "bytes", variable: true }, { kind: "ref", titles: ["micheline.michelson_v1.expression"] }],
    tsType: "MichelineExpression",
    summary: "Micheline expression (Michelson code or data).",
  },
];

const BY_NAME = new Map<string, KnownEncoding>();
const BY_BINARY_TITLE = new Map<string, KnownEncoding>();
for (const entry of KNOWN_ENCODINGS) {
  for (const name of entry.names) BY_NAME.set(name, entry);
  for (const title of entry.binaryTitles ?? []) BY_BINARY_TITLE.set(title, entry);
}

/** Known encodings by id. */
export const KNOWN_BY_ID: ReadonlyMap<string, KnownEncoding> = new Map(KNOWN_ENCODINGS.map((e) => [e.id, e]));

/** A protocol name and its dot at the start of a definition name (`alpha.`, `012-Psithaca.`). */
const LEADING_PROTOCOL = /^(alpha|proto_alpha|\d{3}-[A-Za-z0-9]{8})\./;
/** A protocol name between two dots, inside a definition name (`micheline.alpha.…`). */
const INNER_PROTOCOL = /\.(alpha|\d{3}-[A-Za-z0-9]{8})\./;

/**
 * Removes a protocol prefix from a definition name: `alpha.mutez` → `mutez`,
 * `012-Psithaca.contract_id` → `contract_id`, `micheline.alpha.michelson_v1.expression` →
 * `micheline.michelson_v1.expression`.
 */
export function stripProtocolPrefix(name: string): string {
  if (LEADING_PROTOCOL.test(name)) return name.replace(LEADING_PROTOCOL, "");
  return name.replace(INNER_PROTOCOL, ".");
}

/**
 * The entries of the JSON definition names looked up so far (`null` for none): the same few
 * hundred names come back for every value of every body, and each first lookup strips a
 * protocol prefix with regular expressions.
 */
const BY_NAME_LOOKED_UP = new Map<string, KnownEncoding | null>();

/** Finds the entry for a JSON definition name, with or without its protocol prefix. */
export function knownByJsonName(name: string): KnownEncoding | undefined {
  let entry = BY_NAME_LOOKED_UP.get(name);
  if (entry === undefined) {
    entry = BY_NAME.get(name) ?? BY_NAME.get(stripProtocolPrefix(name)) ?? null;
    BY_NAME_LOOKED_UP.set(name, entry);
  }
  return entry ?? undefined;
}

/** Finds the entry that a binary definition title denotes on its own (`N.t`, `public_key_hash`). */
export function knownByBinaryTitle(title: string): KnownEncoding | undefined {
  return BY_BINARY_TITLE.get(title) ?? BY_BINARY_TITLE.get(stripProtocolPrefix(title));
}

/**
 * Matches a binary layout against an entry; returns the value's size when the entry can read
 * it, `undefined` otherwise.
 */
export function matchKnownLayout(entry: KnownEncoding, layout: Layout, dataKind: DataKind): Size | undefined {
  const size: Size | undefined = dataKind.kind === "Fixed" ? { kind: "fixed", bytes: dataKind.size } : dataKind.kind === "Variable" ? { kind: "variable" } : undefined;
  for (const accepted of entry.layouts) {
    switch (accepted.kind) {
      case "bytes":
        // Sequence elements carry no data kind: a sequence of hashes prints only `Bytes`.
        if (layout.kind === "Bytes" && dataKind.kind === "Dynamic" && accepted.bytes !== undefined) return { kind: "fixed", bytes: accepted.bytes };
        if (layout.kind !== "Bytes" || !size) break;
        if (size.kind === "fixed" && (accepted.bytes === undefined || accepted.bytes === size.bytes)) return size;
        if (size.kind === "variable" && accepted.variable) return size;
        break;
      case "ref":
        if (layout.kind === "Ref" && accepted.titles.some((t) => t === layout.name || stripProtocolPrefix(layout.name) === t)) {
          return dataKind.kind === "Fixed" ? { kind: "fixed", bytes: dataKind.size } : dataKind.kind === "Variable" ? { kind: "variable" } : { kind: "self-delimited" };
        }
        break;
      case "string":
        if (layout.kind === "String" && size) return size;
        break;
      case "int":
        if (layout.kind === "Int" && layout.size === accepted.size) return { kind: "fixed", bytes: accepted.size === "Int64" ? 8 : 1 };
        break;
      case "float":
        if (layout.kind === "Float") return { kind: "fixed", bytes: 8 };
        break;
    }
  }
  return undefined;
}

/**
 * String enumerations that protocols write as a plain `Int8`, with codes that appear in neither
 * schema (describe-format.md §7.2). Keyed by the sorted list of JSON enum values.
 */
const INT8_ENUM_CODES: ReadonlyMap<string, Record<string, number>> = new Map<string, Record<string, number>>([
  [["nay", "pass", "yay"].join(","), { yay: 0, nay: 1, pass: 2 }],
  [["off", "on", "pass"].join(","), { on: 0, off: 1, pass: 2 }],
]);

/** Codes of a string enumeration carried as `Int8`, or `undefined` when the enumeration is not known. */
export function int8EnumCodes(values: readonly string[]): Record<string, number> | undefined {
  return INT8_ENUM_CODES.get([...values].sort().join(","));
}
