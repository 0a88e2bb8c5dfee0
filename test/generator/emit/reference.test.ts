/**
 * Emission for real describe dumps of `../shared/reference/`, written to a temporary folder
 * and type-checked (the codecs file is the stand-in of `support.ts`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { JsonValidator } from "../../../runtime/index.ts";
import { afterAll, describe, expect } from "vitest";
import { describeTreeHash, readDescribeTree } from "../../../generator/describe/index.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { emitInto, temporaryDirectory, typeCheck, writeUsage } from "./support.ts";

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

const MEMPOOL_PREFIX = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];

const DUMPS = ["describe-mempool-ithaca-2022-06-09.json", "describe-mempool-alpha-2022-06-09.json", "describe-mempool-granada-2021-09-10.raw.json"];

/** Dumps with operation vectors of the same protocol, and the protocol hash their mempool answers carry. */
const VECTORS: Record<string, { vectors: string; protocol: string }> = {
  "describe-mempool-ithaca-2022-06-09.json": { vectors: "codec-vectors-ithaca-2022-06-09.json", protocol: "Psithaca2MLRFYargivpo7YvUr7wUDqyxrdhC5CQq78mRvimz6A" },
  "describe-mempool-alpha-2022-06-09.json": { vectors: "codec-vectors-alpha-2022-06-09.json", protocol: "ProtoALphaALphaALphaALphaALphaALphaALphaALphaDdp3zK" },
};

interface Vector {
  encoding: string;
  json: Record<string, unknown>;
}

/** Mutations the validators must reject, each applied to a copy of a valid operation. */
const MUTATIONS: Array<[string, (op: Record<string, unknown>) => boolean]> = [
  ["branch of the wrong type", (op) => ((op.branch = 42), true)],
  ["contents not a list", (op) => ((op.contents = "none"), true)],
  ["unknown contents kind", (op) => ((firstContents(op).kind = "teleportation"), true)],
  [
    "out-of-range integer",
    (op) => {
      const contents = firstContents(op);
      for (const key of ["level", "period", "slot", "round"]) {
        if (typeof contents[key] === "number") {
          contents[key] = 2 ** 40;
          return true;
        }
      }
      return false;
    },
  ],
  [
    "amount given as a number",
    (op) => {
      const contents = firstContents(op);
      if (typeof contents.fee !== "string") return false;
      contents.fee = 33;
      return true;
    },
  ],
];

function firstContents(op: Record<string, unknown>): Record<string, unknown> {
  return (op.contents as Array<Record<string, unknown>>)[0]!;
}

describe("generated folders for real mempool dumps", () => {
  for (const [i, dump] of DUMPS.entries()) {
    itWithReference(dump)(`${dump}: emits, type-checks and is deterministic`, async () => {
      const json = readReference(dump);
      const model = buildCodecModel(readDescribeTree(json, { prefix: MEMPOOL_PREFIX }));
      const options = { source: referenceDir + dump, describeHash: describeTreeHash(json) };
      const files = await emitInto(tmp.path, `dump${i}`, model, options);
      // The real operations of the same protocol must have the generated types, too.
      const roots = files.filter((f) => f.endsWith(".ts"));
      const vectorsOf = VECTORS[dump];
      if (vectorsOf) {
        const operations = readReference<{ vectors: Vector[] }>(vectorsOf.vectors).vectors.filter((v) => v.encoding.endsWith(".operation"));
        const values = operations.map((v, k) => `export const operation${k}: Operation = ${JSON.stringify({ hash: "oo", protocol: vectorsOf.protocol, ...v.json })};`);
        const usage = `import type { GetChainsMempoolMonitorOperationsOutput } from "./dump${i}/index.ts";\ntype Operation = GetChainsMempoolMonitorOperationsOutput[number];\n${values.join("\n")}\n`;
        roots.push(writeUsage(tmp.path, `dump${i}-vectors.ts`, usage));
      }
      expect(typeCheck(roots, tmp.path)).toEqual([]);
      const again = await emitInto(tmp.path, `dump${i}-again`, model, options);
      for (let k = 0; k < files.length; k++) expect(readFileSync(again[k]!, "utf8")).toBe(readFileSync(files[k]!, "utf8"));
      const client = readFileSync(join(tmp.path, `dump${i}`, "client.ts"), "utf8");
      expect(client).toContain("export function getChainsMempoolMonitorOperations(");
      expect(client).toContain("AsyncIterable<GetChainsMempoolMonitorOperationsOutput>");
      const types = readFileSync(files[0]!, "utf8");
      expect(types).toContain(`// Source: ../shared/reference/${dump}`);

      const vectors = VECTORS[dump];
      if (!vectors) return;
      // Every operation vector, as a mempool monitor element, passes; each mutation fails.
      const validators = (await import(pathToFileURL(join(tmp.path, `dump${i}`, "validators.js")).href)) as Record<string, JsonValidator>;
      const validate = validators["validateGetChainsMempoolMonitorOperationsOutput"]!;
      const operations = readReference<{ vectors: Vector[] }>(vectors.vectors).vectors.filter((v) => v.encoding.endsWith(".operation"));
      expect(operations.length).toBeGreaterThan(10);
      let rejected = 0;
      for (const vector of operations) {
        const element = (op: Record<string, unknown>) => [{ hash: "onvqHCxjyTbxX9zkRYxGkDaBt3d5eZ5L5Ap9WHv73SGo3QuJ4AM", protocol: vectors.protocol, ...op }];
        expect(validate(element(vector.json)), JSON.stringify(validate.errors)).toBe(true);
        for (const [what, mutate] of MUTATIONS) {
          const copy = structuredClone(vector.json);
          if (!mutate(copy)) continue;
          expect(validate(element(copy)), `${what}: ${JSON.stringify(copy).slice(0, 200)}`).toBe(false);
          rejected++;
        }
      }
      expect(rejected).toBeGreaterThan(operations.length * 3);
    });
  }
});
