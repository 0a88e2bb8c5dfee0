/**
 * Protocol 024 (Tallinn) from Octez's own files: the 70 Kaitai layouts, paired with the
 * protocol's OpenAPI, give a codec per registered encoding, and every one of the 104 vectors
 * Octez's codec printed decodes from `hex` to `json` and encodes back to `hex`: through the IR
 * interpreter, through the committed generated/tallinn codecs (found by codec id), and through `decode`/`encode` with
 * Octez's codec id. Every vector must pass: there is no list of expected failures.
 */
import { readdirSync, readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { describe, expect } from "vitest";
import { readKaitaiFiles, readKaitaiFolder } from "../../../generator/encodings/kaitai.ts";
import { pairJsonSchemas } from "../../../generator/encodings/json-pairing.ts";
import { readBinarySchema } from "../../../generator/describe/binary-schema.ts";
import { loadKaitaiEncodings } from "../../../generator/encodings/load.ts";
import { buildCodecModel, type CodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runEncode } from "../../../generator/cli/commands/encode.ts";
import type { InspectedInterface } from "../../../generator/cli/spec-source.ts";
import type { DescribedTree } from "../../../generator/describe/read.ts";
import { BinaryReader, BinaryWriter, bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import type { Decoder, Encoder } from "../../support/emitted-codecs.ts";
import { nameInterface } from "../../../generator/emit/names.ts";
import { inspected, repoRoot } from "../cli/support.ts";

interface Vector {
  encoding: string;
  name: string;
  json: unknown;
  hex: string;
}

const KAITAI = "protocols/t024/kaitai";
const FILES = [KAITAI, "protocols/t024/openapi.json", "protocols/t024/codec-vectors.json"];
const PROTOCOL = "024-PtTALLiN";
const VECTORS = 104;

let loaded: { tree: DescribedTree; model: CodecModel } | undefined;
/** The encodings of the Kaitai folder as `--spec <folder>` reads them (built once). */
function t024(): { tree: DescribedTree; model: CodecModel } {
  if (loaded) return loaded;
  const tree: DescribedTree = { services: [], dynamicDirectories: [], expansions: [], warnings: [], encodings: loadKaitaiEncodings(referenceDir + KAITAI) };
  return (loaded = { tree, model: buildCodecModel(tree) });
}

const vectors = (): Vector[] => readReference<{ vectors: Vector[] }>("protocols/t024/codec-vectors.json").vectors;

/** Runs every vector through `roundTrip`; each must pass. */
async function checkVectors(roundTrip: (id: string, vector: Vector) => Promise<string | undefined> | string | undefined): Promise<void> {
  const problems: string[] = [];
  const all = vectors();
  for (const vector of all) {
    let failure: string | undefined;
    try {
      failure = await roundTrip(`${PROTOCOL}.${vector.encoding}`, vector);
    } catch (error) {
      failure = (error as Error).message;
    }
    if (failure !== undefined) problems.push(`${vector.encoding}/${vector.name} fails: ${failure.slice(0, 300)}`);
  }
  expect(problems).toEqual([]);
  expect(all).toHaveLength(VECTORS);
}

function compare(decoded: unknown, encoded: string, vector: Vector): string | undefined {
  if (!isDeepStrictEqual(decoded, vector.json)) return `decoded ${JSON.stringify(decoded).slice(0, 200)}`;
  if (encoded !== vector.hex) return `encoded ${encoded.slice(0, 200)}`;
  return undefined;
}

describe("Octez's Kaitai files of protocol 024", () => {
  itWithReference(KAITAI)("every one of the 70 files gives a binary schema the describe reader and the codec model accept", () => {
    const files = readdirSync(referenceDir + KAITAI).filter((name) => name.endsWith(".ksy"));
    expect(files).toHaveLength(70);
    const encodings = readKaitaiFolder(referenceDir + KAITAI);
    expect(encodings.map((e) => e.id)).toContain(`${PROTOCOL}.operation.unsigned`);
    expect(new Set(encodings.map((e) => e.id)).size).toBe(70);
    for (const encoding of encodings) expect(() => readBinarySchema(encoding.binary), encoding.id).not.toThrow();
  });

  itWithReference(FILES)("paired with the OpenAPI file, each registered encoding is a definition of the codec model named by its codec id, or says why it has no binary form", () => {
    const { model } = t024();
    expect(model.encodings).toHaveLength(70);
    const unsigned = model.encodings!.find((e) => e.id === `${PROTOCOL}.operation.unsigned`)!;
    expect(unsigned).toMatchObject({ definition: "operation.unsigned" });
    expect(unsigned.jsonOnly).toBeUndefined();
    // The constants have a binary form: their initial_seed is a `random` state (rng…, runtime/encodings/hashes.ts).
    expect(model.encodings!.find((e) => e.id === `${PROTOCOL}.constants`)?.jsonOnly).toBeUndefined();
    for (const entry of model.encodings!) {
      if (entry.definition === undefined) expect(entry.jsonOnly, entry.id).toMatch(/./);
      else expect(model.definitions.has(entry.definition), entry.id).toBe(true);
    }
    // The reasons of the others are in the model (and printed by `generate`).
    expect(model.encodings!.filter((e) => e.definition !== undefined).length).toBeGreaterThanOrEqual(60);
  });
});

describe("the 104 T024 vectors", () => {
  itWithReference(FILES)("round-trip through the IR interpreter", async () => {
    const { model } = t024();
    const interpreter = new Interpreter(model.definitions);
    await checkVectors((id, vector) => {
      const entry = model.encodings!.find((e) => e.id === id);
      if (entry?.definition === undefined) return entry ? `no binary form: ${entry.jsonOnly}` : "no such codec id";
      const codec = interpreter.codec({ kind: "ref", name: entry.definition });
      const decoded = decodeBytes(codec, hexToBytes(vector.hex));
      return compare(decoded, bytesToHex(encodeBytes(codec, vector.json as never)), vector);
    });
  });

  itWithReference(FILES)("round-trip through generated/tallinn's codecs, found by codec id (decodeOperationUnsigned…)", async () => {
    // The committed bindings (committed-output.test.ts checks they are what `generate` writes for
    // spec/snapshots/tallinn.json, which carries these encodings): nothing is emitted here.
    const { model } = inspected(`${repoRoot}spec/snapshots/tallinn.json`);
    const names = nameInterface(model);
    const codecs = (await import("../../../generated/tallinn/codecs.ts")) as unknown as Record<string, Decoder | Encoder>;
    expect(names.definitions.get("operation.unsigned")).toBe("OperationUnsigned");
    expect(typeof codecs["encodeOperationUnsigned"]).toBe("function");
    await checkVectors((id, vector) => {
      const entry = model.encodings!.find((e) => e.id === id);
      if (entry?.definition === undefined) return entry ? `no binary form: ${entry.jsonOnly}` : "no such codec id";
      const type = names.definitions.get(entry.definition)!;
      const decode = codecs[`decode${type}`] as Decoder;
      const encode = codecs[`encode${type}`] as Encoder;
      const reader = new BinaryReader(hexToBytes(vector.hex));
      const decoded = decode(reader);
      if (reader.remaining() !== 0) return `${reader.remaining()} bytes left`;
      const writer = new BinaryWriter();
      encode(writer, vector.json);
      return compare(decoded, bytesToHex(writer.finish()), vector);
    });
  });

  itWithReference(FILES)("round-trip as well when every name says another protocol (the next protocol's files go through unchanged)", async () => {
    // 025-PtNextPr is no real protocol: the T024 files with the protocol renamed everywhere.
    const rename = (text: string) => text.replaceAll("024__pttallin", "025__ptnextpr").replaceAll(PROTOCOL, "025-PtNextPr");
    const files = readdirSync(referenceDir + KAITAI)
      .filter((name) => name.endsWith(".ksy"))
      .map((name) => ({ file: rename(name), text: rename(readFileSync(`${referenceDir}${KAITAI}/${name}`, "utf8")) }));
    const openapi = JSON.parse(rename(readFileSync(`${referenceDir}protocols/t024/openapi.json`, "utf8"))) as unknown;
    const tree: DescribedTree = { services: [], dynamicDirectories: [], expansions: [], warnings: [], encodings: pairJsonSchemas(readKaitaiFiles(files), openapi).encodings };
    const model = buildCodecModel(tree);
    const interpreter = new Interpreter(model.definitions);
    await checkVectors((id, vector) => {
      const entry = model.encodings!.find((e) => e.id === id.replace(PROTOCOL, "025-PtNextPr"));
      if (entry?.definition === undefined) return entry ? `no binary form: ${entry.jsonOnly}` : "no such codec id";
      const codec = interpreter.codec({ kind: "ref", name: entry.definition });
      return compare(decodeBytes(codec, hexToBytes(vector.hex)), bytesToHex(encodeBytes(codec, vector.json as never)), vector);
    });
  });

  itWithReference(FILES)("round-trip through decode/encode with Octez's codec id (--spec <kaitai folder>)", async () => {
    const { tree, model } = t024();
    const spec: InspectedInterface = { source: referenceDir + KAITAI, tree, model };
    await checkVectors(async (id, vector) => {
      const decoded = JSON.parse(await runDecode([id, vector.hex], {}, { spec })) as unknown;
      const hex = (await runEncode([id, JSON.stringify(vector.json)], {}, { spec })).trim();
      return compare(decoded, hex, vector);
    });
  });
});
