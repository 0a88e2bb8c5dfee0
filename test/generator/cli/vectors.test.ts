/**
 * `encode`/`decode` round-trip every recorded codec vector with the snapshot of the same build:
 * the shell vectors with the shell snapshot, the Alpha and Ithaca vectors with the mempool dumps
 * of the same day. The vector files name Octez codecs (`alpha.operation`); ENCODINGS says which
 * ENCODING argument of the command line carries each (a definition name, a case field, or an
 * expression); the codecs the dumps do not carry are the expected failures of the codec-vector
 * test (test/generator/vectors/expected-failures.json), which must fail here too.
 */
import { describe, expect } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runEncode } from "../../../generator/cli/commands/encode.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import expectedFailures from "../vectors/expected-failures.json" with { type: "json" };
import { exitCodeOf, GENESIS_HEADER_HEX, inspected, reference, shellSnapshot } from "./support.ts";

interface Vector {
  encoding: string;
  json?: unknown;
  hex: string;
  decoded_json?: unknown;
  decoded_by_hand?: Record<string, unknown>;
}

/** Octez codec id (protocol prefix removed) → ENCODING argument; `P` stands for the protocol prefix. */
export const ENCODINGS: Readonly<Record<string, string>> = {
  operation: "{branch: block_hash, contents: [P.operation.alpha.contents], signature: Signature}",
  "operation.unsigned": "{branch: block_hash, contents: [P.operation.alpha.contents]}",
  "operation.raw": "{branch: block_hash, data: bytes}",
  block_header: "P.block_header.alpha.full_header",
  "block_header.unsigned": "P.block_header.alpha.full_header - signature",
  contract: "P.contract_id",
  tez: "P.mutez",
  raw_level: "P.operation.alpha.contents:Seed_nonce_revelation.level",
  nonce: "P.operation.alpha.contents:Seed_nonce_revelation.nonce",
  "vote.ballot": "P.operation.alpha.contents:Ballot.ballot",
  timestamp: "timestamp.protocol",
};

const expected: Record<string, string> = expectedFailures.expected;

const pairs = [
  { dump: "describe-mempool-alpha-2022-06-09.json", vectors: "codec-vectors-alpha-2022-06-09.json", passing: 41 },
  { dump: "describe-mempool-ithaca-2022-06-09.json", vectors: "codec-vectors-ithaca-2022-06-09.json", passing: 41 },
];

describe.each(pairs)("encode/decode of $vectors with --spec $dump", ({ dump, vectors, passing }) => {
  itWithReference([dump, vectors])("round-trips every vector whose encoding the dump carries; the others are the listed expected failures", async () => {
    const spec = inspected(reference(dump), "/chains/<chain_id>/mempool");
    const problems: string[] = [];
    let passed = 0;
    for (const [index, vector] of readReference<{ vectors: Vector[] }>(vectors).vectors.entries()) {
      const match = /^(alpha|\d{3}-[A-Za-z0-9]{8})\.(.*)$/.exec(vector.encoding)!;
      const [protocol, id] = [match[1]!, match[2]!];
      const label = `#${index} ${vector.encoding}`;
      const template = ENCODINGS[id];
      let failure: string | undefined;
      if (template === undefined) failure = "no ENCODING for this codec";
      else {
        const encoding = template.replace(/\bP\./g, `${protocol}.`);
        try {
          const decoded = JSON.parse(await runDecode([encoding, vector.hex], {}, { spec })) as unknown;
          if (!isDeepStrictEqual(decoded, vector.decoded_json)) failure = `decoded ${JSON.stringify(decoded)}`;
          const hex = (await runEncode([encoding, JSON.stringify(vector.json)], {}, { spec })).trim();
          if (hex !== vector.hex) failure = `encoded ${hex}`;
        } catch (error) {
          failure = (error as Error).message;
        }
      }
      if (failure === undefined) {
        passed++;
        if (expected[id] !== undefined) problems.push(`${label} passes but is listed as an expected failure`);
      } else if (expected[id] === undefined) problems.push(`${label} fails: ${failure}`);
    }
    expect(problems).toEqual([]);
    expect(passed).toBe(passing);
  });
});

describe("encode/decode of codec-vectors-shell.json with the shell snapshot (the default --spec)", () => {
  itWithReference("codec-vectors-shell.json")("network_version round-trips", async () => {
    const spec = inspected(shellSnapshot);
    const vector = readReference<{ vectors: Vector[] }>("codec-vectors-shell.json").vectors.find((v) => v.encoding === "network_version")!;
    expect(JSON.parse(await runDecode(["network_version", vector.hex], {}, { spec }))).toEqual(vector.decoded_json);
    expect((await runEncode(["network_version", JSON.stringify(vector.json)], {}, { spec })).trim()).toBe(vector.hex);
  });

  itWithReference("codec-vectors-shell.json")("the genesis header decodes with block_header to the fields decoded by hand and encodes back to the same bytes", async () => {
    const spec = inspected(shellSnapshot);
    const vector = readReference<{ vectors: Vector[] }>("codec-vectors-shell.json").vectors.find((v) => v.encoding.startsWith("block_header.shell"))!;
    expect(vector.hex).toBe(GENESIS_HEADER_HEX);
    const byHand = vector.decoded_by_hand!;
    const decoded = JSON.parse(await runDecode(["block_header", vector.hex], {}, { spec })) as Record<string, unknown>;
    expect(decoded).toMatchObject({
      level: byHand.level,
      proto: byHand.proto,
      timestamp: byHand.timestamp,
      validation_pass: byHand.validation_pass,
      operations_hash: "LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp",
      fitness: [],
      protocol_data: "",
    });
    expect(decoded.timestamp).toBe("2018-06-30T16:07:32Z");
    expect(decoded.level).toBe(0);
    // The masked hashes, checked against the bytes decoded by hand.
    const hashes = JSON.parse(await runDecode(["{p: block_hash, c: Context_hash}", `${byHand.predecessor_hex}${byHand.context_hex}`], {}, { spec })) as Record<string, string>;
    expect(decoded.predecessor).toBe(hashes.p);
    expect(decoded.context).toBe(hashes.c);
    expect((await runEncode(["block_header", JSON.stringify(decoded)], {}, { spec })).trim()).toBe(vector.hex);
  });

  itWithReference("codec-vectors-shell.json")("every shell vector is covered: network_version by name, the header through block_header", async () => {
    const names = readReference<{ vectors: Vector[] }>("codec-vectors-shell.json").vectors.map((v) => v.encoding.split(" ")[0]);
    expect(names).toEqual(["network_version", "block_header.shell"]);
  });

  itWithReference("codec-vectors-ithaca-2022-06-09.json")("a vector's bytes with one byte cut off fail with exit code 1 and the offset and path", async () => {
    const spec = inspected(reference("describe-mempool-ithaca-2022-06-09.json"));
    const vector = readReference<{ vectors: Vector[] }>("codec-vectors-ithaca-2022-06-09.json").vectors.find((v) => v.encoding === "012-Psithaca.block_header")!;
    const failure = await exitCodeOf(() => runDecode(["012-Psithaca.block_header.alpha.full_header", vector.hex.slice(0, -2)], {}, { spec }));
    expect(failure.code).toBe(1);
    expect(failure.message).toMatch(/decoding failed at \$\.signature \(byte \d+\)/);
  });
});
