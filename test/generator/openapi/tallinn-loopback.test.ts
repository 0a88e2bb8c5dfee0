/**
 * The Tallinn bindings (generated/tallinn, from spec/snapshots/tallinn.json) end to end: the
 * generated client against the runtime's server serving the generated route table with test
 * handlers, in JSON (the OpenAPI bodies are JSON-only), and `tezos-rpcgen rpc` on the balance
 * route the issue names, found in the assembled snapshot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { HttpTransport, RpcError } from "../../../runtime/index.ts";
import { createRpcServer, RpcServerError } from "../../../runtime/server/index.ts";
import * as tallinn from "../../../generated/tallinn/index.ts";
import { runRpc } from "../../../generator/cli/commands/rpc.ts";
import { inspected } from "../cli/support.ts";

const CONTRACT = "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx";
const BRANCH = "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2";
const TRANSACTION = { kind: "transaction", source: CONTRACT, fee: "1300", counter: "7", gas_limit: "1527", storage_limit: "257", amount: "1000000", destination: "tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN" };

const seen: unknown[] = [];
const handlers: Partial<tallinn.Handlers> = {
  getContractBalance(request) {
    seen.push(request.path);
    if (request.path.contract_id !== CONTRACT) throw new RpcServerError(404, [{ kind: "temporary", id: "proto.024-PtTALLiN.contract.non_existing_contract", contract: request.path.contract_id }]);
    return "4263000";
  },
  forgeOperations(request) {
    seen.push(request.body);
    return "00";
  },
  getPendingOperations(request) {
    seen.push(request.query);
    return { validated: [], refused: [], outdated: [], branch_refused: [], branch_delayed: [], unprocessed: [] };
  },
};

let server: Awaited<ReturnType<typeof createRpcServer>>;
beforeAll(async () => {
  server = await createRpcServer({ routes: tallinn.routeTable, handlers: handlers as tallinn.Handlers, partialHandlers: true, validateOutput: true });
});
afterAll(() => server.close());

describe("Tallinn bindings, client ↔ server", () => {
  it("calls protocol routes by their readable names, in JSON, validated both ways", async () => {
    const transport = new HttpTransport({ baseUrl: server.url, validate: true });
    seen.length = 0;
    const balance: string = await tallinn.getContractBalance(transport, { path: { chain_id: "main", block_id: "head", contract_id: CONTRACT } });
    expect(balance).toBe("4263000");
    expect(seen[0]).toMatchObject({ chain_id: "main", block_id: "head", contract_id: CONTRACT });
    expect(await tallinn.forgeOperations(transport, { path: { chain_id: "main", block_id: "head" }, body: { branch: BRANCH, contents: [TRANSACTION as tallinn.ForgeOperationsInput["contents"][number]] } })).toBe("00");
    expect(seen[1]).toEqual({ branch: BRANCH, contents: [TRANSACTION] });
    const pending = await tallinn.getPendingOperations(transport, { path: { chain_id: "main" }, query: { validated: "true", validation_pass: "3" } });
    expect(pending.validated).toEqual([]);
    expect(seen[2]).toMatchObject({ validated: "true", validation_pass: "3" });
  });

  it("refuses a body the protocol's schema refuses, and passes the node's error trace back", async () => {
    const transport = new HttpTransport({ baseUrl: server.url });
    const badKind = tallinn.forgeOperations(transport, { path: { chain_id: "main", block_id: "head" }, body: { branch: BRANCH, contents: [{ ...TRANSACTION, kind: "teleport" }] as never } });
    await expect(badKind).rejects.toMatchObject({ name: "RpcError", status: 400 });
    const missing = await tallinn.getContractBalance(transport, { path: { chain_id: "main", block_id: "head", contract_id: "tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN" } }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RpcError);
    expect((missing as RpcError).status).toBe(404);
    expect((missing as RpcError).trace).toEqual([{ kind: "temporary", id: "proto.024-PtTALLiN.contract.non_existing_contract", contract: "tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN" }]);
  });

  it("tezos-rpcgen rpc GET …/context/contracts/<id>/balance --spec spec/snapshots/tallinn.json", async () => {
    const spec = inspected(fileURLToPath(new URL("../../../spec/snapshots/tallinn.json", import.meta.url)));
    const lines: string[] = [];
    await runRpc("GET", `/chains/main/blocks/head/context/contracts/${CONTRACT}/balance`, undefined, { node: server.url }, { spec, write: (text) => lines.push(text) });
    expect(lines.join("")).toBe('"4263000"\n');
  });
});
