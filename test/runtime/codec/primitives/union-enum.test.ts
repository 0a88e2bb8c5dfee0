import { describe, expect, it } from "vitest";
import {
  CodecDefinitionError,
  constant,
  dynamicString,
  failUnknownTag,
  fixedBytes,
  intEnum,
  object,
  readTag,
  stringEnum,
  stringEnumSize,
  uint16,
  uint8,
  union,
  variableBytes,
  writeTag,
  zarithZ,
  type Codec,
  type UnionCase,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

type Gas = string;

/** alpha.gas: tag 0 "Limited" carries a zarith Z, tag 1 "Unaccounted" is the constant string. */
const gas: Codec<Gas> = union<Gas>("Uint8", [
  { tag: 0, name: "Limited", codec: zarithZ, match: (v) => v !== "unaccounted" },
  { tag: 1, name: "Unaccounted", codec: constant("unaccounted"), match: (v) => v === "unaccounted" },
]);

describe("union with Uint8 tags", () => {
  it("writes the tag then the case (recorded alpha.gas vectors)", () => {
    roundTrip(gas, "1238", "00 9613");
    roundTrip(gas, "unaccounted", "01");
    roundTrip(gas, "0", "00 00");
  });

  it("high and sparse tags, cases selected by a kind property (expect example 18)", () => {
    type LR = { kind: "l"; v: number } | { kind: "r"; v: string };
    const lr = union<LR>("Uint8", [
      { tag: 128, name: "l", codec: object([["kind", constant("l")], ["v", uint8]]) },
      { tag: 255, name: "r", codec: object([["kind", constant("r")], ["v", dynamicString()]]) },
    ], { select: (v) => (v as LR).kind });
    roundTrip(lr, { kind: "l", v: 7 }, "80 07");
    roundTrip(lr, { kind: "r", v: "hi" }, "ff 00000002 6869");
    expectDecodeError(() => dec(lr, "7f 07"), { offset: 0, found: "tag 127", expected: /128, 255/ });
  });

  it("a union whose cases all have one fixed size is fixed-size", () => {
    const pkh = union<string>("Uint8", [
      { tag: 0, name: "Ed25519", codec: fixedBytes(20), match: () => true },
      { tag: 1, name: "Secp256k1", codec: fixedBytes(20) },
    ]);
    expect(pkh.dataKind).toEqual({ kind: "Fixed", size: 21 });
    expect(gas.dataKind).toEqual({ kind: "Dynamic" });
    const variable = union<string>("Uint8", [{ tag: 0, name: "raw", codec: variableBytes }]);
    expect(variable.dataKind).toEqual({ kind: "Variable" });
  });
});

describe("union with Uint16 tags", () => {
  const u16 = union<number>("Uint16", [
    { tag: 0x0000, name: "small", codec: uint8, match: (v) => (v as number) < 256 },
    { tag: 0x1234, name: "wide", codec: uint16, match: () => true },
  ]);

  it("writes a two-byte big-endian tag", () => {
    roundTrip(u16, 5, "0000 05");
    roundTrip(u16, 4660, "1234 1234");
  });

  it("names an unknown tag and its offset", () => {
    expectDecodeError(() => dec(u16, "1235 0000"), { offset: 0, found: "tag 4661" });
    expectDecodeError(() => dec(u16, "12"), { offset: 0, found: /1 byte left/ });
  });

  it("plain tag functions", () => {
    expect(readTag(reader("1234"), "Uint16")).toBe(0x1234);
    expect(written((w) => writeTag(w, "Uint16", 0xabcd))).toBe("abcd");
    expectEncodeError(() => written((w) => writeTag(w, "Uint8", 256)));
    expectDecodeError(() => failUnknownTag(3, 9, [1, 2]), { offset: 3, found: "tag 9" });
  });
});

describe("JSON-only cases", () => {
  type Pending = { version: number };
  const cases: UnionCase<Pending>[] = [
    { name: "new_encoding_pending_operations", jsonOnly: true, match: (v) => (v as Pending).version === 1 },
    { tag: 0, name: "binary", codec: object([["version", uint8]]), match: (v) => (v as Pending).version === 0 },
  ];
  const pending = union<Pending>("Uint8", cases);

  it("encoding a value of a JSON-only case fails with an EncodeError naming the case", () => {
    expectEncodeError(() => enc(pending, { version: 1 }), { found: /JSON-only case "new_encoding_pending_operations"/, offset: 0 });
    roundTrip(pending, { version: 0 }, "00 00");
  });

  it("a union without binary cases rejects every binary input (pending_operations 2022)", () => {
    const none = union<unknown>("Uint8", [{ name: "old", jsonOnly: true, match: () => true }]);
    expectDecodeError(() => dec(none, "00"), { found: "tag 0", expected: /has none/ });
    expectEncodeError(() => enc(none, {}), { found: /JSON-only case "old"/ });
  });

  it("a value no case matches fails with the case names", () => {
    expectEncodeError(() => enc(pending, { version: 7 }), { expected: /new_encoding_pending_operations, binary/ });
  });

  it("path of an error inside a case body", () => {
    const wrapped = object([["pending", pending]]);
    expectEncodeError(() => enc(wrapped, { pending: { version: 1 } }), { path: "$.pending" });
    expectDecodeError(() => dec(wrapped, "00"), { path: "$.pending.version", offset: 1 });
  });
});

describe("union definitions", () => {
  it("refuse duplicate tags and tags wider than the tag size", () => {
    expect(() => union("Uint8", [{ tag: 1, name: "a", codec: uint8 }, { tag: 1, name: "b", codec: uint8 }])).toThrow(CodecDefinitionError);
    expect(() => union("Uint8", [{ tag: 256, name: "a", codec: uint8 }])).toThrow(CodecDefinitionError);
    expect(() => union("Uint16", [{ tag: 65536, name: "a", codec: uint8 }])).toThrow(CodecDefinitionError);
  });

  it("accept repeated case names, keyed by tag (expect example with two cases named s)", () => {
    const twice = union<number>("Uint8", [
      { tag: 127, name: "s", codec: uint8, match: (v) => (v as number) < 10 },
      { tag: 255, name: "s", codec: uint16, match: () => true },
    ]);
    roundTrip(twice, 3, "7f 03");
    roundTrip(twice, 300, "ff 012c");
  });
});

describe("enumerations", () => {
  it("int8 ballot with the known mapping (recorded alpha.vote.ballot vectors)", () => {
    const ballot = intEnum("Int8", [[0, "yay"], [1, "nay"], [2, "pass"]] as const);
    roundTrip(ballot, "yay", "00");
    roundTrip(ballot, "nay", "01");
    roundTrip(ballot, "pass", "02");
    expectDecodeError(() => dec(ballot, "03"), { offset: 0, found: "3" });
    expectEncodeError(() => enc(ballot, "maybe" as "yay"), { expected: /"yay", "nay", "pass"/ });
  });

  it("signed and 16-bit values", () => {
    const e = intEnum("Int16", [[-1, "minus"], [300, "big"]] as const);
    roundTrip(e, "minus", "ffff");
    roundTrip(e, "big", "012c");
    expect(e.dataKind).toEqual({ kind: "Fixed", size: 2 });
    expect(() => intEnum("Uint8", [[1, "a"], [1, "b"]])).toThrow(CodecDefinitionError);
  });

  it("string_enum writes the definition index (recorded alpha.voting_period.kind vectors)", () => {
    const kind = stringEnum(["proposal", "exploration", "cooldown", "promotion", "adoption"]);
    roundTrip(kind, "proposal", "00");
    roundTrip(kind, "promotion", "03");
    expectDecodeError(() => dec(kind, "05"));
  });

  it("string_enum widens its index past 255 and 65535 cases", () => {
    expect(stringEnumSize(255)).toBe("Uint8");
    expect(stringEnumSize(256)).toBe("Uint16");
    expect(stringEnumSize(65536)).toBe("Uint30");
    const names = Array.from({ length: 300 }, (_, i) => `c${i}`);
    const wide = stringEnum(names);
    roundTrip(wide, "c299", "012b");
    roundTrip(wide, "c0", "0000");
  });
});
