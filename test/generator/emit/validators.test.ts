import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonValidator } from "../../../runtime/index.ts";
import { BASE58, BASE58_CHECKSUMS, encodeBase58Check, expectedTezosBase58, isProtocolTimestamp, isTezosBase58, jsonEqual, jsonStringLength, validateJson } from "../../../runtime/index.ts";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { rootCheckApplies, rootTextCheck, withTextChecks } from "../../../generator/emit/validators/keywords.ts";
import { emitValidators, planValidators, type ValidatorPlan } from "../../../generator/emit/validators/index.ts";
import { canonicalJson } from "../../../generator/emit/validators/canonical-json.ts";
import { nameInterface } from "../../../generator/emit/names.ts";
import { emitInto, temporaryDirectory } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

const tmp = temporaryDirectory();
let validators: Record<string, JsonValidator>;

beforeAll(async () => {
  await emitInto(tmp.path, "synthetic", syntheticModel());
  validators = (await import(pathToFileURL(join(tmp.path, "synthetic", "validators.js")).href)) as Record<string, JsonValidator>;
});
afterAll(() => tmp.cleanup());

const get = (name: string): JsonValidator => {
  const v = validators[name];
  if (!v) throw new Error(`no validator ${name}`);
  return v;
};

/** The validator of a service's output, found through the plan (a body several services share has a name of its own). */
const outputOf = (operation: string): JsonValidator => {
  const model = syntheticModel();
  const names = nameInterface(model);
  return get(planValidators(model, names).services[names.services.findIndex((s) => s.operation === operation)]!.output);
};

describe("generated JSON validators", () => {
  it("accept values of the schema and reject others, with the reason", () => {
    const header = outputOf("getMonitorHeadsByChainId");
    const hash = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
    expect(header({ level: 12, predecessor: hash })).toBe(true);
    expect(header({ level: "12", predecessor: hash })).toBe(false);
    expect(header.errors?.[0]?.instancePath).toBe("/level");
    expect(header({ level: 2 ** 31, predecessor: hash })).toBe(false);
    expect(header({ level: 1, predecessor: "xyz" })).toBe(false);
    expect(header({ level: 1 })).toBe(false);
    expect(header({ level: 1, predecessor: hash, extra: true })).toBe(false);
    expect(header([])).toBe(false);
  });

  it("follow recursive references and unions (draft-04)", () => {
    const pending = get("validateGetPendingOperationsOutput");
    expect(pending({ applied: [{ kind: "old_transaction", memo: "hi", extra: { more: [{ tag: null }, { more: [] }] } }] })).toBe(true);
    expect(pending({ applied: [{ kind: "old_transaction", memo: { invalid_utf8_string: [255, 0] } }] })).toBe(true);
    expect(pending({ applied: [{ kind: "old_transaction", memo: { invalid_utf8_string: [256] } }] })).toBe(false);
    expect(pending({ applied: [{ kind: "old_transaction", extra: { more: [{ tag: 1 }] } }] })).toBe(false);
    expect(pending({ applied: [{ kind: "new_transaction" }] })).toBe(false);
  });

  it("count string lengths in code points and compare structures like JSON Schema", () => {
    expect(jsonStringLength("abc")).toBe(3);
    expect(jsonStringLength("a😀b")).toBe(3);
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });

  it("share one validator between bodies with the same schema", () => {
    const model = syntheticModel();
    const plan = planValidators(model, nameInterface(model));
    const distinct = new Set(plan.validators.map((v) => canonicalJson(v.schema)));
    expect(distinct.size).toBe(plan.validators.length);
    const heads = plan.services.map((s) => s.output);
    expect(heads[7]).toBe(heads[2]); // /things/<id>/items and /monitor/heads/<chain_id> answer the same schema
  });

  it("check the Base58Check type of hashes, which the schemas type as bare text", () => {
    const header = outputOf("getMonitorHeadsByChainId");
    const operation = "onvqHCxjyTbxX9zkRYxGkDaBt3d5eZ5L5Ap9WHv73SGo3QuJ4AM";
    // Text of the right shape that is no value at all: only the checksum test refuses it.
    const garbage = { level: 1, predecessor: encodeBase58Check(BASE58.operation_hash, new Uint8Array(32)).replace(/^o/, "B") };
    expect([header(garbage), validateJson(header, garbage, BASE58_CHECKSUMS)]).toEqual([true, false]);
    // A bad checksum has the right shape: refused only when the caller asks for checksums.
    const badChecksum = { level: 1, predecessor: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW3" };
    expect(header(badChecksum)).toBe(true);
    expect(validateJson(header, badChecksum)).toBe(true);
    expect(validateJson(header, badChecksum, BASE58_CHECKSUMS)).toBe(false);
    expect(header.errors?.[0]).toMatchObject({ instancePath: "/predecessor", keyword: "tezosBase58", params: { group: "block_hash" } });
    expect(validateJson(header, { level: 1, predecessor: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2" }, BASE58_CHECKSUMS)).toBe(true);
    // A method call gives the validator another `this`: still the shape only.
    expect({ validate: header }.validate(badChecksum)).toBe(true);
    expect(header({ level: 1, predecessor: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW0" })).toBe(false);
    expect(header.errors?.[0]).toMatchObject({ instancePath: "/predecessor", keyword: "tezosBase58", params: { group: "block_hash" } });
    expect(header.errors?.[0]?.message).toBe('must be a block hash (Base58Check, 51 characters starting with "B")');
    expect(header({ level: 1, predecessor: operation })).toBe(false);
  });

  it("route maxLength and enum helpers through the runtime entry", () => {
    const plan: ValidatorPlan = {
      services: [],
      validators: [
        {
          name: "validateShort",
          schema: { $schema: "http://json-schema.org/draft-04/schema#", type: "object", properties: { s: { type: "string", maxLength: 2 }, o: { enum: [{ a: 1 }, [2]] } } },
          usedBy: ["Short"],
        },
      ],
    };
    const { js } = emitValidators(plan);
    expect(js).toContain('import { jsonEqual, jsonStringLength } from "@tezos-rpcgen/runtime";');
    expect(js).not.toContain("require(");
  });
});

const DRAFT = "http://json-schema.org/draft-04/schema#";
const UNISTRING: JsonSchema = {
  oneOf: [
    { type: "string" },
    { type: "object", properties: { invalid_utf8_string: { type: "array", items: { type: "integer", minimum: 0, maximum: 255 } } }, required: ["invalid_utf8_string"], additionalProperties: false },
  ],
};
const text = (title: string): JsonSchema => ({ title, $ref: "#/definitions/unistring" });

describe("hash, key and timestamp checks of the validators", () => {
  const block = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
  const tz1 = "tz1ddb9NMYHZi5UzPdzTZMYQQZoMub195zgv";
  const kt1 = "KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi";
  const signature = encodeBase58Check(BASE58.generic_signature, new Uint8Array(64).fill(7));
  const edsig = encodeBase58Check(BASE58.ed25519_signature, new Uint8Array(64).fill(7));
  const edpk = encodeBase58Check(BASE58.ed25519_public_key, new Uint8Array(32).fill(1));
  const ascii = (s: string) => ({ invalid_utf8_string: [...s].map((c) => c.charCodeAt(0)) });

  it("runtime: isTezosBase58 checks the type, the checksum and the unistring form", () => {
    expect(isTezosBase58("block_hash", block)).toBe(true);
    expect(isTezosBase58("block_hash", ascii(block))).toBe(true);
    expect(isTezosBase58("block_hash", { invalid_utf8_string: [0xff, ...ascii(block).invalid_utf8_string] })).toBe(false);
    expect(isTezosBase58("block_hash", block.slice(0, -1) + "3")).toBe(false);
    expect(isTezosBase58("block_hash", tz1)).toBe(false);
    expect(isTezosBase58("block_hash", 12)).toBe(false);
    expect(isTezosBase58("public_key_hash", tz1)).toBe(true);
    expect(isTezosBase58("public_key_hash", kt1)).toBe(false);
    expect(isTezosBase58("contract_id", kt1)).toBe(true);
    expect(isTezosBase58("contract_id", tz1)).toBe(true);
    expect(isTezosBase58("signature", signature)).toBe(true);
    expect(isTezosBase58("signature", edsig)).toBe(true);
    expect(isTezosBase58("signature", edpk)).toBe(false);
    expect(isTezosBase58("public_key", edpk)).toBe(true);
    expect(() => isTezosBase58("no_such_group", block)).toThrow(/unknown Base58Check group/);
    expect(expectedTezosBase58("public_key_hash")).toBe('a public key hash (Base58Check, starting with "tz1", "tz2", "tz3", "tz4", "tz5")');
  });

  it("runtime: isProtocolTimestamp reads RFC 3339 and decimal seconds with the runtime's parser", () => {
    expect(isProtocolTimestamp("2022-06-09T12:00:00Z")).toBe(true);
    expect(isProtocolTimestamp("2022-06-09T14:00:00.5+02:00")).toBe(true);
    expect(isProtocolTimestamp("-62167219201")).toBe(true);
    expect(isProtocolTimestamp(ascii("2022-06-09T12:00:00Z"))).toBe(true);
    expect(isProtocolTimestamp("2022-02-30T12:00:00Z")).toBe(false);
    expect(isProtocolTimestamp("9223372036854775808")).toBe(false);
    expect(isProtocolTimestamp("yesterday")).toBe(false);
    expect(isProtocolTimestamp(1654776000)).toBe(false);
  });

  it("mark named definitions (protocol prefix removed) and hash roots, never structures", () => {
    const blockHash = { keyword: "tezosBase58", value: "block_hash" } as const;
    const schema: JsonSchema = {
      $schema: DRAFT,
      type: "object",
      definitions: {
        unistring: UNISTRING,
        block_hash: text("A block identifier (Base58Check-encoded)"),
        "alpha.contract_id": { ...text("A contract handle"), description: "tz or KT1" },
        "012-Psithaca.cycle_nonce": text("A nonce hash (Base58Check-encoded)"),
        // A known name reused for a structure is left alone.
        Operation_hash: { type: "object", properties: {} },
        "timestamp.protocol": text("A timestamp"),
      },
    };
    const marked = withTextChecks(schema);
    expect(marked.definitions?.["block_hash"]).toMatchObject({ tezosBase58: "block_hash", $ref: "#/definitions/unistring" });
    expect(marked.definitions?.["alpha.contract_id"]).toMatchObject({ tezosBase58: "contract_id" });
    expect(marked.definitions?.["012-Psithaca.cycle_nonce"]).toMatchObject({ tezosBase58: "nonce_hash" });
    expect(marked.definitions?.["Operation_hash"]).toEqual({ type: "object", properties: {} });
    expect(marked.definitions?.["timestamp.protocol"]).toEqual({ ...text("A timestamp"), tezosTimestamp: "protocol" });
    expect(marked.definitions?.["unistring"]).toEqual(UNISTRING);
    expect(schema.definitions?.["block_hash"]).not.toHaveProperty("tezosBase58");
    // A root check applies to a root that is text, never to a structure.
    expect(rootCheckApplies(schema)).toBe(false);
    expect(rootCheckApplies({ ...text("Block hash (Base58Check-encoded)"), definitions: { unistring: UNISTRING } })).toBe(true);
    expect(rootTextCheck({ kind: "known", id: "block_hash", size: { kind: "fixed", bytes: 32 } })).toEqual(blockHash);
    expect(rootTextCheck({ kind: "known", id: "contract_id", size: { kind: "fixed", bytes: 22 } })).toEqual({ keyword: "tezosBase58", value: "contract_id" });
    expect(rootTextCheck({ kind: "known", id: "timestamp_protocol", size: { kind: "fixed", bytes: 8 } })).toEqual({ keyword: "tezosTimestamp", value: "protocol" });
    expect(rootTextCheck({ kind: "known", id: "zarith_n", size: { kind: "variable" } })).toBeUndefined();
  });

  it("compile to calls of the runtime entry, for roots and definitions alike", async () => {
    const plan: ValidatorPlan = {
      services: [],
      validators: [
        { name: "validateHash", schema: { $schema: DRAFT, ...text("Block hash (Base58Check-encoded)"), definitions: { unistring: UNISTRING } }, rootCheck: { keyword: "tezosBase58", value: "block_hash" }, usedBy: ["Hash"] },
        {
          name: "validateTransfer",
          schema: {
            $schema: DRAFT,
            type: "object",
            properties: {
              source: { $ref: "#/definitions/Signature.Public_key_hash" },
              destination: { $ref: "#/definitions/alpha.contract_id" },
              signature: { $ref: "#/definitions/Signature" },
              timestamp: { $ref: "#/definitions/timestamp.protocol" },
            },
            required: ["source", "destination"],
            additionalProperties: false,
            definitions: {
              unistring: UNISTRING,
              "Signature.Public_key_hash": text("A public key hash (Base58Check-encoded)"),
              "alpha.contract_id": text("A contract handle"),
              Signature: text("A signature (Base58Check-encoded)"),
              "timestamp.protocol": text("A timestamp"),
            },
          },
          usedBy: ["Transfer"],
        },
      ],
    };
    const { js } = emitValidators(plan);
    expect(js).toContain('import { isBase58Shaped, isProtocolTimestamp, jsonPattern } from "@tezos-rpcgen/runtime";');
    expect(js).not.toContain("require(");
    expect(emitValidators(plan).js).toBe(js);
    const path = join(tmp.path, "base58-validators.js");
    writeFileSync(path, js, "utf8");
    const module = (await import(pathToFileURL(path).href)) as Record<string, JsonValidator>;
    const hash = module["validateHash"]!;
    const transfer = module["validateTransfer"]!;
    expect(hash(block)).toBe(true);
    expect(hash(ascii(block))).toBe(true);
    expect(hash(tz1)).toBe(false);
    expect(hash.errors?.[0]).toMatchObject({ instancePath: "", keyword: "tezosBase58" });
    expect(hash({ invalid_utf8_string: [300] })).toBe(false);
    const badChecksum = block.slice(0, -1) + "3";
    expect([hash(badChecksum), validateJson(hash, badChecksum, BASE58_CHECKSUMS), validateJson(hash, ascii(badChecksum), BASE58_CHECKSUMS)]).toEqual([true, false, false]);
    expect(validateJson(transfer, { source: tz1, destination: kt1.slice(0, -1) + "j", signature }, BASE58_CHECKSUMS)).toBe(false);
    expect(transfer.errors?.[0]?.instancePath).toBe("/destination");
    expect(transfer({ source: tz1, destination: kt1, signature })).toBe(true);
    expect(transfer({ source: tz1, destination: tz1, signature: edsig })).toBe(true);
    expect(transfer({ source: kt1, destination: kt1 })).toBe(false);
    expect(transfer.errors?.[0]).toMatchObject({ instancePath: "/source", message: expect.stringContaining("a public key hash") });
    expect(transfer({ source: tz1, destination: block })).toBe(false);
    expect(transfer.errors?.[0]?.instancePath).toBe("/destination");
    expect(transfer({ source: tz1, destination: kt1, signature: edpk })).toBe(false);
    expect(transfer.errors?.[0]?.instancePath).toBe("/signature");
    expect(transfer({ source: tz1, destination: kt1, timestamp: "2022-06-09T12:00:00Z" })).toBe(true);
    expect(transfer({ source: tz1, destination: kt1, timestamp: "1654776000" })).toBe(true);
    expect(transfer({ source: tz1, destination: kt1, timestamp: "2022-13-09T12:00:00Z" })).toBe(false);
    expect(transfer.errors?.[0]).toMatchObject({ instancePath: "/timestamp", keyword: "tezosTimestamp", message: "must be a protocol timestamp (RFC 3339 or decimal seconds in int64 range)" });
  });
});

describe("invalid schemas", () => {
  it("are reported with the validator's identifier", () => {
    const plan: ValidatorPlan = {
      services: [],
      validators: [{ name: "validateBroken", schema: { type: "object", required: "name" } as unknown as JsonSchema, usedBy: ["Broken"] }],
    };
    expect(() => emitValidators(plan)).toThrow(/schema validateBroken is invalid/);
  });
});
