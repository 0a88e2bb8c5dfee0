/**
 * The programs of `examples/`, run as a user runs them (`node examples/X.mjs …`) against a
 * loopback stand-in node. They import `@tezos-rpcgen/runtime` and `tezos-rpcgen/shell`; here
 * those resolve to the TypeScript sources (tsx with the project's tsconfig paths), so the test
 * needs no build and always runs the current code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { blake2b } from "@noble/hashes/blake2.js";
import bs58check from "bs58check";
import { BinaryReader, hexToBytes } from "@tezos-rpcgen/runtime";
import { decodeBlockHeader } from "../../generated/shell/index.ts";
import { GENESIS_HEADER_HEX, repoRoot } from "../generator/cli/support.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function example(name: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", `examples/${name}`, ...args], { cwd: repoRoot }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

// Heads as the node streams them: the genesis header with a hash and a growing level.
const genesis = decodeBlockHeader(new BinaryReader(hexToBytes(GENESIS_HEADER_HEX)));
// Block hashes: Base58Check of 32 bytes behind the `B` prefix (1, 52).
const HEAD_HASHES = [0, 1, 2].map((n) => bs58check.encode(Uint8Array.from([1, 52, ...new Uint8Array(32).fill(n)])));
const heads = HEAD_HASHES.map((hash, level) => ({ hash, ...genesis, level }));

let server: Server;
let url: string;
/** Streams still open when a client left: the stand-in never ends the monitor by itself. */
let monitorsClosedByClient = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/chains/main/chain_id") {
      response.writeHead(200, { "content-type": "application/json" }).end('"NetXdQprcVkpaWU"\n');
    } else if (request.method === "GET" && request.url === "/monitor/heads/main") {
      response.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
      for (const head of heads) response.write(`${JSON.stringify(head)}\n`);
      response.on("close", () => monitorsClosedByClient++);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("examples/", () => {
  it("chain-id.mjs URL prints the main chain's id", async () => {
    expect(await example("chain-id.mjs", [url])).toEqual({ code: 0, stdout: "NetXdQprcVkpaWU\n", stderr: "" });
  });

  it("monitor-heads.mjs URL N prints N heads, then leaves the still-open stream", async () => {
    const run = await example("monitor-heads.mjs", [url, "2"]);
    expect(run).toEqual({ code: 0, stdout: `0 ${HEAD_HASHES[0]} 2018-06-30T16:07:32Z\n1 ${HEAD_HASHES[1]} 2018-06-30T16:07:32Z\n`, stderr: "" });
    await expect.poll(() => monitorsClosedByClient).toBe(1);
  });

  it("decode-operation.mjs HEX prints the operation and its hash, and says where bad input fails", async () => {
    const branch = "8fcf233671b6a04fcf679d2a381c2544ea6c1ea29ba6157776ed8424c7ccd00b";
    const hex = `${branch}6c00${"ff".repeat(10)}`;
    // The hash computed here independently: BLAKE2b-256, Base58Check with the `o` prefix (5, 116).
    const hash = bs58check.encode(Uint8Array.from([5, 116, ...blake2b(Buffer.from(hex, "hex"), { dkLen: 32 })]));
    const run = await example("decode-operation.mjs", [hex]);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ hash, branch: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2", data: `6c00${"ff".repeat(10)}` });
    const bad = await example("decode-operation.mjs", [branch.slice(0, 20)]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^DecodeError: decoding failed at \$\.branch \(byte 0\): expected 32 bytes/);
  });
});
