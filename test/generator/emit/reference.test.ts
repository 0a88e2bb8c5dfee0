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
import { BASE58_CHECKSUMS, operationHash, validateJson } from "../../../runtime/index.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { emitInto, temporaryDirectory, typeCheck, writeUsage } from "./support.ts";
import { codecsSource } from "../../../generator/emit/codecs/index.ts";

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
  hex: string;
}

/** Valid strings of other types, to put where they do not belong. */
const OTHER = {
  tz1: "tz1ddb9NMYHZi5UzPdzTZMYQQZoMub195zgv",
  block: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2",
  kt1: "KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi",
};

/** The string with its last character changed: the Base58Check checksum no longer matches. */
function corrupted(text: string): string {
  return text.slice(0, -1) + (text.endsWith("z") ? "y" : "z");
}

/**
 * Replaces the first of `keys` present in the first contents by `value`; returns the path of
 * the value replaced inside the validated list, or `false` when none is present.
 */
function replaceInContents(keys: string[], value: (old: string) => unknown): (op: Record<string, unknown>) => boolean | string {
  return (op) => {
    const contents = firstContents(op);
    for (const key of keys) {
      const old = contents[key];
      if (typeof old === "string") {
        contents[key] = value(old);
        return `/0/contents/0/${key}`;
      }
    }
    return false;
  };
}

/**
 * Mutations the validators must reject, each applied to a copy of a valid mempool monitor
 * element (`hash`, `protocol` and the operation's fields). A mutation returns `false` when it
 * does not apply, `true`, or the path of a bad Base58Check value: then an error of the
 * `tezosBase58` keyword must point there (inside a `oneOf`, ajv reports every case's error).
 */
const MUTATIONS: Array<[string, (op: Record<string, unknown>) => boolean | string]> = [
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
  ["a tz1 address where the branch (a block hash) is expected", (op) => ((op.branch = OTHER.tz1), "/0/branch")],
  ["a branch with a corrupted checksum", (op) => ((op.branch = corrupted(op.branch as string)), "/0/branch")],
  ["a block hash where the operation hash is expected", (op) => ((op.hash = OTHER.block), "/0/hash")],
  ["a protocol other than the mempool's", (op) => ((op.protocol = OTHER.block), true)],
  ["a signature with a corrupted checksum", (op) => typeof op.signature === "string" && ((op.signature = corrupted(op.signature)), "/0/signature")],
  ["a KT1 address where a public key hash is expected", replaceInContents(["source", "pkh", "delegate"], () => OTHER.kt1)],
  ["a block hash where a contract id is expected", replaceInContents(["destination"], () => OTHER.block)],
  ["a public key hash where a public key is expected", replaceInContents(["public_key"], () => OTHER.tz1)],
  ["a block hash where a payload hash or a protocol is expected", replaceInContents(["block_payload_hash", "proposal"], () => OTHER.block)],
  ["a block header with a timestamp that is no date", (op) => {
    const header = firstContents(op).bh1 as Record<string, unknown> | undefined;
    if (header === undefined) return false;
    header.timestamp = "2022-06-31T00:00:00Z";
    return true;
  }],
  ["a corrupted protocol in a proposal list", (op) => {
    const proposals = firstContents(op).proposals;
    if (!Array.isArray(proposals) || typeof proposals[0] !== "string") return false;
    proposals[0] = corrupted(proposals[0]);
    return "/0/contents/0/proposals/0";
  }],
];

/** Values written differently that Octez reads as the same (the unistring form of a hash). */
const EQUIVALENTS: Array<[string, (op: Record<string, unknown>) => boolean | string]> = [
  ["branch as ASCII bytes in the invalid-UTF-8 form", (op) => ((op.branch = { invalid_utf8_string: [...(op.branch as string)].map((c) => c.charCodeAt(0)) }), true)],
  ["a KT1 destination", replaceInContents(["destination"], () => OTHER.kt1)],
  ["a tz3 source", replaceInContents(["source"], () => "tz3WXYtyDUNL91qfiCJtVUX746QpNv5i5ve5")],
  ["a block header timestamp in decimal seconds", (op) => {
    const header = firstContents(op).bh1 as Record<string, unknown> | undefined;
    if (header === undefined) return false;
    header.timestamp = "1654776000";
    return true;
  }],
];

function firstContents(op: Record<string, unknown>): Record<string, unknown> {
  return (op.contents as Array<Record<string, unknown>>)[0]!;
}

describe("generated folders for real mempool dumps", () => {
  for (const [i, dump] of DUMPS.entries()) {
    itWithReference(dump)(`${dump}: emits, type-checks and is deterministic`, async () => {
      const json = readReference(dump);
      const model = buildCodecModel(readDescribeTree(json, { prefix: MEMPOOL_PREFIX }));
      const options = { source: referenceDir + dump, describeHash: describeTreeHash(json), codecs: codecsSource };
      const files = await emitInto(tmp.path, `dump${i}`, model, options);
      // The real operations of the same protocol must have the generated types, too.
      const roots = files.filter((f) => f.endsWith(".ts"));
      const vectorsOf = VECTORS[dump];
      if (vectorsOf) {
        const operations = readReference<{ vectors: Vector[] }>(vectorsOf.vectors).vectors.filter((v) => v.encoding.endsWith(".operation"));
        const values = operations.map((v, k) => `export const operation${k}: Operation = ${JSON.stringify({ hash: "oo", protocol: vectorsOf.protocol, ...v.json })};`);
        const usage = `import type { MonitorOperationsOutput } from "./dump${i}/index.ts";\ntype Operation = MonitorOperationsOutput[number];\n${values.join("\n")}\n`;
        roots.push(writeUsage(tmp.path, `dump${i}-vectors.ts`, usage));
      }
      expect(typeCheck(roots, tmp.path)).toEqual([]);
      const again = await emitInto(tmp.path, `dump${i}-again`, model, options);
      for (let k = 0; k < files.length; k++) expect(readFileSync(again[k]!, "utf8")).toBe(readFileSync(files[k]!, "utf8"));
      const client = readFileSync(join(tmp.path, `dump${i}`, "client.ts"), "utf8");
      expect(client).toContain("export function monitorOperations(");
      expect(client).toContain("AsyncIterable<MonitorOperationsOutput>");
      const types = readFileSync(files[0]!, "utf8");
      expect(types).toContain(`// Source: ${dump}\n`);

      const vectors = VECTORS[dump];
      if (!vectors) return;
      // Every operation vector, as a mempool monitor element, passes; each mutation fails.
      const validators = (await import(pathToFileURL(join(tmp.path, `dump${i}`, "validators.js")).href)) as Record<string, JsonValidator>;
      const validate = validators["validateMonitorOperationsOutput"]!;
      const operations = readReference<{ vectors: Vector[] }>(vectors.vectors).vectors.filter((v) => v.encoding.endsWith(".operation"));
      expect(operations.length).toBeGreaterThan(10);
      let rejected = 0;
      let accepted = 0;
      for (const vector of operations) {
        // A mempool monitor element: the operation with its hash and protocol.
        const element = { hash: operationHash(Buffer.from(vector.hex, "hex")), protocol: vectors.protocol, ...vector.json };
        expect(validateJson(validate, [element], BASE58_CHECKSUMS), JSON.stringify(validate.errors)).toBe(true);
        expect(validate([element]), JSON.stringify(validate.errors)).toBe(true);
        for (const [what, mutate] of MUTATIONS) {
          const copy = structuredClone(element);
          const applied = mutate(copy);
          if (applied === false) continue;
          // Without checksums, a corrupted checksum (right shape) passes; every other mutation fails.
          expect(validate([copy]), `${what} (shape only): ${JSON.stringify(copy).slice(0, 200)}`).toBe(what.includes("corrupted"));
          expect(validateJson(validate, [copy], BASE58_CHECKSUMS), `${what}: ${JSON.stringify(copy).slice(0, 200)}`).toBe(false);
          if (typeof applied === "string") {
            const reported = (validate.errors ?? []).filter((e) => e.keyword === "tezosBase58").map((e) => e.instancePath);
            expect(reported, what).toContain(applied);
          }
          rejected++;
        }
        for (const [what, rewrite] of EQUIVALENTS) {
          const copy = structuredClone(element);
          if (rewrite(copy) === false) continue;
          expect(validateJson(validate, [copy], BASE58_CHECKSUMS), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
          accepted++;
        }
      }
      expect(rejected).toBeGreaterThan(operations.length * 8);
      expect(accepted).toBeGreaterThan(operations.length);
      // The error says what was expected.
      validate([{ ...structuredClone(operations[0]!.json), hash: OTHER.block, protocol: vectors.protocol }]);
      expect(validate.errors?.[0]).toMatchObject({ instancePath: "/0/hash", keyword: "tezosBase58", message: 'must be an operation hash (Base58Check, 51 characters starting with "o")' });
    });
  }
});
