/**
 * Which strings the JSON form of a Base58Check-valued encoding accepts, for the generated JSON
 * validators. Octez's JSON schemas type every hash, key and signature as a plain `unistring`;
 * the generator marks those places with a group name, and the validators call
 * {@link isTezosBase58} with it.
 *
 * A group is either one Base58Check type of {@link BASE58} (`block_hash`, `operation_hash`…)
 * or one of the encodings that accept several types: {@link TEZOS_BASE58_GROUPS}.
 */
import { expectedBase58, isBase58Problem, readAnyBase58Check } from "./base58/check.ts";
import { BASE58, type Base58Kind, type Base58KindName } from "./base58/prefixes.ts";
import type { JsonValidationOptions } from "../rpc/json-validation.ts";
import { ANY_SIGNATURE_KINDS, PUBLIC_KEY_HASH_KINDS, PUBLIC_KEY_KINDS } from "./keys.ts";
import { CONTRACT_ID_KINDS } from "./contract.ts";
import { asciiUnistringText } from "./internal/bytes.ts";

/** Encodings whose JSON form is a Base58Check string of one of several types, by the known-encodings id. */
export const TEZOS_BASE58_GROUPS = {
  public_key_hash: { title: "a public key hash", kinds: PUBLIC_KEY_HASH_KINDS },
  public_key: { title: "a public key", kinds: PUBLIC_KEY_KINDS },
  signature: { title: "a signature", kinds: ANY_SIGNATURE_KINDS },
  contract_id: { title: "a contract id", kinds: CONTRACT_ID_KINDS },
} as const satisfies Record<string, { title: string; kinds: readonly Base58Kind[] }>;

/** A group of {@link TEZOS_BASE58_GROUPS} or a single Base58Check type. */
export type TezosBase58Group = keyof typeof TEZOS_BASE58_GROUPS | Base58KindName;

const SINGLE_KINDS = new Map<string, readonly Base58Kind[]>(Object.values(BASE58).map((kind) => [kind.name, [kind]]));

/** The Base58Check types of a group, or `undefined` for a name that is not a group. */
function kindsOf(group: string): readonly Base58Kind[] | undefined {
  return Object.prototype.hasOwnProperty.call(TEZOS_BASE58_GROUPS, group)
    ? TEZOS_BASE58_GROUPS[group as keyof typeof TEZOS_BASE58_GROUPS].kinds
    : SINGLE_KINDS.get(group);
}

/** True when `name` names a group (so the generator never emits a check the runtime cannot run). */
export function isTezosBase58Group(name: string): name is TezosBase58Group {
  return kindsOf(name) !== undefined;
}

/**
 * The longest string of any Base58Check type: longer text is never valid. (Octez reads the text
 * of the invalid-UTF-8 form too: see `asciiUnistringText`.)
 */
const MAX_ENCODED_LENGTH = Math.max(...Object.values(BASE58).map((kind) => kind.encodedLength));

/**
 * True when `value` is the JSON form of a value of `group`: a Base58Check string of one of its
 * types (characters, length, checksum and prefix all checked). Throws on an unknown group: the
 * generated validators and the runtime disagree, and accepting everything would hide it.
 */
export function isTezosBase58(group: string, value: unknown): boolean {
  const kinds = kindsOf(group);
  if (kinds === undefined) throw new Error(`unknown Base58Check group ${JSON.stringify(group)}`);
  const text = asciiUnistringText(value, MAX_ENCODED_LENGTH);
  return text !== undefined && !isBase58Problem(readAnyBase58Check(kinds, text));
}

/** What a valid value of `group` looks like, for validation messages (`a block hash (Base58Check, 51 characters starting with "B")`). */
export function expectedTezosBase58(group: string): string {
  const kinds = kindsOf(group);
  if (kinds === undefined) throw new Error(`unknown Base58Check group ${JSON.stringify(group)}`);
  if (kinds.length === 1) return expectedBase58(kinds[0]!);
  const title = TEZOS_BASE58_GROUPS[group as keyof typeof TEZOS_BASE58_GROUPS].title;
  return `${title} (Base58Check, starting with ${kinds.map((kind) => `"${kind.leading}"`).join(", ")})`;
}

/** One character of the Base58 alphabet (digits but 0, letters but 0, I, O and l), as a regular expression class. */
export const BASE58_CHARACTER = "[1-9A-HJ-NP-Za-km-z]";

/**
 * The regular expression (source) of the shape of `group`'s text: for each of its types, the
 * leading characters followed by Base58 characters up to the type's length. The generated
 * validators test it (`isBase58Shaped`); {@link isTezosBase58} also checks the checksum.
 */
export function tezosBase58Pattern(group: string): string {
  const kinds = kindsOf(group);
  if (kinds === undefined) throw new Error(`unknown Base58Check group ${JSON.stringify(group)}`);
  const cases = new Set(kinds.map((kind) => `${kind.leading}${BASE58_CHARACTER}{${kind.encodedLength - kind.leading.length}}`));
  return `^(?:${[...cases].join("|")})$`;
}

/**
 * JSON validation options that test Base58Check checksums too (Base58 decoding and SHA-256),
 * for receivers of untrusted input: a server checking request bodies, a client that does not
 * trust its node. Without them the validators check the text's shape only.
 */
export const BASE58_CHECKSUMS: JsonValidationOptions = { base58Check: isTezosBase58 };
