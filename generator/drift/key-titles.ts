/**
 * What a Base58Check title says about the schemes its strings may be of. Octez titles a key type
 * by listing its schemes (`"A Ed25519, Secp256k1, P256, or BLS public key hash
 * (Base58Check-encoded)"`), and a protocol that moves to a newer `Signature` version changes
 * only that list (`"A Ed25519, Secp256k1, P256, BLS or Mldsa44 public key hash"`). Reading the
 * list tells a widening (every old scheme still accepted, and more) from a replacement, which a
 * title comparison alone cannot.
 */
import { KEY_SCHEMES } from "@tezos-rpcgen/runtime";

/** A Base58Check title read as a list of schemes and what they are (`public key hash`). */
export interface SchemeList {
  /** What the strings are, lowercased (`public key hash`, `signature`, `block hash`). */
  noun: string;
  /** The schemes, each by the first name the runtime's key table gives it (`BLS` for `Bls12_381`), else as written. */
  schemes: string[];
}

/** Every name of a scheme (any case) → its first name in the runtime's key table. */
const CANONICAL = new Map(KEY_SCHEMES.flatMap((scheme) => scheme.names.map((name) => [name.toLowerCase(), scheme.names[0]!] as const)));

/**
 * Reads `"A X, Y, or Z <noun> (Base58Check-encoded)"`: the words before the last one are single
 * scheme names separated by commas and `or`; the last part is a scheme and the noun. A title of
 * one hash (`"A block hash"`) reads as one scheme, `block`, which no other title's list holds.
 * `undefined` when the title is not of that form.
 */
export function schemeList(title: string): SchemeList | undefined {
  const text = title.replace(/\s*\(Base58Check-encoded\)\s*$/i, "").replace(/^(?:an?|the)\s+/i, "");
  const parts = text.split(/\s*,\s*(?:or\s+)?|\s+or\s+/).filter((part) => part !== "");
  const last = parts.pop();
  if (last === undefined || parts.some((part) => /\s/.test(part))) return undefined;
  const space = last.indexOf(" ");
  if (space < 0) return undefined;
  const schemes = [...parts, last.slice(0, space)].map((scheme) => CANONICAL.get(scheme.toLowerCase()) ?? scheme);
  return { noun: last.slice(space + 1).toLowerCase(), schemes };
}

/**
 * How the strings a title allows changed, when both titles list schemes of the same noun:
 * `widened` (every old scheme still there, and `added`), `narrowed` (the reverse, `removed`),
 * `same` (the same schemes, worded differently), or `undefined` for any other change (another
 * type, schemes both added and removed); with the noun and NEW's schemes.
 */
export function schemeChange(
  oldTitle: string,
  newTitle: string,
): ({ direction: "widened"; added: string[] } | { direction: "narrowed"; removed: string[] } | { direction: "same" }) & { noun: string; schemes: string[] } | undefined {
  const o = schemeList(oldTitle);
  const n = schemeList(newTitle);
  if (o === undefined || n === undefined || o.noun !== n.noun) return undefined;
  const added = n.schemes.filter((scheme) => !o.schemes.includes(scheme));
  const removed = o.schemes.filter((scheme) => !n.schemes.includes(scheme));
  const { noun, schemes } = n;
  if (added.length > 0 && removed.length === 0) return { direction: "widened", added, noun, schemes };
  if (removed.length > 0 && added.length === 0) return { direction: "narrowed", removed, noun, schemes };
  return added.length === 0 && removed.length === 0 ? { direction: "same", noun, schemes } : undefined;
}
