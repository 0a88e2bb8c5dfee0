import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonValidator } from "../../../runtime/index.ts";
import { jsonEqual, jsonStringLength } from "../../../runtime/index.ts";
import { canonicalJson, emitValidators, planValidators, type ValidatorPlan } from "../../../generator/emit/validators.ts";
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

describe("generated JSON validators", () => {
  it("accept values of the schema and reject others, with the reason", () => {
    const header = get("validateGetMonitorHeadsByChainIdOutput");
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
    const pending = get("validateGetChainsMempoolPendingOperationsOutput");
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
    expect(js).toContain('import { jsonEqual, jsonStringLength } from "tezos-rpcgen/runtime";');
    expect(js).not.toContain("require(");
  });
});
