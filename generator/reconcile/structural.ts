/**
 * Composite encodings recognised from their structure rather than their definition name, so
 * that a protocol nobody has seen, which names a familiar construct anew, still reconciles
 * (describe-format.md §7.6). Only base types are identified by name (hashes, keys, `N.t`,
 * timestamps, Micheline); a composite is read from what its layouts hold.
 *
 * - A Base58 union: JSON text over a binary union whose every case holds one base Base58 type
 *   (a hash named by its field, or a `public_key_hash`) and padding. Its text's prefix chooses
 *   the case. The one of tag 0 = public key hash, tag 1 = contract hash + 1 byte of padding is
 *   the contract id the runtime has a codec of.
 */

import type { BinarySchema, DataKind, Field, Layout } from "../model/binary-schema.ts";
import type { IR, Size } from "../ir/codec-ir.ts";
import { BASE58, type Base58UnionCase } from "@tezos-rpcgen/runtime";
import { knownByBinaryTitle, knownByJsonName } from "./known-encodings.ts";

/** Why a layout that looks like a Base58 union is not one (for the generator's report). */
export interface Undecided {
  reason: string;
}

/**
 * The IR of a Base58 union laid out by `layout` (a `Ref` to a `Cases` definition), or a reason
 * why it is not one; `undefined` when the layout is not a union at all.
 */
export function base58UnionOf(layout: Layout, dataKind: DataKind, binary: BinarySchema): IR | Undecided | undefined {
  if (layout.kind !== "Ref") return undefined;
  const encoding = binary.definitions.get(layout.name)?.encoding;
  if (encoding?.kind !== "Cases" || encoding.cases.length === 0) return undefined;
  const cases: Base58UnionCase[] = [];
  for (const c of encoding.cases) {
    const fields = c.fields.filter((f, i) => !(i === 0 && f.kind === "named" && f.name === "Tag"));
    if (fields.some((f) => f.kind !== "named" && f.kind !== "anon")) return { reason: `its case ${JSON.stringify(c.name ?? c.tag)} has a length header or a presence flag, where a Base58 union holds one hash` };
    const plain = fields as PlainField[];
    const values = plain.filter((f) => f.layout.kind !== "Padding");
    const padding = plain.filter((f) => f.layout.kind === "Padding").reduce((n, f) => n + (f.dataKind.kind === "Fixed" ? f.dataKind.size : 0), 0);
    const base = values.length === 1 ? baseOf(values[0]!, binary) : undefined;
    if (base === undefined) {
      return { reason: `its case ${JSON.stringify(c.name ?? c.tag)} holds ${values.length === 1 ? "a value that is no known Base58Check type" : `${values.length} values`} where a Base58 union holds one hash` };
    }
    cases.push({ tag: c.tag, base, padding });
  }
  const size: Size = dataKind.kind === "Fixed" ? { kind: "fixed", bytes: dataKind.size } : { kind: "self-delimited" };
  if (isContractId(cases) && encoding.tagSize === "Uint8") return { kind: "known", id: "contract_id", size };
  return { kind: "known", id: "base58_union", size, params: { tagSize: encoding.tagSize, cases: cases.map((c) => ({ ...c })) } };
}

/** The base type held by a case's one value field: a `public_key_hash`, or a hash named by its field and sized as that hash. */
type PlainField = Extract<Field, { kind: "named" | "anon" }>;

function baseOf(field: PlainField, binary: BinarySchema): Base58UnionCase["base"] | undefined {
  if (field.layout.kind === "Ref" && knownByBinaryTitle(field.layout.name)?.id === "public_key_hash") return "public_key_hash";
  // A hash behind its own definition (Jakarta's `Tx_rollup` destination case refers to
  // `alpha.tx_rollup_id`): its title names the hash, its one field holds the payload bytes.
  if (field.layout.kind === "Ref") return hashDefinition(field.layout.name, binary);
  if (field.kind !== "named" || field.layout.kind !== "Bytes" || field.dataKind.kind !== "Fixed") return undefined;
  const entry = knownByJsonName(field.name);
  if (entry?.id === "public_key_hash" && field.dataKind.size === 21) return "public_key_hash";
  const kind = entry?.base58;
  return kind !== undefined && BASE58[kind].payloadLength === field.dataKind.size ? kind : undefined;
}

function isContractId(cases: readonly Base58UnionCase[]): boolean {
  const [implicit, originated] = cases;
  return cases.length === 2 && implicit!.tag === 0 && implicit!.base === "public_key_hash" && implicit!.padding === 0 && originated!.tag === 1 && originated!.base === "contract_hash" && originated!.padding === 1;
}

/** The Base58Check type of a binary definition that is one hash: named for it, one field of its payload's size. */
function hashDefinition(title: string, binary: BinarySchema): Base58UnionCase["base"] | undefined {
  const kind = knownByJsonName(title)?.base58;
  const encoding = binary.definitions.get(title)?.encoding;
  if (kind === undefined || encoding?.kind !== "Obj" || encoding.fields.length !== 1) return undefined;
  const [only] = encoding.fields as [Field];
  if (only.kind !== "named" && only.kind !== "anon") return undefined;
  return only.layout.kind === "Bytes" && only.dataKind.kind === "Fixed" && only.dataKind.size === BASE58[kind].payloadLength ? kind : undefined;
}
