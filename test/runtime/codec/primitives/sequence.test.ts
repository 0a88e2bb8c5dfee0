import { describe, expect, it } from "vitest";
import {
  CodecDefinitionError,
  bool,
  countedSeq,
  dynamicBytes,
  dynamicSize,
  int64,
  list,
  readElementCount,
  seq,
  uint16,
  uint8,
  variableBytes,
  writeElementCount,
  zarithN,
  zeroWidth,
} from "../../../../runtime/index.ts";
import { dec, enc, expectDecodeError, expectEncodeError, reader, roundTrip, written } from "../support.ts";

describe("seq (elements fill the frame)", () => {
  it("reads elements until the end of the frame", () => {
    roundTrip(seq(uint16), [1, 2, 3], "0001 0002 0003");
    roundTrip(seq(uint16), [], "");
    expect(seq(uint16).dataKind).toEqual({ kind: "Variable" });
  });

  it("fails on an element cut by the end of the frame, with its index in the path", () => {
    expectDecodeError(() => dec(seq(uint16), "0001 0002 00"), { offset: 4, path: "$[2]" });
  });

  it("checks an at-most limit on both sides", () => {
    const two = seq(uint8, { limit: { kind: "at-most", n: 2 } });
    roundTrip(two, [1, 2], "0102");
    roundTrip(two, [], "");
    expectDecodeError(() => dec(two, "010203"), { offset: 2, expected: /at most 2/, path: "$" });
    expectEncodeError(() => enc(two, [1, 2, 3]), { expected: /at most 2/, found: "3" });
  });

  it("reads exactly n elements without needing a frame", () => {
    const three = seq(uint16, { limit: { kind: "exactly", n: 3 } });
    expect(three.dataKind).toEqual({ kind: "Fixed", size: 6 });
    roundTrip(three, [7, 8, 9], "0007 0008 0009");
    // The value ends after three elements; more bytes are the caller's.
    expectDecodeError(() => dec(three, "0007 0008 0009 00"), { offset: 6, found: /1 trailing byte/ });
    expectEncodeError(() => enc(three, [1, 2]), { expected: "exactly 3 element(s)", found: "2" });
    // Fails before reading any element when the frame cannot hold them all.
    expectDecodeError(() => dec(three, "0007 0008"), { offset: 0, expected: /6 bytes for 3 element/ });
    const dynamicElements = seq(dynamicBytes("Uint8"), { limit: { kind: "exactly", n: 2 } });
    expect(dynamicElements.dataKind).toEqual({ kind: "Dynamic" });
    roundTrip(dynamicElements, ["aa", ""], "01aa 00");
  });

  it("refuses element types data-encoding refuses", () => {
    expect(() => seq(variableBytes)).toThrow(CodecDefinitionError);
    expect(() => seq(zeroWidth)).toThrow(CodecDefinitionError);
    expect(() => seq(uint8, { limit: { kind: "at-most", n: -1 } })).toThrow(CodecDefinitionError);
  });

  it("refuses a non-array value", () => {
    expectEncodeError(() => enc(seq(uint8), "12" as unknown as number[]), { expected: "an array" });
  });

  it("puts the element index in encode errors too", () => {
    expectEncodeError(() => enc(seq(uint8), [1, 2, 300]), { path: "$[2]", offset: 2 });
  });
});

describe("list (uint30 byte count, then the elements)", () => {
  it("writes a byte count, not an element count (data-encoding.md §6)", () => {
    roundTrip(list(uint16), [1, 2, 3], "00000006 0001 0002 0003");
    roundTrip(list(uint16), [], "00000000");
  });

  it("fitness: a list of length-prefixed byte strings (data-encoding.md §14)", () => {
    const fitness = list(dynamicBytes());
    roundTrip(fitness, ["01", "000000000000000a"], "00000011 00000001 01 00000008 000000000000000a");
    roundTrip(fitness, ["02", "00000533", "", "ffffffff", "00000000"], "00000021 00000001 02 00000004 00000533 00000000 00000004 ffffffff 00000004 00000000");
    roundTrip(fitness, [], "00000000");
  });

  it("an element error carries the index through the frame", () => {
    expectDecodeError(() => dec(list(dynamicBytes()), "00000007 00000001 01 000000"), { path: "$[1]", offset: 9 });
  });
});

describe("countedSeq (list_with_length)", () => {
  it("writes the element count with each header kind", () => {
    roundTrip(countedSeq("Uint8", uint16), [1, 2], "02 0001 0002");
    roundTrip(countedSeq("Uint16", uint8), [9], "0001 09");
    roundTrip(countedSeq("Uint30", bool), [true, false], "00000002 ff00");
    roundTrip(countedSeq("N", int64), ["1", "-1"], "02 0000000000000001 ffffffffffffffff");
    roundTrip(countedSeq("N", uint8), [], "00");
  });

  it("is self-delimiting: what follows is not part of it", () => {
    const two = countedSeq("Uint8", uint8);
    expect(two.dataKind).toEqual({ kind: "Dynamic" });
    expectDecodeError(() => dec(two, "01 05 06"), { offset: 2, found: /1 trailing byte/ });
  });

  it("checks the limit and the header range", () => {
    const limited = countedSeq("Uint8", uint8, 2);
    expectDecodeError(() => dec(limited, "03 010203"), { offset: 0, expected: /at most 2/ });
    expectEncodeError(() => enc(limited, [1, 2, 3]), { expected: /at most 2/ });
    expectEncodeError(() => enc(countedSeq("Uint8", uint8), new Array(256).fill(0)), { expected: /at most 255/ });
  });

  it("fails at once when the count cannot fit the bytes left", () => {
    expectDecodeError(() => dec(countedSeq("Uint30", uint16), "3fffffff 0001"), { offset: 4, expected: /2147483646 bytes/ });
    expectDecodeError(() => dec(countedSeq("N", zarithN), "05 00 00"), { offset: 1 });
  });

  it("plain count helpers", () => {
    expect(written((w) => writeElementCount(w, "N", 300))).toBe("ac02");
    expect(readElementCount(reader("0002 aaaa bbbb"), "Uint16", 10, 2)).toBe(2);
    expectDecodeError(() => readElementCount(reader("0003 aaaa"), "Uint16", 10, 2), { offset: 2 });
  });
});

describe("sequences inside dynamic frames", () => {
  it("a seq inside a Uint8 frame stops at the frame end", () => {
    const codec = dynamicSize("Uint8", seq(uint8));
    expect(dec(codec, "02 0a0b")).toEqual([10, 11]);
    expectDecodeError(() => dec(codec, "02 0a0b 0c"), { offset: 3, found: /1 trailing byte/ });
  });
});
