/**
 * The same recorded vectors as codec-vectors.test.ts, through the emitted straight-line codecs:
 * each dump is generated into a temporary folder (with the vectors' Octez codecs added as extra
 * definitions, so that they are emitted like any other), type-checked, imported and run. The
 * emitted codecs must agree with the IR interpreter on every vector.
 */
import { isDeepStrictEqual } from "node:util";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { nameInterface } from "../../../generator/emit/names.ts";
import { codecsSource } from "../../../generator/emit/codecs/index.ts";
import { BinaryReader, BinaryWriter, bytesToHex, hexToBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { emitInto, temporaryDirectory, typeCheck } from "../emit/support.ts";
import { vectorCodec } from "./vector-codecs.ts";
import expectedFailures from "./expected-failures.json" with { type: "json" };

interface Vector {
  encoding: string;
  json: unknown;
  hex: string;
  decoded_json: unknown;
}

type Decoder = (r: BinaryReader) => unknown;
type Encoder = (w: BinaryWriter, v: unknown) => void;

const MEMPOOL_PREFIX = ["chains", { kind: "arg" as const, name: "chain_id", multiple: false }, "mempool"];
const expected: Record<string, string> = expectedFailures.expected;
const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

const pairs = [
  { dump: "describe-mempool-alpha-2022-06-09.json", vectors: "codec-vectors-alpha-2022-06-09.json", passing: 41 },
  { dump: "describe-mempool-ithaca-2022-06-09.json", vectors: "codec-vectors-ithaca-2022-06-09.json", passing: 41 },
];

describe.each(pairs)("emitted codecs of $dump on $vectors", ({ dump, vectors, passing }) => {
  itWithReference([dump, vectors])("decode to Octez's JSON and encode to Octez's bytes", async () => {
    const model = buildCodecModel(readDescribeTree(readReference(dump), { prefix: MEMPOOL_PREFIX }));
    const list = readReference<{ vectors: Vector[] }>(vectors).vectors;
    for (const vector of list) {
      if (model.definitions.has(`vector:${vector.encoding}`)) continue;
      const codec = vectorCodec(model, vector.encoding);
      if (codec) model.definitions.set(`vector:${vector.encoding}`, { name: `vector:${vector.encoding}`, codec });
    }
    const folder = dump.replace(/\.json$/, "");
    const files = await emitInto(tmp.path, folder, model, { codecs: codecsSource, source: dump });
    expect(typeCheck(files.filter((f) => f.endsWith(".ts")), tmp.path)).toEqual([]);
    const codecs = (await import(join(tmp.path, folder, "codecs.ts"))) as Record<string, Decoder | Encoder>;
    const names = nameInterface(model);

    const problems: string[] = [];
    let passed = 0;
    for (const [index, vector] of list.entries()) {
      const id = vector.encoding.replace(/^(alpha|\d{3}-[A-Za-z0-9]{8})\./, "");
      const typeName = names.definitions.get(`vector:${vector.encoding}`);
      let failure: string | undefined;
      if (typeName === undefined) failure = "no codec in the dump";
      else {
        const decode = codecs[`decode${typeName}`] as Decoder;
        const encode = codecs[`encode${typeName}`] as Encoder;
        try {
          const reader = new BinaryReader(hexToBytes(vector.hex));
          const decoded = decode(reader);
          reader.expectEnd();
          if (!isDeepStrictEqual(decoded, vector.decoded_json)) failure = `decoded ${JSON.stringify(decoded)}`;
          const writer = new BinaryWriter();
          encode(writer, vector.json);
          const hex = bytesToHex(writer.finish());
          if (hex !== vector.hex) failure = `encoded ${hex}`;
        } catch (error) {
          failure = (error as Error).message;
        }
      }
      if (failure === undefined) {
        passed++;
        if (expected[id] !== undefined) problems.push(`#${index} ${vector.encoding} passes but is listed as an expected failure`);
      } else if (expected[id] === undefined) problems.push(`#${index} ${vector.encoding} fails: ${failure}`);
    }
    expect(problems).toEqual([]);
    expect(passed).toBe(passing);
  });
});
