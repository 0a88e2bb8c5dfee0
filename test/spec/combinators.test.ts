/**
 * The combinators reproduce data-encoding's own binary-schema output: the newest-format
 * examples of data-encoding's expect test (`binary-schema-examples-data-encoding-expect.json`),
 * rebuilt here from the encodings their labels describe, must print byte-for-byte the same JSON.
 */
import { describe, expect, it } from "vitest";
import * as E from "../../spec/combinators/index.ts";
import type { Encoding } from "../../spec/combinators/index.ts";
import { itWithReference, readReference } from "../support/reference.ts";

interface Example {
  index: number;
  label: string;
  binary_schema: unknown;
}

const FILE = "binary-schema-examples-data-encoding-expect.json";
const zeroWidthPair = E.tup([E.constant("a"), E.constant("b")]);

/** Encodings rebuilt from the labels of the examples, by index. */
const rebuilt: Record<number, Encoding> = {
  0: E.empty,
  1: E.uint8,
  2: E.fixedString(12),
  3: E.def("this", E.dynamicSize(E.checkSize(22, E.variableString), "Uint8"), { title: "a title", description: "a description" }),
  4: E.constant("foo"),
  5: E.tup([E.constant("foo")]),
  6: E.tup([E.tup([E.tup([E.uint8])])]),
  7: zeroWidthPair,
  8: E.padded(zeroWidthPair, 12),
  9: E.option(zeroWidthPair),
  10: E.obj([E.req("foo", zeroWidthPair), E.req("bar", E.uint8)]),
  11: E.obj([E.req("l", E.constant("l")), E.req("r", E.constant("r"))]),
  12: E.option(E.obj([E.req("l", E.constant("l")), E.req("r", E.constant("r"))])),
  13: E.tup([E.obj([E.req("l", E.constant("l")), E.req("r", E.constant("r"))]), E.string]),
  14: E.def("thorn", E.checkSize(10, E.checkSize(20, E.obj([E.req("l", E.constant("l")), E.req("r", E.constant("r"))])))),
  15: E.padded(E.tup([E.fixedString(5), E.fixedBytes(10)]), 4),
  16: E.obj([E.req("a", E.uint8), E.opt("b", E.uint16), E.req("c", E.list(E.string))]),
  17: E.union([E.kase(128, "a", E.string)]),
  18: E.union([E.kase(128, "l", E.uint8), E.kase(255, "r", E.string)]),
  19: E.mu("weird-list", (self) =>
    E.union([
      E.kase(126, "t", E.tup([self, E.uint8, E.uint16])),
      E.kase(127, "s", E.tup([self, E.uint8])),
      E.kase(
        128,
        "c",
        E.tup([
          E.uint8,
          E.mu("weirb-list", (b) => E.union([E.kase(32, "bb", E.tup([E.uint8, b])), E.kase(64, "b", E.tup([E.uint8, self]))])),
        ]),
      ),
      E.kase(255, "s", E.empty),
    ]),
  ),
  22: E.obj([E.opt("l", E.constant("l")), E.opt("r", E.constant("r"))]),
  23: E.listWithLength(E.uint16, E.uint8, { kind: "at-most", n: 65535 }),
  26: E.dynamicSize(E.variableList(E.uint8), "N"),
  29: E.tup([E.int31, E.int64, E.uint8, E.uint16]),
  30: E.tup([E.littleEndian.int31, E.littleEndian.int64, E.uint16, E.littleEndian.uint16]),
  31: E.listWithLength(E.uint30, E.bool, { kind: "at-most", n: 1073741823 }),
};

describe("combinators against data-encoding's expect examples", () => {
  itWithReference(FILE)("reproduce the newest-format binary schemas exactly", () => {
    const examples = readReference<{ examples: Example[] }>(FILE).examples;
    const failures: string[] = [];
    for (const [i, enc] of Object.entries(rebuilt)) {
      const ex = examples.find((e) => e.index === Number(i));
      if (!ex) throw new Error(`no example ${i}`);
      const ours = JSON.stringify(E.binarySchema(enc));
      const theirs = JSON.stringify(ex.binary_schema);
      if (ours !== theirs) failures.push(`#${i} ${ex.label}\n  ours:   ${ours}\n  theirs: ${theirs}`);
    }
    expect(failures).toEqual([]);
    expect(Object.keys(rebuilt).length).toBeGreaterThanOrEqual(26);
  });
});

describe("JSON schemas", () => {
  it("print objects with the required list reversed and additionalProperties false", () => {
    const s = E.jsonSchema(E.obj([E.req("a", E.uint8), E.opt("b", E.bool), E.req("c", E.int31)]));
    expect(JSON.stringify(s)).toBe(
      '{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":255},"b":{"type":"boolean"},"c":{"type":"integer","minimum":-1073741824,"maximum":1073741823}},"required":["c","a"],"additionalProperties":false}',
    );
  });

  it("inline a root def and reference nested ones", () => {
    const h = E.hash("Operation_hash", "An operation hash (Base58Check-encoded)", 32);
    const root = E.jsonSchema(h) as Record<string, unknown>;
    expect(Object.keys(root)).toEqual(["$schema", "title", "$ref", "definitions"]);
    expect(root.$ref).toBe("#/definitions/unistring");
    const nested = E.jsonSchema(E.obj([E.req("hash", h)])) as { properties: { hash: unknown }; definitions: Record<string, unknown> };
    expect(nested.properties.hash).toEqual({ $ref: "#/definitions/Operation_hash" });
    expect(Object.keys(nested.definitions)).toEqual(["Operation_hash", "unistring"]);
  });

  it("print the empty value, unit and options as a node does", () => {
    expect(E.jsonSchema(E.empty)).toEqual({ $schema: E.DRAFT_04, type: "object", additionalProperties: false });
    expect(E.jsonSchema(E.unit)).toEqual({ $schema: E.DRAFT_04 });
    expect(E.jsonSchema(E.option(E.bool))).toEqual({
      $schema: E.DRAFT_04,
      oneOf: [{ title: "Some", type: "boolean" }, { title: "None", type: "null" }],
    });
  });
});

describe("combinators against a real node's dump", () => {
  itWithReference("describe-mempool-alpha-2022-06-09.json")(
    "the Alpha full block header (shell header merged with protocol fields) prints the node's binary definition",
    async () => {
      const T = await import("../../spec/services/types.ts");
      const dump = readReference<any>("describe-mempool-alpha-2022-06-09.json"); // eslint-disable-line @typescript-eslint/no-explicit-any
      const out = dump.static.subdirs.suffixes.find((x: { name: string }) => x.name === "monitor_operations").tree.static.get_service.output;
      const name = "alpha.block_header.alpha.full_header";
      const theirs = out.binary_schema.fields.find((f: { description: { title: string } }) => f.description.title === name);
      const fullHeader = E.def(
        name,
        E.mergeObjs(
          T.blockHeaderShell,
          E.obj([
            E.req("payload_hash", E.hash("value_hash", "Block payload hash (Base58Check-encoded)", 32)),
            E.req("payload_round", E.int32),
            E.req("proof_of_work_nonce", E.fixedBytes(8)),
            E.opt("seed_nonce_hash", E.hash("cycle_nonce", "Nonce hash (Base58Check-encoded)", 32)),
            E.req("liquidity_baking_toggle_vote", E.splitted(E.stringEnum(["on", "off", "pass"]), E.int8)),
            E.req("signature", E.hash("Signature", "Signature (Base58Check-encoded)", 64)),
          ]),
        ),
      );
      const ours = (E.binarySchema(E.obj([E.req("header", fullHeader)])) as any).fields; // eslint-disable-line @typescript-eslint/no-explicit-any
      const legacyKinds = (x: unknown) => JSON.parse(JSON.stringify(x).replaceAll('"kind":"Fixed"', '"kind":"Float"'));
      expect(legacyKinds(ours.find((f: { description: { title: string } }) => f.description.title === name))).toEqual(theirs);
      expect(legacyKinds(ours.find((f: { description: { title: string } }) => f.description.title === "fitness.elem"))).toEqual(
        out.binary_schema.fields.find((f: { description: { title: string } }) => f.description.title === "fitness.elem"),
      );
      // JSON: the merged object takes the shell header's title; required fields in reverse order.
      const json = E.jsonSchema(E.obj([E.req("header", fullHeader)])) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
      const def = json.definitions[name];
      const real = out.json_schema.definitions[name];
      expect(Object.keys(def)).toEqual(Object.keys(real));
      expect(Object.keys(def.properties)).toEqual(Object.keys(real.properties));
      expect(def.required).toEqual(real.required);
      expect(def.title).toBe("Shell part of a block header");
      expect(Object.keys(json.definitions.fitness)).toEqual(Object.keys(out.json_schema.definitions.fitness));
      // A hash as a whole input: one named field, and a root JSON schema titled `$ref` to unistring.
      const ban = dump.static.subdirs.suffixes.find((x: { name: string }) => x.name === "ban_operation").tree.static.post_service.input;
      expect(legacyKinds(E.binarySchema(T.operationHash))).toEqual(ban.binary_schema);
      expect(Object.keys(E.jsonSchema(T.operationHash))).toEqual(Object.keys(ban.json_schema));
    },
  );
});
