/**
 * The `octez-codec dump encodings` reader, on a dump built from shared data: the Alpha mempool
 * describe answer of 2022 publishes the JSON and binary schemas of the operation contents and
 * the block header (in the output of `monitor_operations`); the dump entries `alpha.operation`,
 * `alpha.operation.unsigned` and `alpha.block_header` are laid out from them as Octez registers
 * them (an operation is its branch, its contents and its signature), and the Alpha vectors of
 * the same build round-trip through them by codec id. Malformed dumps are typed errors naming
 * the entry.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { readEncodingsDump } from "../../../generator/encodings/dump.ts";
import { EncodingSourceError } from "../../../generator/encodings/registered.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { bytesToHex, decodeBytes, encodeBytes, hexToBytes } from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";

const DUMP = "describe-mempool-alpha-2022-06-09.json";
const VECTORS = "codec-vectors-alpha-2022-06-09.json";

interface Body {
  json_schema: { definitions: Record<string, unknown> };
  binary_schema: { fields: unknown[] };
}

/** The output body of `GET …/mempool/monitor_operations` in the Alpha dump. */
function monitorOutput(): Body {
  const root = readReference<{ static: { subdirs: { suffixes: Array<{ name: string; tree: { static: { get_service: { output: Body } } } }> } } }>(DUMP);
  return root.static.subdirs.suffixes.find((s) => s.name === "monitor_operations")!.tree.static.get_service.output;
}

const named = (name: string, layout: unknown, dataKind: unknown) => ({ name, layout, data_kind: dataKind, kind: "named" });
const FIXED = (size: number) => ({ size, kind: "Fixed" });

/** A dump as `octez-codec dump encodings` writes it, for three encodings of the Alpha protocol. */
function alphaDump(): unknown[] {
  const body = monitorOutput();
  const json = (schema: Record<string, unknown>) => ({ ...schema, definitions: body.json_schema.definitions });
  const binary = (fields: unknown[]) => ({ toplevel: { fields }, fields: body.binary_schema.fields });
  const branch = named("branch", { kind: "Bytes" }, FIXED(32));
  const contents = named("contents", { layout: { name: "alpha.operation.alpha.contents", kind: "Ref" }, kind: "Seq" }, { kind: "Variable" });
  const unsigned = { branch: { $ref: "#/definitions/block_hash" }, contents: { type: "array", items: { $ref: "#/definitions/alpha.operation.alpha.contents" } } };
  return [
    {
      id: "alpha.operation.unsigned",
      json: json({ type: "object", properties: unsigned, required: ["branch", "contents"], additionalProperties: false }),
      binary: binary([branch, contents]),
    },
    {
      id: "alpha.operation",
      json: json({ type: "object", properties: { ...unsigned, signature: { $ref: "#/definitions/Signature" } }, required: ["branch", "contents", "signature"], additionalProperties: false }),
      binary: binary([branch, contents, named("signature", { kind: "Bytes" }, FIXED(64))]),
    },
    {
      id: "alpha.block_header",
      json: json({ $ref: "#/definitions/alpha.block_header.alpha.full_header" }),
      binary: binary([{ layout: { name: "alpha.block_header.alpha.full_header", kind: "Ref" }, kind: "anon", data_kind: { kind: "Dynamic" } }]),
    },
  ];
}

describe("octez-codec dump encodings", () => {
  itWithReference([DUMP, VECTORS])("a dump built from the Alpha describe answer round-trips the Alpha vectors of its codec ids", () => {
    const encodings = readEncodingsDump(alphaDump(), "alpha-dump.json");
    const model = buildCodecModel({ services: [], dynamicDirectories: [], encodings });
    expect(model.encodings!.map((e) => [e.id, e.definition])).toEqual([
      ["alpha.operation.unsigned", "operation.unsigned"],
      ["alpha.operation", "operation"],
      ["alpha.block_header", "block_header"],
    ]);
    const interpreter = new Interpreter(model.definitions);
    const vectors = readReference<{ vectors: Array<{ encoding: string; json: unknown; hex: string; decoded_json: unknown }> }>(VECTORS).vectors;
    const ours = vectors.filter((v) => model.encodings!.some((e) => e.id === v.encoding));
    expect(ours.length).toBe(13 + 14 + 1);
    const problems: string[] = [];
    for (const vector of ours) {
      const entry = model.encodings!.find((e) => e.id === vector.encoding)!;
      const codec = interpreter.codec({ kind: "ref", name: entry.definition! });
      const decoded = decodeBytes(codec, hexToBytes(vector.hex));
      if (!isDeepStrictEqual(decoded, vector.decoded_json)) problems.push(`${vector.encoding}: decoded ${JSON.stringify(decoded).slice(0, 200)}`);
      const hex = bytesToHex(encodeBytes(codec, vector.json as never));
      if (hex !== vector.hex) problems.push(`${vector.encoding}: encoded ${hex.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it("refuses what is not a dump, naming the entry and the problem", () => {
    const fails = (json: unknown) => {
      try {
        readEncodingsDump(json, "dump.json");
      } catch (error) {
        expect(error).toBeInstanceOf(EncodingSourceError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(fails({ id: "x" })).toBe("dump.json: an encodings dump is a JSON array of {id, json, binary}");
    expect(fails([{ json: {}, binary: { toplevel: { fields: [] }, fields: [] } }])).toBe("dump.json [0]: no codec id (a non-empty string `id`)");
    expect(fails([{ id: "a", json: 3, binary: { toplevel: { fields: [] }, fields: [] } }])).toBe("dump.json [0] a: its `json` is not a JSON schema object");
    expect(fails([{ id: "a", json: {}, binary: { toplevel: { fields: [{ kind: "named" }] }, fields: [] } }])).toMatch(/^dump\.json \[0\] a: malformed describe tree at \/0\/binary\/toplevel\/fields\/0/);
    const entry = { id: "a", json: {}, binary: { toplevel: { fields: [] }, fields: [] } };
    expect(fails([entry, entry])).toBe("dump.json [1]: codec id a appears twice");
  });
});
