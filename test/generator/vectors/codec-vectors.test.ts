/**
 * The recorded Octez codec vectors against codecs reconciled from the mempool dumps of the same
 * build: decoding the hex gives exactly the JSON Octez printed, and encoding the input JSON gives
 * exactly the hex. Vectors whose encoding the dumps do not contain are listed, with a reason, in
 * expected-failures.json; a listed vector that starts passing fails the test, as does an
 * unlisted vector that fails.
 */
import { describe, expect } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { MEMPOOL_PREFIX, vectorCodec, type Vector } from "./vector-codecs.ts";
import expectedFailures from "./expected-failures.json" with { type: "json" };

const expected: Record<string, string> = expectedFailures.expected;

const pairs = [
  { dump: "describe-mempool-alpha-2022-06-09.json", vectors: "codec-vectors-alpha-2022-06-09.json", passing: 41 },
  { dump: "describe-mempool-ithaca-2022-06-09.json", vectors: "codec-vectors-ithaca-2022-06-09.json", passing: 41 },
];

describe.each(pairs)("$vectors with the codecs of $dump", ({ dump, vectors, passing }) => {
  itWithReference([dump, vectors])("round-trips every vector whose encoding the dump contains", () => {
    const model = buildCodecModel(readDescribeTree(readReference(dump), { prefix: MEMPOOL_PREFIX }));
    const interpreter = new Interpreter(model.definitions);
    const problems: string[] = [];
    let passed = 0;
    for (const [index, vector] of readReference<{ vectors: Vector[] }>(vectors).vectors.entries()) {
      const id = vector.encoding.replace(/^(alpha|\d{3}-[A-Za-z0-9]{8})\./, "");
      const label = `#${index} ${vector.encoding}`;
      const ir = vectorCodec(model, vector.encoding);
      let failure: string | undefined;
      if (!ir) failure = "no codec in the dump";
      else {
        const codec = interpreter.codec(ir);
        try {
          const decoded = decodeBytes(codec, hexToBytes(vector.hex));
          if (!isDeepStrictEqual(decoded, vector.decoded_json)) failure = `decoded ${JSON.stringify(decoded)}`;
          const encoded = bytesToHex(encodeBytes(codec, vector.json as never));
          if (encoded !== vector.hex) failure = `encoded ${encoded}`;
        } catch (error) {
          failure = (error as Error).message;
        }
      }
      if (failure === undefined) {
        passed++;
        if (expected[id] !== undefined) problems.push(`${label} passes but is listed as an expected failure`);
      } else if (expected[id] === undefined) {
        problems.push(`${label} fails: ${failure}`);
      }
    }
    expect(problems).toEqual([]);
    expect(passed).toBe(passing);
  });
});
