#!/usr/bin/env node
// Prints the chain id of a node's main chain.
//   node examples/chain-id.mjs http://127.0.0.1:8732
import { createHttpTransport } from "@tezos-rpcgen/runtime";
import { getChainsChainId } from "tezos-rpcgen/shell";

const [url] = process.argv.slice(2);
if (url === undefined) {
  console.error("usage: chain-id.mjs NODE_URL");
  process.exit(2);
}

const node = createHttpTransport({ baseUrl: url, timeoutMs: 10_000 });
try {
  console.log(await getChainsChainId(node, { path: { chain_id: "main" } }));
} catch (error) {
  // RpcError (the node answered an error status), TransportError (no answer), ValidationError…
  console.error(`${error.name}: ${error.message}`);
  process.exit(1);
}
