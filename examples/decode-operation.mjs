#!/usr/bin/env node
// Decodes an operation in its binary form (hex, as the node injects and gossips it: the branch,
// then the protocol-specific bytes) and prints it as JSON with its hash. No node needed.
//   node examples/decode-operation.mjs <hex>
import { decodeBytes, hexToBytes, operationHash } from "@tezos-rpcgen/runtime";
// `operation_2` is the shell's operation as it is hashed and injected; `operation` is the same
// behind a 4-byte length, as it appears inside lists.
import { decodeOperation2, encodeOperation2 } from "tezos-rpcgen/shell";

const [hex] = process.argv.slice(2);
if (hex === undefined) {
  console.error("usage: decode-operation.mjs HEX");
  process.exit(2);
}

try {
  const bytes = hexToBytes(hex.trim());
  const operation = decodeBytes({ decode: decodeOperation2, encode: encodeOperation2 }, bytes);
  console.log(JSON.stringify({ hash: operationHash(bytes), ...operation }, null, 2));
} catch (error) {
  // DecodeError says at which byte and where in the value decoding failed.
  console.error(`${error.name}: ${error.message}`);
  process.exit(1);
}
