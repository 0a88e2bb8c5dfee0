/**
 * Michelson primitive codes.
 *
 * In binary, a primitive name is a one-byte index into a protocol-specific list. Protocols only
 * ever append to the list, with two exceptions where a code kept its meaning but its name
 * changed (the old name was reused for a new code further down). So one newest list plus a
 * small table of renames describes every protocol; a protocol's list is a prefix of its era's
 * list. Facts from tezos/tezos-mirror, `src/proto_* /lib_protocol/michelson_v1_primitives.ml`.
 *
 * The annotation rules changed twice as well (`src/lib_micheline/micheline_encoding.ml`,
 * semantics V0/V1/V2, and which one each protocol's `script_repr.ml` picks); they travel with
 * the table because both depend on the protocol only.
 */

/** Every primitive name of the newest known protocol, indexed by binary code. */
export const MICHELSON_PRIMITIVE_NAMES: readonly string[] = Object.freeze([
  // 0–110: protocol 001
  "parameter", "storage", "code", "False", "Elt", "Left", "None", "Pair", "Right", "Some", "True",
  "Unit", "PACK", "UNPACK", "BLAKE2B", "SHA256", "SHA512", "ABS", "ADD", "AMOUNT", "AND",
  "BALANCE", "CAR", "CDR", "CHECK_SIGNATURE", "COMPARE", "CONCAT", "CONS", "CREATE_ACCOUNT",
  "CREATE_CONTRACT", "IMPLICIT_ACCOUNT", "DIP", "DROP", "DUP", "EDIV", "EMPTY_MAP", "EMPTY_SET",
  "EQ", "EXEC", "FAILWITH", "GE", "GET", "GT", "HASH_KEY", "IF", "IF_CONS", "IF_LEFT", "IF_NONE",
  "INT", "LAMBDA", "LE", "LEFT", "LOOP", "LSL", "LSR", "LT", "MAP", "MEM", "MUL", "NEG", "NEQ",
  "NIL", "NONE", "NOT", "NOW", "OR", "PAIR", "PUSH", "RIGHT", "SIZE", "SOME", "SOURCE", "SENDER",
  "SELF", "STEPS_TO_QUOTA", "SUB", "SWAP", "TRANSFER_TOKENS", "SET_DELEGATE", "UNIT", "UPDATE",
  "XOR", "ITER", "LOOP_LEFT", "ADDRESS", "CONTRACT", "ISNAT", "CAST", "RENAME", "bool", "contract",
  "int", "key", "key_hash", "lambda", "list", "map", "big_map", "nat", "option", "or", "pair",
  "set", "signature", "string", "bytes", "mutez", "timestamp", "unit", "operation", "address",
  // 111: protocol 002
  "SLICE",
  // 112–117: protocol 005 (Babylon)
  "DIG", "DUG", "EMPTY_BIG_MAP", "APPLY", "chain_id", "CHAIN_ID",
  // 118–140: protocol 008 (Edo)
  "LEVEL", "SELF_ADDRESS", "never", "NEVER", "UNPAIR", "VOTING_POWER", "TOTAL_VOTING_POWER",
  "KECCAK", "SHA3", "PAIRING_CHECK", "bls12_381_g1", "bls12_381_g2", "bls12_381_fr",
  "sapling_state", "sapling_transaction_deprecated", "SAPLING_EMPTY_STATE",
  "SAPLING_VERIFY_UPDATE", "ticket", "TICKET_DEPRECATED", "READ_TICKET", "SPLIT_TICKET",
  "JOIN_TICKETS", "GET_AND_UPDATE",
  // 141–146: protocol 011 (Hangzhou)
  "chest", "chest_key", "OPEN_CHEST", "VIEW", "view", "constant",
  // 147: protocol 012 (Ithaca)
  "SUB_MUTEZ",
  // 148–150: protocol 013 (Jakarta)
  "tx_rollup_l2_address", "MIN_BLOCK_TIME", "sapling_transaction",
  // 151: protocol 014 (Kathmandu)
  "EMIT",
  // 152–154: protocol 015 (Lima)
  "Lambda_rec", "LAMBDA_REC", "TICKET",
  // 155–156: protocol 016 (Mumbai)
  "BYTES", "NAT",
  // 157: protocol 019 (Paris)
  "Ticket",
  // 158: protocol 023 (Seoul)
  "IS_IMPLICIT_ACCOUNT",
  // 159–160: protocol 024 (Tallinn)
  "INDEX_ADDRESS", "GET_ADDRESS_INDEX",
]);

/**
 * Codes whose name changed. Before protocol `since`, code `code` was called `before`; from
 * `since` on it is called as in {@link MICHELSON_PRIMITIVE_NAMES}, and `before` names a new code.
 */
export const MICHELSON_PRIMITIVE_RENAMES: readonly { readonly code: number; readonly before: string; readonly since: number }[] =
  Object.freeze([
    { code: 132, before: "sapling_transaction", since: 13 }, // now sapling_transaction_deprecated
    { code: 136, before: "TICKET", since: 15 }, // now TICKET_DEPRECATED
  ]);

/**
 * Number of primitive codes of each protocol, by protocol number (001 = first mainnet
 * protocol), for the protocols where it changed; later protocols keep the previous count.
 */
const CODE_COUNT_SINCE: readonly (readonly [protocol: number, count: number])[] = [
  [1, 111], [2, 112], [5, 118], [8, 141], [11, 147], [12, 148], [13, 151], [14, 152], [15, 155],
  [16, 157], [19, 158], [23, 159], [24, 161],
];

/** Newest protocol number whose list is known. */
export const MICHELINE_NEWEST_KNOWN_PROTOCOL = 25;

/**
 * How annotations are read from binary (micheline_encoding.ml):
 * - `v0` (protocol 001): an empty annotation string reads as one empty annotation `[""]`;
 * - `v1` (protocols 002–011): an empty string reads as no annotation; any other bytes are
 *   split on spaces, each part at most 255 bytes;
 * - `v2` (protocols 012 and later): as `v1`, and every annotation must be well formed
 *   (a sigil among `@ : $ & % ! ?` then letters, digits, `_ . % @`, at most 255 bytes).
 */
export type MichelineAnnotationRules = "v0" | "v1" | "v2";

/** The Micheline dialect of one protocol: primitive codes and annotation rules. */
export interface MichelineTable {
  /** Primitive names indexed by binary code. */
  readonly names: readonly string[];
  /** Binary code of each name. */
  readonly codes: ReadonlyMap<string, number>;
  /** Annotation rules of the protocol. */
  readonly annotations: MichelineAnnotationRules;
  /** Bytes per code: 1 while there are at most 256 names (data-encoding's `string_enum`). */
  readonly codeWidth: 1 | 2;
}

/** Raised when a primitive table cannot be built (unknown protocol, names the tables lack). */
export class MichelineTableError extends Error {
  override readonly name = "MichelineTableError";
}

/** Builds a table from names in code order. */
export function buildMichelineTable(names: readonly string[], annotations: MichelineAnnotationRules): MichelineTable {
  const codes = new Map<string, number>();
  names.forEach((name, code) => {
    if (codes.has(name)) throw new MichelineTableError(`primitive ${JSON.stringify(name)} appears twice (codes ${codes.get(name)} and ${code})`);
    codes.set(name, code);
  });
  if (names.length > 0x10000) throw new MichelineTableError(`${names.length} primitives do not fit a 2-byte code`);
  return Object.freeze({ names: Object.freeze([...names]), codes, annotations, codeWidth: names.length <= 256 ? 1 : 2 });
}

/** The annotation rules of a protocol number. */
function semanticsOfProtocol(protocol: number): MichelineAnnotationRules {
  return protocol <= 1 ? "v0" : protocol <= 11 ? "v1" : "v2";
}

/** All names in code order for the era of `protocol` (renames applied), not cut to its count. */
function eraNames(renamed: (rename: (typeof MICHELSON_PRIMITIVE_RENAMES)[number]) => boolean): string[] {
  const names = [...MICHELSON_PRIMITIVE_NAMES];
  for (const rename of MICHELSON_PRIMITIVE_RENAMES) if (!renamed(rename)) names[rename.code] = rename.before;
  return names;
}

/** The table of protocol number `protocol` (1 … {@link MICHELINE_NEWEST_KNOWN_PROTOCOL}; Alpha: use the newest). */
export function michelineTableForProtocol(protocol: number): MichelineTable {
  if (!Number.isInteger(protocol) || protocol < 1 || protocol > MICHELINE_NEWEST_KNOWN_PROTOCOL) {
    throw new MichelineTableError(`no primitive table for protocol ${protocol} (known: 1 to ${MICHELINE_NEWEST_KNOWN_PROTOCOL})`);
  }
  let count = 0;
  for (const [since, n] of CODE_COUNT_SINCE) if (since <= protocol) count = n;
  const names = eraNames((rename) => protocol >= rename.since).slice(0, count);
  return buildMichelineTable(names, semanticsOfProtocol(protocol));
}

/** The table of the newest known protocol. */
export const NEWEST_MICHELINE_TABLE: MichelineTable = michelineTableForProtocol(MICHELINE_NEWEST_KNOWN_PROTOCOL);

/**
 * Picks the table of the protocol whose primitive names are `names`, in any order: the enum of
 * the `<p>.michelson.v1.primitives` definition in a describe answer.
 *
 * The era follows from the renamed codes (a list holding `sapling_transaction_deprecated` is
 * from protocol 013 on), the table is the first `names.length` codes of that era, and the
 * annotation rules follow from the count. Fails with {@link MichelineTableError} when a name is
 * unknown (a protocol newer than these tables) or when the names are not such a prefix.
 */
export function michelineTableFromNames(names: readonly string[], annotations?: MichelineAnnotationRules): MichelineTable {
  const wanted = new Set(names);
  if (wanted.size !== names.length) throw new MichelineTableError("the primitive names contain duplicates");
  const era = eraNames((rename) => wanted.has(MICHELSON_PRIMITIVE_NAMES[rename.code]!));
  const known = new Set(era);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new MichelineTableError(`unknown Michelson primitive(s) ${unknown.map((n) => JSON.stringify(n)).join(", ")}: the node runs a protocol newer than the primitive tables`);
  }
  const prefix = era.slice(0, names.length);
  const missing = prefix.filter((name) => !wanted.has(name));
  if (missing.length > 0) {
    throw new MichelineTableError(`the primitive names are not the first ${names.length} codes of any known protocol (missing ${missing.map((n) => JSON.stringify(n)).join(", ")})`);
  }
  const fallback: MichelineAnnotationRules = names.length <= 111 ? "v0" : names.length <= 147 ? "v1" : "v2";
  return buildMichelineTable(prefix, annotations ?? fallback);
}
