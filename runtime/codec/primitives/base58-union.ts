/**
 * A Base58 union: one Base58Check string in JSON, in binary a union whose every case holds one
 * hash (or a public key hash) and maybe padding, the case chosen by the string's prefix. Octez
 * writes transaction destinations and contract ids this way (`00` + public key hash, or `01` +
 * contract hash + one padding byte…); the reconciler recognises the layout from its structure,
 * whatever the protocol names it.
 */
import { fixedKind, DYNAMIC, type Codec } from "../codec.ts";
import { EncodeError, describeValue } from "../errors.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { BASE58, type Base58KindName } from "../../encodings/base58/prefixes.ts";
import { isBase58Check } from "../../encodings/base58/check.ts";
import { readHash, writeHash } from "../../encodings/hashes.ts";
import { PUBLIC_KEY_HASH_KINDS, readPublicKeyHash, writePublicKeyHash } from "../../encodings/keys.ts";
import { failUnknownTag } from "./union.ts";
import { readTag, writeTag, type TagSize } from "./union.ts";
import { skipPadding, writePadding } from "./padding.ts";

/** One case: its tag, the hash it holds (`public_key_hash`: a curve tag and 20 bytes), then padding bytes. */
export interface Base58UnionCase {
  readonly tag: number;
  readonly base: "public_key_hash" | Base58KindName;
  readonly padding: number;
}

function accepts(base: Base58UnionCase["base"], value: string): boolean {
  return base === "public_key_hash" ? PUBLIC_KEY_HASH_KINDS.some((kind) => isBase58Check(kind, value)) : isBase58Check(BASE58[base], value);
}

function leading(base: Base58UnionCase["base"]): string {
  return base === "public_key_hash" ? PUBLIC_KEY_HASH_KINDS.map((kind) => `${kind.leading}…`).join(", ") : `${BASE58[base].leading}…`;
}

function size(c: Base58UnionCase): number {
  return (c.base === "public_key_hash" ? 21 : BASE58[c.base].payloadLength) + c.padding;
}

/** The codec of a Base58 union of these cases. */
export function base58Union(tagSize: TagSize, cases: readonly Base58UnionCase[]): Codec<string> {
  const byTag = new Map(cases.map((c) => [c.tag, c]));
  const tags = cases.map((c) => c.tag);
  const sizes = new Set(cases.map(size));
  const expected = `Base58Check text of one of: ${cases.map((c) => leading(c.base)).join(", ")}`;
  return {
    decode(r: BinaryReader): string {
      const at = r.offset;
      const tag = readTag(r, tagSize);
      const c = byTag.get(tag);
      if (c === undefined) failUnknownTag(at, tag, tags);
      const text = c.base === "public_key_hash" ? readPublicKeyHash(r) : readHash(r, BASE58[c.base]);
      if (c.padding > 0) skipPadding(r, c.padding);
      return text;
    },
    encode(w: BinaryWriter, value: string): void {
      const c = typeof value === "string" ? cases.find((candidate) => accepts(candidate.base, value)) : undefined;
      if (c === undefined) throw new EncodeError(expected, describeValue(value), w.length);
      writeTag(w, tagSize, c.tag);
      if (c.base === "public_key_hash") writePublicKeyHash(w, value);
      else writeHash(w, BASE58[c.base], value);
      if (c.padding > 0) writePadding(w, c.padding);
    },
    dataKind: sizes.size === 1 ? fixedKind((tagSize === "Uint8" ? 1 : 2) + [...sizes][0]!) : DYNAMIC,
  };
}
