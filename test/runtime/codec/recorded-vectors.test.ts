/**
 * Recorded Octez vectors (`../shared/reference/codec-vectors-*.json`) whose layouts the
 * primitives cover on their own (no base58, no timestamps): each codec id is mapped explicitly
 * to a codec composed here, then JSON → hex must equal `hex` and hex → JSON `decoded_json`.
 */
import { describe, expect } from "vitest";
import {
  bool,
  constant,
  dynamicBytes,
  dynamicString,
  fixedBytes,
  int32,
  int64,
  intEnum,
  list,
  object,
  option,
  stringEnum,
  uint16,
  uint8,
  union,
  zarithN,
  zarithZ,
  type Codec,
} from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { dec, enc } from "./support.ts";

interface Vector {
  encoding: string;
  json?: unknown;
  hex: string;
  decoded_json?: unknown;
}

const ALPHA = "codec-vectors-alpha-2022-06-09.json";
const SHELL = "codec-vectors-shell.json";

const alphaCodecs: Record<string, Codec<any>> = {
  "alpha.cycle": int32,
  "alpha.raw_level": int32,
  "alpha.period": int64,
  "alpha.tez": zarithN,
  "alpha.gas.cost": zarithZ,
  "alpha.gas": union<string>("Uint8", [
    { tag: 0, name: "Limited", codec: zarithZ, match: (v) => v !== "unaccounted" },
    { tag: 1, name: "Unaccounted", codec: constant("unaccounted"), match: (v) => v === "unaccounted" },
  ]),
  "alpha.nonce": fixedBytes(32),
  "alpha.seed": fixedBytes(32),
  "alpha.fitness": object([
    ["level", int32],
    ["locked_round", option(int32)],
    ["predecessor_round", int32],
    ["round", int32],
  ]),
  "alpha.level": object([
    ["level", int32],
    ["level_position", int32],
    ["cycle", int32],
    ["cycle_position", int32],
    ["expected_commitment", bool],
  ]),
  "alpha.vote.ballot": intEnum("Int8", [[0, "yay"], [1, "nay"], [2, "pass"]]),
  "alpha.vote.ballots": object([
    ["yay", int64],
    ["nay", int64],
    ["pass", int64],
  ]),
  "alpha.voting_period.kind": stringEnum(["proposal", "exploration", "cooldown", "promotion", "adoption"]),
  "alpha.voting_period": object([
    ["index", int32],
    ["kind", stringEnum(["proposal", "exploration", "cooldown", "promotion", "adoption"])],
    ["start_position", int32],
  ]),
};

function check(vectors: Vector[], codecs: Record<string, Codec<any>>): void {
  const seen = new Set<string>();
  for (const v of vectors) {
    const codec = codecs[v.encoding];
    if (codec === undefined) continue;
    seen.add(v.encoding);
    expect(enc(codec, v.json), `${v.encoding} ${JSON.stringify(v.json)}`).toBe(v.hex);
    expect(dec(codec, v.hex), `${v.encoding} ${v.hex}`).toEqual(v.decoded_json);
  }
  // Every mapped codec id must have met at least one vector.
  expect([...seen].sort()).toEqual(Object.keys(codecs).sort());
}

describe("recorded Octez vectors", () => {
  itWithReference(ALPHA)("alpha vectors of integer, zarith, union, enum and object layouts", () => {
    check(readReference<{ vectors: Vector[] }>(ALPHA).vectors, alphaCodecs);
  });

  itWithReference(SHELL)("network_version: fields in definition order", () => {
    const codecs = {
      network_version: object([
        ["chain_name", dynamicString()],
        ["distributed_db_version", uint16],
        ["p2p_version", uint16],
      ]),
    };
    check(readReference<{ vectors: Vector[] }>(SHELL).vectors, codecs);
  });

  itWithReference(SHELL)("the genesis shell header decodes field by field as recorded", () => {
    const { vectors } = readReference<{ vectors: (Vector & { decoded_by_hand?: Record<string, unknown> })[] }>(SHELL);
    const header = vectors.find((v) => v.encoding.startsWith("block_header.shell"));
    expect(header?.decoded_by_hand).toBeDefined();
    const shell = object([
      ["level", int32],
      ["proto", uint8],
      ["predecessor", fixedBytes(32)],
      ["timestamp", int64],
      ["validation_pass", uint8],
      ["operations_hash", fixedBytes(32)],
      ["fitness", list(dynamicBytes())],
      ["context", fixedBytes(32)],
    ]);
    const decoded = dec(shell, header!.hex) as Record<string, unknown>;
    const hand = header!.decoded_by_hand!;
    expect(decoded).toEqual({
      level: hand.level,
      proto: hand.proto,
      predecessor: hand.predecessor_hex,
      timestamp: String(hand.timestamp_seconds),
      validation_pass: hand.validation_pass,
      operations_hash: hand.operations_hash_hex,
      fitness: [],
      context: hand.context_hex,
    });
    expect(enc(shell, decoded)).toBe(header!.hex);
    expect(header!.hex.length / 2).toBe(114);
  });
});
