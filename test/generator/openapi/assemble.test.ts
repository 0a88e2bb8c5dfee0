/**
 * `tezos-rpcgen assemble`: the committed spec/snapshots/tallinn.json is exactly what the command
 * writes from the files it names; the parts land under the block and mempool directories; bad
 * inputs are refused with a message naming them; the registered encodings give OpenAPI bodies
 * the binary form OpenAPI lacks (and the layouts hook is the seam for another way).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { assembleSnapshot } from "../../../generator/assemble/index.ts";
import { runAssemble } from "../../../generator/cli/commands/assemble.ts";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import type { RawNode } from "../../../generator/describe/raw.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { buildCodecModel, NO_BINARY_SCHEMA } from "../../../generator/reconcile/codec-model.ts";
import { exitCodeOf, repoRoot } from "../cli/support.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";

const T024 = "protocols/t024/openapi.json";
const MEMPOOL = "protocols/t024/mempool-openapi.json";
const KAITAI = "protocols/t024/kaitai";
const ORIGIN = "tezos/tezos-mirror docs/api/tallinn-openapi.json and docs/api/tallinn-mempool-openapi.json at commit 5c3bce60631f2294825cbe0505ea34218766b91b";
/** `tezos-rpcgen assemble` as the README documents it for spec/snapshots/tallinn.json (run once). */
let assembled: ReturnType<typeof runAssemble> | undefined;
const tallinn = () => (assembled ??= runAssemble({ shell: "spec/snapshots/shell.json", protocol: referenceDir + T024, mempool: referenceDir + MEMPOOL, layouts: referenceDir + KAITAI, chain: "main", block: "head", origin: ORIGIN }));
const shell = () => JSON.parse(readFileSync(`${repoRoot}spec/snapshots/shell.json`, "utf8")) as unknown;

describe("assemble", () => {
  itWithReference([T024, MEMPOOL, KAITAI])("writes spec/snapshots/tallinn.json byte for byte from the files its source names, with the layouts of the registered encodings", async () => {
    const { text, report } = await tallinn();
    expect(text).toBe(readFileSync(`${repoRoot}spec/snapshots/tallinn.json`, "utf8"));
    const document = JSON.parse(text) as { source: Record<string, string>; encodings: Array<{ id: string }> };
    expect(document.source).toEqual({
      assembled_by: "tezos-rpcgen assemble",
      origin: ORIGIN,
      shell: "spec/snapshots/shell.json",
      protocol: "openapi.json (Octez Protocol tallinn RPC, Octez 24.3 (8f64dace))",
      mempool: "mempool-openapi.json (Octez Mempool RPC, Octez 24.3 (8f64dace))",
      layouts: "kaitai (70 registered encodings)",
      node_version: "Octez 24.3 (8f64dace)",
    });
    expect(document.encodings.map((e) => e.id)).toContain("024-PtTALLiN.operation.unsigned");
    expect(text).not.toContain(referenceDir);
    // The report: laid bodies first, then the JSON-only ones counted by reason.
    expect(report[0]).toMatch(/^protocol: \d+ bodies laid out from \d+ registered encodings \(\d+ by name, \d+ by structure\), \d+ JSON-only:$/);
    expect(report).toContain("   192  error bodies (free JSON error traces)");
    expect(report.some((line) => line.startsWith("mempool: "))).toBe(true);
  });

  itWithReference([T024, MEMPOOL, KAITAI])("lays the forge input, the balances and the rebuilt block routes (the header, the operations), not block_services' operation as the shell's", async () => {
    const { attached, report } = await tallinn();
    expect(attached.map((a) => a.part)).toEqual(["protocol", "mempool"]);
    const laid = new Map(attached[0]!.report.laid.map((b) => [b.body, b.encoding]));
    expect(laid.get("POST /helpers/forge/operations input")).toBe("024-PtTALLiN.operation.unsigned");
    expect(laid.get("GET /context/contracts/<contract_id>/balance output")).toBe("024-PtTALLiN.tez");
    // The block's own routes, rebuilt for Tallinn with their layouts before the registered
    // encodings' are attached (block-directory.test.ts); the shell's `operation` codec is not theirs.
    const had = new Map(attached[0]!.report.laid.map((b) => [b.body, b.how]));
    expect(had.get("GET /header output")).toBe("had a layout");
    expect(had.get("GET /operations/<list_offset>/<operation_offset> output")).toBe("had a layout");
    expect(had.get("GET /operations output")).toBe("had a layout");
    expect(attached[0]!.report.jsonOnly.find((b) => b.body === "GET /metadata output")?.reason).toBe("no registered encoding is block_header_metadata or has its JSON schema");
    expect(report).toContain("  rebuilt GET /header output from block_header.shell, 024-PtTALLiN.block_header.protocol_data (JSON and binary)");
    expect(report).toContain("  rebuilt GET /operations/<list_offset> output from operation.shell_header, 024-PtTALLiN.operation.protocol_data, 024-PtTALLiN.operation.data_and_metadata (JSON and binary)");
    expect(report).toContain("  POST /helpers/parse/operations input: the shell's operation ({branch, data}), not block_services'");
    // The committed bindings built from it serve these bodies in binary: tallinn-loopback.test.ts.
  });

  itWithReference([T024, MEMPOOL])("grafts the protocol under the block directory and the mempool under the mempool directory", () => {
    const document = assembleSnapshot({ shell: { json: shell(), label: "shell.json" }, protocol: { json: readReference(T024), label: "p" }, mempool: { json: readReference(MEMPOOL), label: "m" } });
    const tree = readDescribeTree(document);
    expect(tree.dynamicDirectories).toEqual([]);
    expect(tree.expansions.map((e) => [routeToString(e.route), e.serviceCount])).toEqual([
      ["/chains/<chain_id>/blocks/<block_id>", 192],
      ["/chains/<chain_id>/mempool", 8],
    ]);
    const routes = tree.services.map((s) => `${s.method} ${routeToString(s.route)}`);
    expect(routes).toContain("GET /chains/<chain_id>/blocks/<block_id>/context/contracts/<contract_id>/balance");
    expect(routes).toContain("GET /chains/<chain_id>/mempool/pending_operations");
    expect(routes).toContain("GET /chains/<chain_id>/blocks"); // the shell's own routes stay
  });

  itWithReference([T024, "rpc-openapi-v20.3.json"])("refuses a shell with no block directory to graft into, and nothing to assemble", async () => {
    // The shell's OpenAPI leaves the dynamic directories out, so there is no place for the protocol.
    const noPlace = await exitCodeOf(() => runAssemble({ shell: referenceDir + "rpc-openapi-v20.3.json", protocol: referenceDir + T024, chain: "main", block: "head" }));
    expect(noPlace.code).toBe(2);
    expect(noPlace.message).toMatch(/^cannot assemble: invalid describe snapshot at \/expansions\/0/);
    const noLayouts = await exitCodeOf(() => runAssemble({ shell: "spec/snapshots/shell.json", protocol: referenceDir + T024, layouts: "no/such/kaitai", chain: "main", block: "head" }));
    expect(noLayouts).toEqual({ code: 2, message: "cannot read the layouts: no/such/kaitai: no such file or folder" });
    const nothing = await exitCodeOf(() => runAssemble({ chain: "main", block: "head" }));
    expect(nothing).toEqual({ code: 2, message: "nothing to assemble: give --protocol, --mempool or both" });
  });

  itWithReference(MEMPOOL)("the layouts hook gives a body the binary form its OpenAPI document lacks", () => {
    const route = "/chains/<chain_id>/mempool/unban_all_operations";
    const attach = (tree: RawNode, part: string): RawNode => {
      expect(part).toBe("mempool");
      const service = (tree as unknown as { static: { subdirs: { suffixes: Array<{ name: string; tree: { static: { post_service: Record<string, { binary_schema?: unknown }> } } }> } } }).static.subdirs.suffixes.find((s) => s.name === "unban_all_operations")!.tree.static.post_service;
      // The empty object, as data-encoding describes `empty`: no field.
      service["input"]!.binary_schema = { toplevel: { fields: [] }, fields: [] };
      return tree;
    };
    const document = assembleSnapshot({ shell: { json: shell(), label: "shell.json" }, mempool: { json: readReference(MEMPOOL), label: "m" }, layouts: attach });
    const model = buildCodecModel(readDescribeTree(document));
    const unban = model.services.find((s) => routeToString(s.service.route) === route)!;
    expect(unban.input?.jsonOnly).toBeUndefined();
    expect(unban.output.jsonOnly).toBe(NO_BINARY_SCHEMA);
  });
});
