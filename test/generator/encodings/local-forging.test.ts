/**
 * Local forging for protocol 024, typed (issue 20 point 6): the registered encodings written as
 * a snapshot by `tezos-rpcgen encodings`, generated like any snapshot, give an application
 * `OperationUnsigned`, `encodeOperationUnsigned` and `decodeOperationUnsigned`; a program that
 * imports only the generated folder and the runtime type-checks under `strict`, forges Octez's
 * bytes for a T024 transaction and reads them back.
 */
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { encodingsSnapshot } from "../../../generator/cli/commands/encodings.ts";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { codecsSource } from "../../../generator/emit/codecs/index.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { emitInto, temporaryDirectory, typeCheck, writeUsage } from "../emit/support.ts";

const FILES = ["protocols/t024/kaitai", "protocols/t024/openapi.json", "protocols/t024/codec-vectors.json"];
const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

const APP = `import { BinaryReader, BinaryWriter, bytesToHex, hexToBytes } from "@tezos-rpcgen/runtime";
import { decodeOperationUnsigned, encodeOperationUnsigned, type OperationUnsigned } from "./t024/index.ts";

/** The bytes to sign for an unsigned operation. */
export function forge(operation: OperationUnsigned): string {
  const writer = new BinaryWriter();
  encodeOperationUnsigned(writer, operation);
  return bytesToHex(writer.finish());
}

export function parse(hex: string): OperationUnsigned {
  return decodeOperationUnsigned(new BinaryReader(hexToBytes(hex)));
}

export const transfer: OperationUnsigned = {
  branch: "BKpbfCvh777DQHnXjU2sqHvVUNZ7dBAdqEfKkdw8EGSkD9LSYXb",
  contents: [
    {
      kind: "transaction",
      source: "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx",
      fee: "33",
      counter: "732",
      gas_limit: "9451117",
      storage_limit: "57024931117",
      amount: "407",
      destination: "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx",
    },
  ],
};
`;

describe("typed local forging of T024 operations from the generated folder", () => {
  itWithReference(FILES)("type-checks under strict, forges Octez's bytes and decodes them back", async () => {
    const snapshot = encodingsSnapshot(referenceDir + "protocols/t024/kaitai");
    const model = buildCodecModel(readDescribeTree(JSON.parse(JSON.stringify(snapshot))));
    const files = await emitInto(tmp.path, "t024", model, { codecs: codecsSource, source: "t024-encodings.json" });
    const app = writeUsage(tmp.path, "app.ts", APP);
    expect(typeCheck([...files.filter((f) => f.endsWith(".ts")), app], tmp.path)).toEqual([]);

    const vector = readReference<{ vectors: Array<{ name: string; hex: string; json: unknown }> }>("protocols/t024/codec-vectors.json").vectors.find(
      (v) => v.name === "operation.unsigned-transaction-to-implicit",
    )!;
    const { forge, parse, transfer } = (await import(join(tmp.path, "app.ts"))) as { forge: (op: unknown) => string; parse: (hex: string) => unknown; transfer: unknown };
    expect(transfer).toEqual(vector.json);
    expect(forge(transfer)).toBe(vector.hex);
    expect(parse(vector.hex)).toEqual(vector.json);
  });
});
