/**
 * The Micheline values inside the recorded Octez codec vectors: transaction parameters and
 * origination scripts. Their bytes are located in the vector hex from the fields around them,
 * without our encoder, then decoded and re-encoded.
 */
import { describe, expect } from "vitest";
import { decodeBytes, encodeBytes, publicKeyHashCodec } from "../../../../runtime/index.ts";
import { micheline, type MichelineExpression } from "../../../../runtime/encodings/micheline/index.ts";
import { itWithReference, readReference } from "../../../support/reference.ts";
import { fromHex, primitivesEnumOf, toHexString } from "./helpers.ts";

interface Vector {
  encoding: string;
  json: unknown;
  hex: string;
  decoded_json: unknown;
}

/** One manager or internal operation with Micheline in it. */
interface MichelineContent {
  kind: "transaction" | "origination";
  parameters?: { entrypoint: string; value: MichelineExpression };
  script?: { code: MichelineExpression; storage: MichelineExpression };
}

const SUITES = [
  { vectors: "codec-vectors-alpha-2022-06-09.json", dump: "describe-mempool-alpha-2022-06-09.json", prefix: "alpha" },
  { vectors: "codec-vectors-ithaca-2022-06-09.json", dump: "describe-mempool-ithaca-2022-06-09.json", prefix: "012-Psithaca" },
] as const;

/** The operation content holding Micheline, if any: the value itself or its single content. */
function michelineContentOf(json: unknown): MichelineContent | undefined {
  const candidates = [json, ...(((json as { contents?: unknown[] }).contents as unknown[] | undefined) ?? [])];
  for (const candidate of candidates) {
    const c = candidate as MichelineContent;
    if (c.kind === "origination" && c.script !== undefined) return c;
    if (c.kind === "transaction" && c.parameters !== undefined) return c;
  }
  return undefined;
}

/** Position just after the last occurrence of `anchor` before `end`. */
function after(bytes: Uint8Array, anchor: Uint8Array, end: number): number {
  const at = Buffer.from(bytes.subarray(0, end)).lastIndexOf(Buffer.from(anchor));
  expect(at, `anchor ${toHexString(anchor)}`).toBeGreaterThanOrEqual(0);
  return at + anchor.length;
}

/** Reads the uint30 length prefix at `at` and returns the end of the blob it covers. */
function blobEnd(bytes: Uint8Array, at: number): number {
  return at + 4 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
}

for (const suite of SUITES) {
  describe(`Micheline in ${suite.vectors}`, () => {
    itWithReference([suite.vectors, suite.dump])("every transaction parameter and origination script round-trips", () => {
      const { vectors } = readReference<{ vectors: Vector[] }>(suite.vectors);
      const codec = micheline({ primitives: primitivesEnumOf(suite.dump) });
      const covered: string[] = [];

      vectors.forEach((vector, index) => {
        const content = michelineContentOf(vector.json);
        if (content === undefined) return;
        // The recorded decoding must agree with the input, so either can serve as expectation.
        expect(michelineContentOf(vector.decoded_json)).toEqual(content);
        const bytes = fromHex(vector.hex);
        // Signed operations end with a 64-byte signature; the rest end with the Micheline.
        const signed = vector.encoding === `${suite.prefix}.operation`;
        const end = bytes.length - (signed ? 64 : 0);

        // Locate the blobs from the fields before them, without our encoder: the transaction
        // value follows the entrypoint (ff, one-byte length, name); the script follows the
        // delegate (ff, then the 21-byte public key hash).
        const blobs: [string, MichelineExpression, number, number][] = [];
        if (content.kind === "transaction") {
          const name = Buffer.from(content.parameters!.entrypoint, "latin1");
          const at = after(bytes, Uint8Array.from([0xff, name.length, ...name]), end);
          expect(blobEnd(bytes, at)).toBe(end);
          blobs.push(["parameters.value", content.parameters!.value, at, end]);
        } else {
          const delegate = (content as { delegate?: string }).delegate!;
          const codeAt = after(bytes, Uint8Array.from([0xff, ...encodeBytes(publicKeyHashCodec, delegate)]), end);
          const storageAt = blobEnd(bytes, codeAt);
          expect(blobEnd(bytes, storageAt)).toBe(end);
          blobs.push(["script.code", content.script!.code, codeAt, storageAt]);
          blobs.push(["script.storage", content.script!.storage, storageAt, end]);
        }

        for (const [what, json, at, stop] of blobs) {
          const slice = bytes.subarray(at + 4, stop);
          expect(decodeBytes(codec, slice), `${vector.encoding} #${index} ${what}`).toEqual(json);
          expect(toHexString(encodeBytes(codec, json)), `${vector.encoding} #${index} ${what}`).toBe(toHexString(slice));
          covered.push(`${vector.encoding} #${index} ${what} (${slice.length} bytes)`);
        }
      });

      // 3 encodings (operation, operation.unsigned, operation.internal) × (parameters + code + storage).
      expect(covered).toHaveLength(9);
    });
  });
}
