import { describe, expect, it } from "vitest";
import {
  CodecDefinitionError,
  closeReservedFrame,
  constant,
  dynamicFields,
  inlineFields,
  variableOptionalField,
  dynamicBytes,
  dynamicSize,
  dynamicString,
  fixedBytes,
  fixedString,
  int31,
  int32,
  int64,
  lazy,
  nullValue,
  object,
  openReservedFrame,
  option,
  padding,
  readUint8,
  seq,
  tuple,
  uint16,
  uint8,
  union,
  variableBytes,
  variableString,
  zarithN,
  zeroWidth,
  type Codec,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip } from "../support.ts";

describe("object", () => {
  it("writes fields in definition order, whatever the JSON key order (network_version)", () => {
    const networkVersion = object([
      ["chain_name", dynamicString()],
      ["distributed_db_version", uint16],
      ["p2p_version", uint16],
    ]);
    expect(enc(networkVersion, { p2p_version: 0, distributed_db_version: 1, chain_name: "main" })).toBe("000000046d61696e00010000");
    expect(dec(networkVersion, "000000046d61696e00010000")).toEqual({ chain_name: "main", distributed_db_version: 1, p2p_version: 0 });
  });

  it("protocol fitness with an option field (data-encoding.md §15)", () => {
    const fitness = object([
      ["level", int32],
      ["locked_round", option(int32)],
      ["predecessor_round", int32],
      ["round", int32],
    ]);
    roundTrip(fitness, { level: 1, locked_round: 1, predecessor_round: 1, round: 2 }, "00000001 01 00000001 00000001 00000002");
    roundTrip(fitness, { level: 1, locked_round: null, predecessor_round: 0, round: 0 }, "00000001 00 00000000 00000000");
  });

  it("builds error paths from the inside out", () => {
    const header = object([
      ["level", int32],
      ["fitness", dynamicSize("Uint30", seq(dynamicBytes()))],
    ]);
    expectDecodeError(() => dec(header, "00000001 00000009 00000001 01 00000005 00"), { path: "$.fitness[1]", offset: 17 });
    expectEncodeError(() => enc(header, { level: 1, fitness: ["01", "0g"] }), { path: "$.fitness[1]" });
    expectEncodeError(() => enc(header, { fitness: [] }), { path: "$.level", found: "nothing" });
  });

  it("quotes odd property names in paths", () => {
    const odd = object([["a-b", uint8]]);
    expectDecodeError(() => dec(odd, ""), { path: '$["a-b"]' });
  });

  it("reinserts constants and drops them on encoding", () => {
    const delegation = object([
      ["kind", constant("delegation")],
      ["nonce", uint16],
    ]);
    roundTrip(delegation, { kind: "delegation", nonce: 3 }, "0003");
    expect(enc(delegation, { nonce: 3 } as never)).toBe("0003");
    expectEncodeError(() => enc(delegation, { kind: "transaction", nonce: 3 } as never), { path: "$.kind", expected: /"delegation"/ });
  });

  it("objects with zero-width fields take no bytes (expect examples 4, 7, 10, 11)", () => {
    const lr = object([
      ["l", constant("x")],
      ["r", constant({ deep: [1] })],
    ]);
    expect(lr.dataKind).toEqual({ kind: "Fixed", size: 0 });
    roundTrip(lr, { l: "x", r: { deep: [1] } }, "");
    const decoded = dec(lr, "") as { r: { deep: number[] } };
    decoded.r.deep.push(2);
    expect(dec(lr, "")).toEqual({ l: "x", r: { deep: [1] } });
    const fooBar = object([["foo", tuple([nullValue, zeroWidth])], ["bar", uint8]]);
    roundTrip(fooBar, { foo: [null, {}], bar: 7 }, "07");
    expectEncodeError(() => enc(zeroWidth, { a: 1 } as never));
    expectEncodeError(() => enc(nullValue, 0 as never));
  });

  it("keeps __proto__ as an ordinary property, as JSON.parse does", () => {
    const codec = object([["__proto__", uint8]]);
    const value = JSON.parse('{"__proto__": 5}') as Record<string, unknown>;
    const hex = enc(codec, value);
    expect(hex).toBe("05");
    const back = dec(codec, hex) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(back, "__proto__")?.value).toBe(5);
    expectEncodeError(() => enc(codec, {}), { path: "$.__proto__" });
  });

  it("refuses non-objects", () => {
    expectEncodeError(() => enc(object([["a", uint8]]), [1] as never), { expected: "an object", found: "array of 1" });
    expectEncodeError(() => enc(object([["a", uint8]]), null as never), { found: "null" });
  });
});

describe("padding", () => {
  it("writes zeros, skips any bytes on reading and has no JSON value (expect example 15)", () => {
    const codec = tuple([fixedString(5), fixedBytes(10), padding(4)]);
    expect(codec.dataKind).toEqual({ kind: "Fixed", size: 19 });
    const value = ["hello", "00112233445566778899"];
    expect(enc(codec, value)).toBe("68656c6c6f" + "00112233445566778899" + "00000000");
    expect(dec(codec, "68656c6c6f" + "00112233445566778899" + "deadbeef")).toEqual(value);
    expectDecodeError(() => dec(codec, "68656c6c6f" + "00112233445566778899" + "dead"), { offset: 15 });
  });

  it("ends an originated contract id (data-encoding.md §11)", () => {
    const originated = object([["hash", fixedBytes(20)], padding(1)]);
    roundTrip(originated, { hash: "38560805b4c8d7b7fbbafad5c59dbfa3878ca705" }, "38560805b4c8d7b7fbbafad5c59dbfa3878ca705 00");
  });
});

describe("tuple", () => {
  it("concatenates parts into a JSON array (expect example 29)", () => {
    const codec = tuple([int31, int64, uint8, uint16]);
    roundTrip(codec, [-1, "-2", 3, 4], "ffffffff fffffffffffffffe 03 0004");
  });

  it("puts JSON indexes in paths and checks the array length", () => {
    const codec = tuple([uint8, padding(1), uint16]);
    expectDecodeError(() => dec(codec, "01 00 02"), { path: "$[1]", offset: 2 });
    expectEncodeError(() => enc(codec, [1]), { expected: "an array of 2" });
    expectEncodeError(() => enc(codec, {} as never), { expected: "an array of 2" });
  });
});

describe("a Variable field followed by fixed-size fields", () => {
  // An operation as in monitor_operations: hash, dyn(branch), dyn(contents Seq + 64-byte signature).
  const content = union<{ kind: string; n: string }>("Uint8", [
    { tag: 108, name: "Transaction", codec: object([["kind", constant("transaction")], ["n", zarithN]]), match: () => true },
  ]);
  const operation = object([
    ["hash", fixedBytes(32)],
    ["branch", dynamicSize("Uint30", fixedBytes(32))],
    [
      "signed",
      dynamicSize(
        "Uint30",
        object([
          ["contents", seq(content)],
          ["signature", fixedBytes(64)],
        ]),
      ),
    ],
  ]);
  const hash = "aa".repeat(32);
  const branch = "bb".repeat(32);
  const signature = "cc".repeat(64);

  it("the sequence takes the frame minus the 64 signature bytes", () => {
    const value = { hash, branch, signed: { contents: [{ kind: "transaction", n: "300" }, { kind: "transaction", n: "1" }], signature } };
    const expected = hash + "00000020" + branch + "00000045" + "6cac02" + "6c01" + signature;
    roundTrip(operation, value, expected);
  });

  it("an empty sequence leaves exactly the signature", () => {
    roundTrip(operation, { hash, branch, signed: { contents: [], signature } }, hash + "00000020" + branch + "00000040" + signature);
  });

  it("fails when the frame is shorter than the reserved bytes", () => {
    expectDecodeError(() => dec(operation, hash + "00000020" + branch + "00000003" + "cccccc"), {
      path: "$.signed.contents",
      expected: /64 bytes for the fixed-size fields/,
      found: /3 bytes left/,
    });
  });

  it("an element that would run into the signature fails at the element", () => {
    // Contents claim a zarith whose continuation runs into the reserved bytes.
    expectDecodeError(() => dec(operation, hash + "00000020" + branch + "00000042" + "6c80" + signature), { path: "$.signed.contents[0].n" });
  });

  it("Variable bytes and strings reserve the same way, in tuples too", () => {
    const codec = tuple([variableString, uint16, int32]);
    roundTrip(codec, ["hello", 1, 2], "68656c6c6f 0001 00000002");
    roundTrip(codec, ["", 1, 2], "0001 00000002");
    expect(dec(object([["data", variableBytes], ["tail", uint8]]), "0102 03")).toEqual({ data: "0102", tail: 3 });
  });

  it("nested: an object ending with a Variable field, inside one reserving bytes after it", () => {
    const inner = object([["head", uint8], ["body", variableBytes]]);
    const outer = object([["inner", inner], ["sig", fixedBytes(2)]]);
    expect(outer.dataKind).toEqual({ kind: "Variable" });
    roundTrip(outer, { inner: { head: 1, body: "abcd" }, sig: "eeff" }, "01 abcd eeff");
  });

  it("is refused when a non-fixed field follows the Variable one", () => {
    expect(() => object([["a", variableBytes], ["b", zarithN]])).toThrow(CodecDefinitionError);
    expect(() => tuple([seq(uint8), variableBytes])).toThrow(CodecDefinitionError);
  });

  it("plain reserve functions for generated code", () => {
    const r = reader("0102 0304 ff");
    const end = openReservedFrame(r, 1);
    expect(r.remaining()).toBe(4);
    readUint8(r);
    expectDecodeError(() => closeReservedFrame(r, end), { found: /3 unread/ });
    r.offset = 4;
    closeReservedFrame(r, end);
    expect(readUint8(r)).toBe(0xff);
  });
});

describe("field groups", () => {
  // monitor_operations element (describe-format.md §6.3): hash; dyn(branch); dyn(contents + signature).
  const content = object([["kind", constant("endorsement")], ["level", int32]]);
  const tagged = union<Record<string, unknown>>("Uint8", [{ tag: 21, name: "Endorsement", codec: content, match: () => true }]);
  const operation = object([
    ["hash", fixedBytes(32)],
    ["branch", dynamicSize("Uint30", fixedBytes(32))],
    dynamicFields("Uint30", [
      ["contents", seq(tagged)],
      ["signature", fixedBytes(64)],
    ]),
    ["error", variableOptionalField(variableString)],
  ]);
  const hash = "11".repeat(32);
  const branch = "22".repeat(32);
  const signature = "33".repeat(64);

  it("one header covers two fields whose properties stay in the enclosing object", () => {
    const value = { hash, branch, contents: [{ kind: "endorsement", level: 1331 }], signature };
    const hex = hash + "00000020" + branch + "00000045" + "1500000533" + signature;
    roundTrip(operation, value, hex);
    expect(Object.keys(dec(operation, hex))).toEqual(["hash", "branch", "contents", "signature"]);
    roundTrip(operation, { ...value, error: "oops" }, hex + "6f6f7073");
  });

  it("errors inside the group carry the group's field names", () => {
    expectDecodeError(() => dec(operation, hash + "00000020" + branch + "00000043" + "15000005" + signature), { path: "$.contents[0].level" });
    expectEncodeError(() => enc(operation, { hash, branch, contents: [], signature: "00" }), { path: "$.signature" });
  });

  it("inlineFields lays fields out in place", () => {
    const codec = object([["a", uint8], inlineFields([["b", uint8], ["c", uint16]])]);
    roundTrip(codec, { a: 1, b: 2, c: 3 }, "01 02 0003");
  });
});

describe("lazy (recursive definitions)", () => {
  type Tree = { leaf: number } | { node: Tree[] };
  const tree: Codec<Tree> = union<Tree>("Uint8", [
    { tag: 0, name: "leaf", codec: object([["leaf", uint8]]), match: (v) => "leaf" in (v as object) },
    { tag: 1, name: "node", codec: object([["node", dynamicSize("Uint8", seq(lazy(() => tree)))]]), match: () => true },
  ]);

  it("encodes and decodes a recursive structure", () => {
    roundTrip(tree, { node: [{ leaf: 1 }, { node: [] }, { node: [{ leaf: 2 }] }] }, "01 08 0001 0100 0102 0002");
  });
});
