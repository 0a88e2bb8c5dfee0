/**
 * Emission for real describe dumps of `../shared/reference/`, written to a temporary folder
 * and type-checked (the codecs file is the stand-in of `support.ts`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { describeTreeHash, readDescribeTree } from "../../../generator/describe/index.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { emitInto, temporaryDirectory, typeCheck } from "./support.ts";

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

const MEMPOOL_PREFIX = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];

const DUMPS = ["describe-mempool-ithaca-2022-06-09.json", "describe-mempool-alpha-2022-06-09.json", "describe-mempool-granada-2021-09-10.raw.json"];

describe("generated folders for real mempool dumps", () => {
  for (const [i, dump] of DUMPS.entries()) {
    itWithReference(dump)(`${dump}: emits, type-checks and is deterministic`, async () => {
      const json = readReference(dump);
      const model = buildCodecModel(readDescribeTree(json, { prefix: MEMPOOL_PREFIX }));
      const options = { source: referenceDir + dump, describeHash: describeTreeHash(json) };
      const files = await emitInto(tmp.path, `dump${i}`, model, options);
      expect(typeCheck(files.filter((f) => f.endsWith(".ts")), tmp.path)).toEqual([]);
      const again = await emitInto(tmp.path, `dump${i}-again`, model, options);
      for (let k = 0; k < files.length; k++) expect(readFileSync(again[k]!, "utf8")).toBe(readFileSync(files[k]!, "utf8"));
      const client = readFileSync(join(tmp.path, `dump${i}`, "client.ts"), "utf8");
      expect(client).toContain("export function getChainsMempoolMonitorOperations(");
      expect(client).toContain("AsyncIterable<GetChainsMempoolMonitorOperationsOutput>");
      const types = readFileSync(files[0]!, "utf8");
      expect(types).toContain(`// Source: ../shared/reference/${dump}`);
    });
  }
});
