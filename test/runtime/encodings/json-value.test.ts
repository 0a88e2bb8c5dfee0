import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BinaryReader,
  BSON_DEFAULT_MAX_DEPTH,
  BinaryWriter,
  DecodeError,
  EncodeError,
  decodeBson,
  decodeBytes,
  encodeBson,
  encodeBytes,
  jsonValueCodec,
  readBsonValue,
  writeBsonValue,
  writeJsonValue,
  type JsonValue,
} from "../../../runtime/index.ts";
import { hex, thrown, unhex } from "./support/helpers.ts";

describe("BSON form of JSON values", () => {
  // Byte layouts written out by hand from json-data-encoding's BSON rules.
  const cases: [string, JsonValue, string][] = [
    ["empty object", {}, "0500000000"],
    ["object with a number", { a: 1 }, "10000000" + "01" + "6100" + "000000000000f03f" + "00"],
    ["object with a string", { k: "v" }, "0e000000" + "02" + "6b00" + "02000000" + "7600" + "00"],
    ["nested empty array", { x: [] }, "0d000000" + "04" + "7800" + "0500000000" + "00"],
    ["nested object", { o: { b: false } }, "11000000" + "03" + "6f00" + "09000000" + "08" + "6200" + "00" + "00" + "00"],
    ["top-level array", [true, null], "0c000000" + "08" + "3000" + "01" + "0a" + "3100" + "00"],
    ["top-level string", "hi", "0d000000" + "82" + "03000000" + "686900" + "00"],
    ["top-level number", 1.5, "0e000000" + "81" + "000000000000f83f" + "00"],
    ["top-level true", true, "07000000" + "88" + "01" + "00"],
    ["top-level null", null, "06000000" + "8a" + "00"],
  ];

  it.each(cases)("%s", (_, value, expected) => {
    expect(hex(encodeBson(value))).toBe(expected);
    expect(decodeBson(unhex(expected))).toEqual(value);
  });

  it("wraps the document in a uint30-length string in binary", () => {
    expect(hex(encodeBytes(jsonValueCodec, { a: 1 }))).toBe("00000010" + cases[1]![2]);
    expect(decodeBytes(jsonValueCodec, unhex("00000010" + cases[1]![2]))).toEqual({ a: 1 });
  });

  it("reads and writes a bare document for generated code (length given or rest of frame)", () => {
    const doc = encodeBson({ a: 1 });
    const w = new BinaryWriter();
    writeBsonValue(w, { a: 1 });
    writeBsonValue(w, { a: 1 }, doc.length);
    expect(thrown(() => writeBsonValue(new BinaryWriter(), { a: 1 }, doc.length + 1))).toBeInstanceOf(EncodeError);
    const r = new BinaryReader(w.finish());
    expect(readBsonValue(r, doc.length)).toEqual({ a: 1 });
    expect(readBsonValue(r)).toEqual({ a: 1 });
    r.expectEnd();
    expect(thrown(() => readBsonValue(new BinaryReader(doc), doc.length + 1))).toBeInstanceOf(DecodeError);
  });

  it("keeps UTF-8 text, NUL inside strings and a __proto__ key as JSON.parse does", () => {
    const value = JSON.parse('{"é":"ü\\u0000x","__proto__":{"y":[1,"2",{"z":null}]}}') as JsonValue;
    const back = decodeBson(encodeBson(value));
    expect(back).toEqual(value);
    expect(Object.keys(back as object)).toEqual(["é", "__proto__"]);
  });

  it("is lenient where arrays and objects look alike", () => {
    // A top-level document named 0, 1, … is read as an array by default, as an object on request.
    const doc = encodeBson({ 0: "a", 1: "b" });
    expect(decodeBson(doc)).toEqual(["a", "b"]);
    expect(decodeBson(doc, { rootArrays: false })).toEqual({ 0: "a", 1: "b" });
    // An empty top-level document is an object.
    expect(decodeBson(encodeBson([]))).toEqual({});
    // An array element whose names are not 0, 1, … becomes an object instead of failing.
    const odd = unhex("14000000" + "04" + "6100" + "0c000000" + "10" + "7a00" + "01000000" + "00" + "00");
    expect(() => decodeBson(odd)).toThrow(DecodeError); // tag 0x10 (int32) is not part of the JSON mapping
    const renamed = unhex("11000000" + "04" + "6100" + "09000000" + "08" + "7a00" + "01" + "00" + "00");
    expect(decodeBson(renamed)).toEqual({ a: { z: true } });
    // Immediate values are accepted inside nested documents too.
    const nestedImmediate = unhex("0f000000" + "03" + "6100" + "07000000" + "88" + "01" + "00" + "00");
    expect(decodeBson(nestedImmediate)).toEqual({ a: true });
  });

  it("refuses what JSON cannot carry, with an EncodeError and a path", () => {
    const e = thrown(() => encodeBson({ a: [1, Number.NaN] }));
    expect(e).toBeInstanceOf(EncodeError);
    expect(e.message).toContain("$.a[1]");
    expect(thrown(() => encodeBson({ "a\u0000b": 1 }))).toBeInstanceOf(EncodeError);
    expect(thrown(() => encodeBson({ a: undefined } as unknown as JsonValue))).toBeInstanceOf(EncodeError);
    expect(thrown(() => encodeBson(new Date() as unknown as JsonValue))).toBeInstanceOf(EncodeError);
    expect(thrown(() => encodeBytes(jsonValueCodec, 10n as unknown as JsonValue))).toBeInstanceOf(EncodeError);
  });

  it("checks sizes, terminators, booleans, tags and UTF-8 when decoding", () => {
    const bad = [
      "04000000", // too short
      "0600000000", // size larger than the bytes
      "050000000000", // size smaller than the bytes
      "0500000001", // missing terminator
      "0c000000" + "08" + "6100" + "02" + "00" + "000000", // boolean byte 2, then early terminator
      "08000000" + "07" + "6100" + "00", // unknown tag
      "0e000000" + "02" + "6b00" + "02000000" + "ff00" + "00", // invalid UTF-8
      "0e000000" + "02" + "6b00" + "09000000" + "7600" + "00", // string size past the end
      "0e000000" + "02" + "6b00" + "02000000" + "7601" + "00", // string without NUL
      "0c000000" + "03" + "6100" + "04000000" + "00", // subdocument size below 5
    ];
    for (const b of bad) expect(thrown(() => decodeBson(unhex(b)))).toBeInstanceOf(DecodeError);
  });

  it("refuses nesting deeper than the limit instead of overflowing the stack", () => {
    let value: JsonValue = 1;
    for (let i = 0; i < 2000; i++) value = [value];
    const bytes = encodeBson(value, { maxDepth: 5000 });
    const e = thrown(() => decodeBson(bytes));
    expect(e).toBeInstanceOf(DecodeError);
    expect(decodeBson(bytes, { maxDepth: 5000 })).toEqual(value);
  });

  // Issue 14: a 9,999-deep array overflowed the stack below the encoder's own guard (10 000).
  it("encodes with the decoder's depth limit: deeper values, cyclic ones included, fail with an EncodeError and a path", () => {
    const nested = (depth: number): JsonValue => {
      let value: JsonValue = 1;
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    // The root array is at depth 0: D + 1 arrays reach depth D, the deepest both sides accept.
    const deepest = nested(BSON_DEFAULT_MAX_DEPTH + 1);
    expect(decodeBson(encodeBson(deepest))).toEqual(deepest);
    expect(thrown(() => decodeBson(encodeBson(nested(BSON_DEFAULT_MAX_DEPTH + 2), { maxDepth: 1000 })))).toBeInstanceOf(DecodeError);
    for (const depth of [BSON_DEFAULT_MAX_DEPTH + 2, 9_999]) {
      const e = thrown(() => encodeBson(nested(depth)));
      expect(e).toBeInstanceOf(EncodeError);
      expect((e as EncodeError).expected).toContain(`nested at most ${BSON_DEFAULT_MAX_DEPTH} deep`);
      expect((e as EncodeError).segments).toHaveLength(BSON_DEFAULT_MAX_DEPTH + 1);
    }
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(thrown(() => encodeBson(cyclic as JsonValue))).toBeInstanceOf(EncodeError);
    expect(thrown(() => writeJsonValue(new BinaryWriter(), nested(9_999)))).toBeInstanceOf(EncodeError);
  });

  it("encodes without recursion (100 000 levels when asked) and refuses to decode them with a DecodeError", () => {
    let value: JsonValue = [];
    for (let i = 0; i < 100_000; i++) value = { k: value };
    const bytes = encodeBson(value, { maxDepth: 200_000 });
    expect(bytes.length).toBe(100_000 * 8 + 5);
    expect(thrown(() => decodeBson(bytes, { maxDepth: 200_000 }))).toBeInstanceOf(DecodeError);
  });

  it("round-trips any JSON value (up to the documented array/object ambiguities)", () => {
    // The root is the one place where arrays and objects cannot be told apart: compare after
    // turning a root object named 0…n−1 into an array and a root [] into {}.
    const normaliseRoot = (v: JsonValue): JsonValue => {
      if (Array.isArray(v)) return v.length === 0 ? {} : v;
      if (v !== null && typeof v === "object") {
        const keys = Object.keys(v);
        if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => v[k]!);
      }
      return v;
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const v = value as JsonValue;
        expect(decodeBson(encodeBson(v))).toEqual(normaliseRoot(v));
      }),
      { numRuns: 1000 },
    );
  });

  it("only ever fails with DecodeError on random bytes (fuzz)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          decodeBytes(jsonValueCodec, bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
        }
        try {
          decodeBson(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("only ever fails with DecodeError on mutated and truncated documents (fuzz)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), fc.integer({ min: 0, max: 255 }), (value, where, byte) => {
        const bytes = encodeBytes(jsonValueCodec, value as JsonValue);
        const mutated = bytes.slice();
        mutated[where % bytes.length] = byte;
        for (const input of [mutated, bytes.subarray(0, where % bytes.length)]) {
          try {
            decodeBytes(jsonValueCodec, input);
          } catch (error) {
            expect(error).toBeInstanceOf(DecodeError);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
