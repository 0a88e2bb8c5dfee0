#!/usr/bin/env node
// Prints the next N heads of a node's main chain as they come (default 3), one line each:
// level, block hash, timestamp.
//   node examples/monitor-heads.mjs http://127.0.0.1:8732 5
import { createHttpTransport } from "@tezos-rpcgen/runtime";
import { getMonitorHeadsByChainId } from "tezos-rpcgen/shell";

const [url, count = "3"] = process.argv.slice(2);
const wanted = Number(count);
if (url === undefined || !Number.isInteger(wanted) || wanted < 1) {
  console.error("usage: monitor-heads.mjs NODE_URL [N]");
  process.exit(2);
}

const node = createHttpTransport({ baseUrl: url });
// Ctrl-C ends the stream cleanly: an aborted stream just stops.
const stop = new AbortController();
process.once("SIGINT", () => stop.abort());

let seen = 0;
try {
  for await (const head of getMonitorHeadsByChainId(node, { path: { chain_id: "main" } }, { signal: stop.signal })) {
    console.log(`${head.level} ${head.hash} ${head.timestamp}`);
    // Leaving the loop closes the request.
    if (++seen === wanted) break;
  }
} catch (error) {
  console.error(`${error.name}: ${error.message}`);
  process.exit(1);
}
