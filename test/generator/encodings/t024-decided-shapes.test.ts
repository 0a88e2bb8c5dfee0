/**
 * Values of T024's registered encodings that the vectors do not cover and that reconciliation
 * used to leave JSON-only, built by hand from Octez's JSON schemas (the OpenAPI document) and
 * Octez's sources: each encodes through `tezos-rpcgen encode` with Octez's codec id, gives the
 * bytes data-encoding writes, and decodes back to the same JSON.
 */
import { describe, expect } from "vitest";
import { loadKaitaiEncodings } from "../../../generator/encodings/load.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runEncode } from "../../../generator/cli/commands/encode.ts";
import type { InspectedInterface } from "../../../generator/cli/spec-source.ts";
import type { DescribedTree } from "../../../generator/describe/read.ts";
import { itWithReference, referenceDir } from "../../support/reference.ts";

const KAITAI = "protocols/t024/kaitai";
const FILES = [KAITAI, "protocols/t024/openapi.json"];
const PROTOCOL = "024-PtTALLiN";
const BRANCH = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
const BRANCH_HEX = "8fcf233671b6a04fcf679d2a381c2544ea6c1ea29ba6157776ed8424c7ccd00b";

let spec: InspectedInterface | undefined;
/** The encodings of the Kaitai folder as `--spec <folder>` reads them (built once). */
function t024(): InspectedInterface {
  if (spec) return spec;
  const tree: DescribedTree = { services: [], dynamicDirectories: [], expansions: [], warnings: [], encodings: loadKaitaiEncodings(referenceDir + KAITAI) };
  return (spec = { source: referenceDir + KAITAI, tree, model: buildCodecModel(tree) });
}

/** Encodes `json` by codec id, checks the decoded value is `json` again, and returns the hex. */
async function roundTrip(encoding: string, json: unknown): Promise<string> {
  const hex = (await runEncode([`${PROTOCOL}.${encoding}`, JSON.stringify(json)], {}, { spec: t024() })).trim();
  expect(JSON.parse(await runDecode([`${PROTOCOL}.${encoding}`, hex], {}, { spec: t024() }))).toEqual(json);
  return hex;
}

const unsigned = (content: unknown) => ({ branch: BRANCH, contents: [content] });

describe("T024 values of shapes the vectors lack", () => {
  itWithReference(FILES)("a vdf_revelation: the solution is a tuple of two 100-byte values (tag 8)", async () => {
    const solution = ["ab".repeat(100), "cd".repeat(100)];
    const hex = await roundTrip("operation.unsigned", unsigned({ kind: "vdf_revelation", solution }));
    expect(hex).toBe(`${BRANCH_HEX}08${solution[0]}${solution[1]}`);
  });

  itWithReference(FILES)("a failing_noop: its arbitrary bytes behind a 4-byte length (tag 17)", async () => {
    const hex = await roundTrip("operation.unsigned", unsigned({ kind: "failing_noop", arbitrary: "cafe" }));
    expect(hex).toBe(`${BRANCH_HEX}1100000002cafe`);
  });

  itWithReference(FILES)("both in a BLS-mode operation, whose contents share most cases with the published ones", async () => {
    const json = { branch: BRANCH, contents: [{ kind: "failing_noop", arbitrary: "00" }] };
    expect(await roundTrip("operation.bls_mode_unsigned", json)).toBe(`${BRANCH_HEX}110000000100`);
  });
});
