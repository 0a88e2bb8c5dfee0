/**
 * The sandbox's Tallinn answers against the generated T024 validators, checked at both ends
 * (the server's output validation on, the generated client's on by default), on the routes a
 * transfer uses, in JSON and, where T024 publishes a layout (the generated codecs of Octez's
 * Kaitai files), in binary. The block's own routes (`/`, `/header`, `/metadata`, `/operations…`)
 * are typed for Tallinn by `assemble`'s rebuild (Octez's `tallinn-openapi.json` types them for
 * the genesis head it was written at), so a block holding a transfer and its receipt passes
 * them; the genesis block, of another protocol, is not checked against them.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InMemorySigner } from "@taquito/signer";
import { bytesToHex, createHttpTransport, hexToBytes, operationHash, type RpcTransport } from "@tezos-rpcgen/runtime";
import { HttpTransport, binaryBodies } from "../../../runtime/client/index.ts";
import { binaryCodecs as t024Binary } from "../../../generated/tallinn/binary.ts";
import * as t024 from "../../../generated/tallinn/client.ts";
import { readDescribeTree } from "../../../generator/describe/index.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { startSandbox, type RunningSandbox } from "../../../sandbox/start.ts";
import { BOOTSTRAP_KEYS } from "../../../sandbox/tallinn/accounts.ts";
import { forgeOperation, type ManagerContent } from "../../../sandbox/tallinn/forge.ts";

const b1 = BOOTSTRAP_KEYS.bootstrap1;
const b2 = BOOTSTRAP_KEYS.bootstrap2;
let sandbox: RunningSandbox;
let node: RpcTransport;
const failures: unknown[] = [];

type Body = { json_schema: unknown; binary_schema?: unknown };
/** Every body of a describe tree, in tree order. */
function bodies(node: unknown, into: Body[] = []): Body[] {
  if (Array.isArray(node)) for (const item of node) bodies(item, into);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if ((key === "input" || key === "output" || key === "error") && value !== null && typeof value === "object" && "json_schema" in value) into.push(value as Body);
      else bodies(value, into);
    }
  }
  return into;
}
const at = { chain_id: "main", block_id: "head" };
let transfer: { branch: string; contents: ManagerContent[]; signature: string };
let signedHex: string;

beforeAll(async () => {
  sandbox = await startSandbox({ validateOutput: true, netAddr: false, onError: (e) => failures.push(e) });
  node = createHttpTransport({ baseUrl: sandbox.url });
  const branch = sandbox.node.mainChain.head.hash;
  const contents: ManagerContent[] = [{ kind: "transaction", source: b1.publicKeyHash, fee: "600", counter: "1", gas_limit: "2200", storage_limit: "0", amount: "1500000", destination: b2.publicKeyHash }];
  const { sbytes, prefixSig } = await new InMemorySigner(b1.secretKey).sign(bytesToHex(forgeOperation({ branch, contents })), new Uint8Array([3]));
  transfer = { branch, contents, signature: prefixSig };
  signedHex = sbytes;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe("Tallinn answers and the generated T024 validators", () => {
  it("accept the answers of the context, helpers and mempool routes a transfer uses", async () => {
    const chain_id = sandbox.node.network.chainId;
    expect((await t024.getConstants(node, { path: at })).cost_per_byte).toBe("250");
    expect(await t024.getCurrentLevel(node, { path: at })).toEqual({ level: 2, level_position: 1, cycle: 0, cycle_position: 1, expected_commitment: false });
    expect(await t024.getContract(node, { path: { ...at, contract_id: b1.publicKeyHash } })).toEqual({ balance: "4000000000000", delegate: b1.publicKeyHash, counter: "0", revealed: true });
    expect(await t024.getContractBalance(node, { path: { ...at, contract_id: b1.publicKeyHash } })).toBe("4000000000000");
    expect(await t024.getContractCounter(node, { path: { ...at, contract_id: b1.publicKeyHash } })).toBe("0");
    expect(await t024.getContractManagerKey(node, { path: { ...at, contract_id: b1.publicKeyHash } })).toBe(b1.publicKey);
    expect(await t024.getContractDelegate(node, { path: { ...at, contract_id: b1.publicKeyHash } })).toBe(b1.publicKeyHash);
    expect(await t024.getContracts(node, { path: at })).toContain(b2.publicKeyHash);
    const forged = await t024.forgeOperations(node, { path: at, body: { branch: transfer.branch, contents: transfer.contents } as never });
    expect(signedHex.startsWith(forged)).toBe(true);
    // Octez's `{branch, data}`: the shell's operation, the bytes after the branch.
    const parsed = await t024.parseOperations(node, { path: at, body: { operations: [{ branch: transfer.branch, data: signedHex.slice(64) }] } });
    expect(parsed).toEqual([{ branch: transfer.branch, contents: transfer.contents, signature: expect.stringMatching(/^sig/) }]);
    const run = await t024.runOperation(node, { path: at, body: { operation: transfer, chain_id } as never });
    expect((run as { contents: Array<{ metadata: { operation_result: { status: string } } }> }).contents[0]!.metadata.operation_result.status).toBe("applied");
    const simulated = await t024.simulateOperation(node, { path: at, body: { operation: transfer, chain_id } as never });
    expect(simulated).toEqual(run);
    const preapplied = await t024.preapplyOperations(node, { path: at, body: [{ protocol: "PtTALLiNtPec7mE7yY4m3k26J8Qukef3E3ehzhfXgFZKGtDdAXu", ...transfer }] as never });
    expect(preapplied).toHaveLength(1);
    const hash = await t024.postInjectionOperation(node, { body: signedHex });
    const pending = await t024.getPendingOperations(node, { path: { chain_id: "main" } });
    expect(pending.validated).toEqual([{ hash, branch: transfer.branch, contents: transfer.contents, signature: expect.stringMatching(/^sig/) }]);
    sandbox.node.produceBlock();
    expect(await t024.getBlockOperationHashes(node, { path: at })).toEqual([[], [], [], [hash]]);
    expect(await t024.getBlockHash(node, { path: at })).toBe(sandbox.node.mainChain.head.hash);
    expect(await t024.getContractBalance(node, { path: { ...at, contract_id: b2.publicKeyHash } })).toBe("4000001500000");
    expect(failures).toEqual([]);
  });

  it("accept the same answers in binary where T024 publishes a layout (generated client with the binary codecs)", async () => {
    const seen: string[] = [];
    // Records which calls were answered in binary: the client falls back to JSON on JSON-only routes.
    const recording: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (answer.headers.get("content-type")?.startsWith("application/octet-stream")) seen.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return answer;
    };
    const binary = new HttpTransport({ baseUrl: sandbox.url, mediaType: "application/octet-stream", binary: binaryBodies(t024Binary), fetch: recording });
    const contract = { ...at, contract_id: b1.publicKeyHash };
    const reads: Array<(t: RpcTransport) => Promise<unknown>> = [
      (t) => t024.getChainsChainId(t, { path: { chain_id: "main" } }),
      (t) => t024.getCurrentLevel(t, { path: at }),
      (t) => t024.getConstants(t, { path: at }),
      (t) => t024.getContract(t, { path: contract }),
      (t) => t024.getContractBalance(t, { path: contract }),
      (t) => t024.getContractSpendable(t, { path: contract }),
      (t) => t024.getContractFullBalance(t, { path: contract }),
      (t) => t024.getContractCounter(t, { path: contract }),
      (t) => t024.getContractManagerKey(t, { path: contract }),
      (t) => t024.getContractDelegate(t, { path: contract }),
      (t) => t024.getBlockOperationHashes(t, { path: at }),
      (t) => t024.getPendingOperations(t, { path: { chain_id: "main" } }),
    ];
    for (const read of reads) expect(await read(binary)).toEqual(await read(node));
    // A transfer injected in binary: the operation's bytes go as they are, the hash comes back.
    const counter = String(BigInt(await t024.getContractCounter(node, { path: contract })) + 1n);
    const contents: ManagerContent[] = [{ ...transfer.contents[0]!, counter }];
    const branch = sandbox.node.mainChain.head.hash;
    const { sbytes } = await new InMemorySigner(b1.secretKey).sign(bytesToHex(forgeOperation({ branch, contents })), new Uint8Array([3]));
    const hash = await t024.postInjectionOperation(binary, { body: sbytes });
    expect(hash).toBe(operationHash(hexToBytes(sbytes)));
    expect((await t024.getPendingOperations(binary, { path: { chain_id: "main" } })).validated.map((o) => o.hash)).toEqual([hash]);
    const block = "/chains/main/blocks/head";
    expect(seen).toEqual([
      "GET /chains/main/chain_id",
      `GET ${block}/helpers/current_level`,
      `GET ${block}/context/contracts/${b1.publicKeyHash}/balance`,
      `GET ${block}/context/contracts/${b1.publicKeyHash}/spendable`,
      `GET ${block}/context/contracts/${b1.publicKeyHash}/full_balance`,
      "POST /injection/operation",
    ]);
    expect(failures).toEqual([]);
  });

  it("/describe answers the Tallinn snapshot, its expansions under the dynamic directories, every body with a binary schema (none: describe's JSON-only form)", async () => {
    const snapshot = JSON.parse(readFileSync(new URL("../../../spec/snapshots/tallinn.json", import.meta.url), "utf8")) as { root: unknown; expansions: Array<{ prefix: string[]; tree: unknown }> };
    const describe = async (path: string) => {
      const answer = await fetch(`${sandbox.url}/describe${path}?recurse=yes`);
      expect(answer.status, path).toBe(200);
      return answer.json();
    };
    // The snapshot's OpenAPI-born bodies have a JSON schema only; a node publishes both, so the
    // answer gives them describe's "no binary form" (and passes the server's output check).
    const answered = [await describe(""), ...(await Promise.all(snapshot.expansions.map(({ prefix }) => describe(`/${prefix.join("/")}`))))];
    const published = [snapshot.root, ...snapshot.expansions.map((e) => e.tree)];
    let filled = 0;
    answered.forEach((tree, i) => {
      const want = bodies(published[i]);
      const got = bodies(tree);
      expect(got.map((b) => b.json_schema)).toEqual(want.map((b) => b.json_schema));
      got.forEach((body, k) => {
        if (want[k]!.binary_schema !== undefined) expect(body.binary_schema).toEqual(want[k]!.binary_schema);
        else {
          expect(body.binary_schema).toEqual({ toplevel: { tag_size: "Uint8", kind: { kind: "Dynamic" }, cases: [] }, fields: [] });
          filled++;
        }
      });
    });
    expect(filled).toBeGreaterThan(100);
    expect(await describe("/chains/NetXdQprcVkpaWU/blocks/1")).toEqual(answered[1]);
    // Read back, the answer is the same interface, its filled bodies JSON-only.
    const prefix = ["chains", "main", "blocks", "head"];
    const read = readDescribeTree(answered[1], { prefix });
    expect(read.services.map((s) => routeToString(s.route))).toEqual(readDescribeTree(snapshot.expansions[0]!.tree, { prefix }).services.map((s) => routeToString(s.route)));
    const constants = read.services.find((s) => routeToString(s.route) === "/chains/main/blocks/head/context/constants");
    expect(constants?.output.binary?.toplevel).toEqual({ kind: "Cases", tagSize: "Uint8", dataKind: { kind: "Dynamic" }, cases: [] });
    expect(failures).toEqual([]);
  });

  it("a route the sandbox does not model answers a typed error naming it, not a 404", async () => {
    const answer = await fetch(`${sandbox.url}/chains/main/blocks/head/context/delegates`);
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual([{ kind: "permanent", id: "sandbox.rpc.not_modelled", route: "GET /chains/<chain_id>/blocks/<block_id>/context/delegates" }]);
  });

  it("starts from the bootstrap accounts of a protocol parameters file", async () => {
    const b3 = BOOTSTRAP_KEYS.bootstrap3;
    const own = await startSandbox({ netAddr: false, protocolParameters: { bootstrap_accounts: [[b3.publicKey, "42000000"], ["tz1cckAZtxYwxAfwQuHnabTWfbp2ScWobxHH", "7"]] } });
    try {
      const t = createHttpTransport({ baseUrl: own.url });
      expect(await t024.getContract(t, { path: { ...at, contract_id: b3.publicKeyHash } })).toEqual({ balance: "42000000", delegate: b3.publicKeyHash, counter: "0", revealed: true });
      expect(await t024.getContract(t, { path: { ...at, contract_id: "tz1cckAZtxYwxAfwQuHnabTWfbp2ScWobxHH" } })).toEqual({ balance: "7", counter: "0", revealed: false });
      expect(await t024.getContractBalance(t, { path: { ...at, contract_id: b1.publicKeyHash } })).toBe("0");
    } finally {
      await own.stop();
    }
    await expect(startSandbox({ netAddr: false, protocolParameters: { bootstrap_accounts: [["tz1cckAZtxYwxAfwQuHnabTWfbp2ScWobxHH", 7]] } })).rejects.toThrow(/parameters\.bootstrap_accounts\[0\]\.amount/);
  });

  it("accept the block's own answers for a block holding a transfer with its receipt; the genesis block is answered in its own protocol's shapes, unchecked", async () => {
    const b3 = BOOTSTRAP_KEYS.bootstrap3;
    const branch = sandbox.node.mainChain.head.hash;
    const counter = String(BigInt(await t024.getContractCounter(node, { path: { ...at, contract_id: b3.publicKeyHash } })) + 1n);
    const contents: ManagerContent[] = [{ kind: "transaction", source: b3.publicKeyHash, fee: "600", counter, gas_limit: "2200", storage_limit: "0", amount: "1000", destination: b2.publicKeyHash }];
    const { sbytes } = await new InMemorySigner(b3.secretKey).sign(bytesToHex(forgeOperation({ branch, contents })), new Uint8Array([3]));
    const hash = await t024.postInjectionOperation(node, { body: sbytes });
    sandbox.node.produceBlock();
    const head = sandbox.node.mainChain.head;
    const [pass, index] = [3, (await t024.getBlockOperationHashByListOffset(node, { path: { ...at, list_offset: "3" } })).indexOf(hash)];
    expect(index).toBeGreaterThanOrEqual(0);
    // The generated client validates every answer (on by default); the server checks its own (validateOutput).
    const header = await t024.getBlockHeader(node, { path: at });
    expect(header).toMatchObject({ protocol: head.protocol, hash: head.hash, level: head.header.level, payload_round: 0, liquidity_baking_toggle_vote: "pass" });
    expect(await t024.getBlockHeaderProtocolData(node, { path: at })).toEqual({ protocol: head.protocol, ...(({ protocol: _p, chain_id: _c, hash: _h, level: _l, proto: _v, predecessor: _d, timestamp: _t, validation_pass: _s, operations_hash: _o, fitness: _f, context: _x, ...data }) => data)(header) });
    const metadata = await t024.getBlockMetadata(node, { path: at });
    expect(metadata).toMatchObject({ protocol: head.protocol, next_protocol: head.nextProtocol, level_info: { level: head.header.level } });
    const operation = await t024.getBlockOperationByListOffsetByOperationOffset(node, { path: { ...at, list_offset: String(pass), operation_offset: String(index) } });
    expect(operation).toMatchObject({ protocol: head.protocol, hash, branch, contents: [{ kind: "transaction", source: b3.publicKeyHash, metadata: { operation_result: { status: "applied" } } }] });
    const operations = await t024.getBlockOperations(node, { path: at });
    expect(operations[pass]![index]).toEqual(operation);
    expect(await t024.getBlock(node, { path: at })).toEqual({ protocol: head.protocol, chain_id: sandbox.node.network.chainId, hash: head.hash, header: (({ protocol: _p, chain_id: _c, hash: _h, ...raw }) => raw)(header), metadata, operations });
    // In binary where laid (the header, its protocol data, the operations): the same values, decoded by the generated codecs.
    const inBinary: string[] = [];
    const binary = new HttpTransport({
      baseUrl: sandbox.url,
      mediaType: "application/octet-stream",
      binary: binaryBodies(t024Binary),
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        if (answer.headers.get("content-type")?.startsWith("application/octet-stream")) inBinary.push(new URL(String(input)).pathname);
        return answer;
      },
    });
    expect(await t024.getBlockHeader(binary, { path: at })).toEqual(header);
    expect(await t024.getBlockHeaderProtocolData(binary, { path: at })).toEqual(await t024.getBlockHeaderProtocolData(node, { path: at }));
    const operationPath = { ...at, list_offset: String(pass), operation_offset: String(index) };
    expect(await t024.getBlockOperationByListOffsetByOperationOffset(binary, { path: operationPath })).toEqual(operation);
    expect(await t024.getBlockOperations(binary, { path: at })).toEqual(operations);
    // The block and its metadata have no binary form (docs/protocols.md): answered in JSON.
    expect(await t024.getBlockMetadata(binary, { path: at })).toEqual(metadata);
    expect(await t024.getBlock(binary, { path: at })).toEqual(await t024.getBlock(node, { path: at }));
    expect(inBinary).toEqual([
      "/chains/main/blocks/head/header",
      "/chains/main/blocks/head/header/protocol_data",
      `/chains/main/blocks/head/operations/${pass}/${index}`,
      "/chains/main/blocks/head/operations",
    ]);
    // The genesis block runs the genesis protocol: answered (not as Tallinn), and the server's check lets it through.
    const genesis = { ...at, block_id: "genesis" };
    const genesisHeader = (await (await fetch(`${sandbox.url}/chains/main/blocks/genesis/header`)).json()) as { protocol: string };
    expect(genesisHeader.protocol).toMatch(/^ProtoGenesis/);
    await expect(t024.getBlockHeader(node, { path: genesis })).rejects.toThrow(/does not match its schema/);
    expect(failures).toEqual([]);
  });
});
