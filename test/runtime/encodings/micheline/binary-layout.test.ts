import { describe, expect, it } from "vitest";
import { BinaryReader, BinaryWriter, DecodeError, EncodeError, decodeBytes, encodeBytes } from "../../../../runtime/index.ts";
import {
  NEWEST_MICHELINE_TABLE,
  micheline,
  michelineSelfDelimited,
  buildMichelineTable,
  michelineTableForProtocol,
  readMicheline,
  writeMicheline,
  type MichelineExpression,
} from "../../../../runtime/encodings/micheline/index.ts";
import { fromHex, toHexString } from "./helpers.ts";

const codec = micheline();

/** Byte strings worked out by hand from the tag table (see runtime/encodings/micheline/binary.ts). */
const HAND_CHECKED: readonly [string, MichelineExpression, string][] = [
  ["zero", { int: "0" }, "00 00"],
  ["-1: sign bit 0x40", { int: "-1" }, "00 41"],
  ["63 fits the first byte", { int: "63" }, "00 3f"],
  ["64 needs a second byte", { int: "64" }, "00 80 01"],
  ["-64", { int: "-64" }, "00 c0 01"],
  ["1238 = 010011 010110", { int: "1238" }, "00 96 13"],
  ["a 53-bit number", { int: "8920392083423078" }, "00 a6 fd 9d 96 94 c3 d8 1f"],
  ["its negation", { int: "-8920392083423078" }, "00 e6 fd 9d 96 94 c3 d8 1f"],
  ["2^70 (past the double range)", { int: "1180591620717411303424" }, "00 80 80 80 80 80 80 80 80 80 80 02"],
  ["string", { string: "abc" }, "01 00000003 616263"],
  ["empty string", { string: "" }, "01 00000000"],
  ["non-ASCII UTF-8 string", { string: "é€" }, "01 00000005 c3a9 e282ac"],
  ["a leading byte-order mark stays", { string: "\ufeffx" }, "01 00000004 efbbbf 78"],
  ["invalid UTF-8 string", { string: { invalid_utf8_string: [255, 0, 104] } }, "01 00000003 ff0068"],
  ["bytes", { bytes: "cafe00" }, "0a 00000003 cafe00"],
  ["empty bytes", { bytes: "" }, "0a 00000000"],
  ["empty sequence", [], "02 00000000"],
  ["prim, no args, no annots (Unit = 11)", { prim: "Unit" }, "03 0b"],
  ["prim with annots (unit = 108)", { prim: "unit", annots: [":u"] }, "04 6c 00000002 3a75"],
  ["prim, 1 arg (Some = 9)", { prim: "Some", args: [{ int: "5" }] }, "05 09 00 05"],
  ["prim, 1 arg + annots", { prim: "Some", args: [{ prim: "Unit" }], annots: ["@x"] }, "06 09 030b 00000002 4078"],
  ["prim, 2 args (Pair = 7)", { prim: "Pair", args: [{ int: "1" }, { string: "x" }] }, "07 07 0001 01 00000001 78"],
  [
    "prim, 2 args + 2 annots joined by a space",
    { prim: "Pair", args: [{ int: "1" }, { string: "x" }], annots: ["%a", "@b"] },
    "08 07 0001 01 00000001 78 00000005 2561204062",
  ],
  [
    "generic prim: 3 args, empty annotation string still written (pair = 101, nat = 98)",
    { prim: "pair", args: [{ prim: "nat" }, { prim: "nat" }, { prim: "nat" }] },
    "09 65 00000006 0362 0362 0362 00000000",
  ],
  [
    "generic prim with annots",
    { prim: "pair", args: [{ prim: "nat" }, { prim: "nat" }, { prim: "nat" }], annots: ["%p"] },
    "09 65 00000006 0362 0362 0362 00000002 2570",
  ],
  [
    "nested sequence counts bytes, not elements",
    [{ int: "1" }, [{ prim: "UNIT" }], { bytes: "ff" }],
    "02 0000000f 0001 02 00000002 034f 0a 00000001 ff",
  ],
  ["newest primitive (GET_ADDRESS_INDEX = 160)", { prim: "GET_ADDRESS_INDEX" }, "03 a0"],
];

describe("Micheline binary layout, hand-checked", () => {
  for (const [label, value, hex] of HAND_CHECKED) {
    it(`${label}: ${hex}`, () => {
      const bytes = fromHex(hex);
      expect(toHexString(encodeBytes(codec, value))).toBe(toHexString(bytes));
      expect(decodeBytes(codec, bytes)).toEqual(value);
    });
  }

  it("decodes the non-canonical forms Octez accepts to the same value", () => {
    // Generic tag 9 with two args and no annotations.
    expect(decodeBytes(codec, fromHex("09 07 00000004 0001 0002 00000000"))).toEqual({ prim: "Pair", args: [{ int: "1" }, { int: "2" }] });
    // Tag 4 with an empty annotation string (v1/v2 read it as no annotation).
    expect(decodeBytes(codec, fromHex("04 0b 00000000"))).toEqual({ prim: "Unit" });
    // Negative zero.
    expect(decodeBytes(codec, fromHex("00 40"))).toEqual({ int: "0" });
  });

  it("accepts empty args/annots and upper-case hex when encoding, printing them canonically", () => {
    const bytes = encodeBytes(codec, { prim: "Unit", args: [], annots: [] });
    expect(toHexString(bytes)).toBe("030b");
    expect(toHexString(encodeBytes(codec, { bytes: "CAFE" }))).toBe("0a00000002cafe");
    expect(decodeBytes(codec, fromHex("0a00000002cafe"))).toEqual({ bytes: "cafe" });
  });

  it("omits args and annots from decoded prims rather than writing empty lists", () => {
    const value = decodeBytes(codec, fromHex("09 0b 00000000 00000000"));
    expect(value).toEqual({ prim: "Unit" });
    expect(Object.keys(value as object)).toEqual(["prim"]);
    expect(JSON.stringify(decodeBytes(codec, fromHex("06 09 030b 00000002 4078")))).toBe('{"prim":"Some","args":[{"prim":"Unit"}],"annots":["@x"]}');
  });
});

describe("Micheline frames", () => {
  it("the frame-filling codec rejects bytes after the expression", () => {
    expect(() => decodeBytes(codec, fromHex("030b 030b"))).toThrowError(DecodeError);
    expect(codec.dataKind).toEqual({ kind: "Variable" });
  });

  it("the self-delimiting reader stops after one expression", () => {
    const r = new BinaryReader(fromHex("05 09 030b 99"));
    expect(readMicheline(r, NEWEST_MICHELINE_TABLE)).toEqual({ prim: "Some", args: [{ prim: "Unit" }] });
    expect(r.offset).toBe(4);
    const selfDelimited = michelineSelfDelimited();
    expect(selfDelimited.dataKind).toEqual({ kind: "Dynamic" });
    expect(decodeBytes(selfDelimited, fromHex("030b ffff"), { allowTrailing: true })).toEqual({ prim: "Unit" });
  });

  it("writeMicheline appends to a writer", () => {
    const w = new BinaryWriter();
    w.uint8(0xee);
    writeMicheline(w, { int: "1" }, NEWEST_MICHELINE_TABLE);
    expect(toHexString(w.finish())).toBe("ee0001");
  });
});

function decodeError(hex: string, table = NEWEST_MICHELINE_TABLE): DecodeError {
  try {
    decodeBytes(micheline({ primitives: table }), fromHex(hex));
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return error as DecodeError;
  }
  throw new Error(`${hex} decoded`);
}

function encodeError(value: unknown): EncodeError {
  try {
    encodeBytes(codec, value as MichelineExpression);
  } catch (error) {
    expect(error).toBeInstanceOf(EncodeError);
    return error as EncodeError;
  }
  throw new Error(`${JSON.stringify(value)} encoded`);
}

describe("Micheline decode errors carry the offset and the path", () => {
  it("unknown node tag", () => {
    const e = decodeError("02 00000002 030b 0b");
    // The sequence frame holds 030b only; 0b lies after it.
    expect(e.path).toBe("$");
    expect(decodeError("0b").message).toContain("tag 11");
  });

  it("unknown primitive code", () => {
    const e = decodeError("07 07 0001 03 a1");
    expect(e.path).toBe("$.args[1].prim");
    expect(e.offset).toBe(5);
    expect(e.expected).toContain("below 161");
  });

  it("truncated zarith inside the second argument", () => {
    const e = decodeError("07 07 0001 00 80");
    expect(e.path).toBe("$.args[1].int");
    expect(e.offset).toBe(6);
  });

  it("a zarith ending with a zero byte", () => {
    const e = decodeError("00 80 00");
    expect(e.path).toBe("$.int");
    expect(e.expected).toContain("trailing zero");
  });

  it("a length above uint30", () => {
    const e = decodeError("01 40000000");
    expect(e.path).toBe("$.string");
    expect(e.expected).toContain("uint30");
  });

  it("a string longer than its frame", () => {
    const e = decodeError("02 00000006 01 00000005 61");
    expect(e.path).toBe("$[0].string");
    expect(e.offset).toBe(10);
  });

  it("a malformed annotation after the args, by index", () => {
    const e = decodeError("08 07 0001 0002 00000006 25612062 6262");
    expect(e.path).toBe("$.annots[1]");
    expect(e.offset).toBe(13);
  });

  it("an annotation error in a nested generic prim", () => {
    const e = decodeError("02 0000000e 09 07 00000002 030b 00000002 25ff");
    expect(e.path).toBe("$[0].annots[0]");
  });

  it("a generic prim whose args overrun their frame", () => {
    const e = decodeError("09 07 00000001 0001 00000000");
    expect(e.path).toBe("$.args[0].int");
  });
});

describe("Micheline encode errors carry the path", () => {
  const cases: [string, unknown, string, string][] = [
    ["not a decimal", { prim: "Pair", args: [{ int: "1" }, { int: "1e3" }] }, "$.args[1].int", "decimal"],
    ["int as a number", { int: 5 }, "$.int", "decimal"],
    ["unknown primitive", [{ prim: "Unit" }, { prim: "FOO" }], "$[1].prim", "primitive"],
    ["odd hex", { prim: "Some", args: [{ bytes: "abc" }] }, "$.args[0].bytes", "hex"],
    ["extra key", { int: "1", string: "x" }, "$", "Micheline node"],
    ["unknown key on a prim", { prim: "Unit", arg: [] }, "$", "Micheline node"],
    ["null", [null], "$[0]", "Micheline node"],
    ["args not a list", { prim: "Some", args: { int: "1" } }, "$.args", "list"],
    ["malformed annotation", { prim: "Unit", annots: ["%ok", "no_sigil"] }, "$.annots[1]", "well-formed"],
    ["annotation with a space", { prim: "Unit", annots: ["%a b"] }, "$.annots[0]", "well-formed"],
    ["annotation too long", { prim: "Unit", annots: ["%" + "a".repeat(255)] }, "$.annots[0]", "255"],
    ["lone surrogate", { string: "a\ud800" }, "$.string", "string"],
    ["byte out of range", { string: { invalid_utf8_string: [1, 256] } }, "$.string", "string"],
    ["deep path", { prim: "pair", args: [{ prim: "nat" }, [{ prim: "Some", args: [{ int: "-" }] }], { prim: "nat" }] }, "$.args[1][0].args[0].int", "decimal"],
  ];
  for (const [label, value, path, expected] of cases) {
    it(`${label} → ${path}`, () => {
      const e = encodeError(value);
      expect(e.path).toBe(path);
      expect(e.expected).toContain(expected);
    });
  }
});

describe("annotation rules per protocol generation", () => {
  const v0 = michelineTableForProtocol(1);
  const v1 = michelineTableForProtocol(10);
  const v2 = michelineTableForProtocol(12);

  it("each protocol gets the rules of its script encoding", () => {
    expect([v0.annotations, v1.annotations, v2.annotations]).toEqual(["v0", "v1", "v2"]);
  });

  it("v0 reads an empty annotation string as one empty annotation, and writes it back", () => {
    const c = micheline({ primitives: v0 });
    expect(decodeBytes(c, fromHex("04 0b 00000000"))).toEqual({ prim: "Unit", annots: [""] });
    expect(toHexString(encodeBytes(c, { prim: "Unit", annots: [""] }))).toBe("040b00000000");
  });

  it("v1 reads it as no annotation and refuses to write a lone empty one", () => {
    const c = micheline({ primitives: v1 });
    expect(decodeBytes(c, fromHex("04 0b 00000000"))).toEqual({ prim: "Unit" });
    expect(() => encodeBytes(c, { prim: "Unit", annots: [""] })).toThrowError(EncodeError);
  });

  it("v1 accepts annotations without a sigil; v2 does not", () => {
    const bytes = fromHex("04 0b 00000003 666f6f");
    expect(decodeBytes(micheline({ primitives: v1 }), bytes)).toEqual({ prim: "Unit", annots: ["foo"] });
    expect(decodeError("04 0b 00000003 666f6f", v2).path).toBe("$.annots[0]");
  });

  it("annotations longer than 255 bytes are refused by every generation", () => {
    const long = "25" + "61".repeat(255);
    for (const table of [v0, v1, v2]) expect(decodeError(`04 0b 00000100 ${long}`, table).expected).toContain("255");
  });

  it("the annotations option overrides the table's rules", () => {
    const c = micheline({ annotations: "v0" });
    expect(decodeBytes(c, fromHex("04 0b 00000000"))).toEqual({ prim: "Unit", annots: [""] });
  });
});

describe("nesting depth", () => {
  const deepBytes = (depth: number): Uint8Array => {
    const out = new Uint8Array(depth * 2 + 2);
    for (let i = 0; i < depth; i++) out.set([0x05, 0x09], 2 * i);
    out.set([0x00, 0x07], depth * 2);
    return out;
  };
  const deepValue = (depth: number): MichelineExpression => {
    let value: MichelineExpression = { int: "7" };
    for (let i = 0; i < depth; i++) value = { prim: "Some", args: [value] };
    return value;
  };
  const depthOf = (value: MichelineExpression): number => {
    let depth = 0;
    let node: MichelineExpression | undefined = value;
    while (node !== undefined && !Array.isArray(node) && "prim" in node && node.args !== undefined) {
      depth++;
      node = node.args[0];
    }
    return depth;
  };

  it("accepts the default limit and refuses one level more with a DecodeError", () => {
    expect(depthOf(decodeBytes(codec, deepBytes(1000)))).toBe(1000);
    const e = decodeError(toHexString(deepBytes(1001)));
    expect(e.expected).toContain("nesting of at most 1000");
    expect(e.offset).toBe(2000);
  });

  it("refuses to encode past the limit", () => {
    expect(toHexString(encodeBytes(codec, deepValue(1000)))).toBe(toHexString(deepBytes(1000)));
    expect(() => encodeBytes(codec, deepValue(1001))).toThrowError(/nesting of at most 1000/);
  });

  it("reads and writes 200000 levels without recursion when the limit is lifted", () => {
    const unbounded = micheline({ maxDepth: Number.POSITIVE_INFINITY });
    const bytes = deepBytes(200_000);
    const value = decodeBytes(unbounded, bytes);
    expect(depthOf(value)).toBe(200_000);
    expect(toHexString(encodeBytes(unbounded, value)) === toHexString(bytes)).toBe(true);
  });

  it("deep sequences too", () => {
    const depth = 50_000;
    const bytes = new Uint8Array(depth * 5);
    for (let i = 0; i < depth; i++) {
      bytes[5 * i] = 0x02;
      new DataView(bytes.buffer).setUint32(5 * i + 1, (depth - i - 1) * 5);
    }
    const unbounded = micheline({ maxDepth: depth });
    expect(toHexString(encodeBytes(unbounded, decodeBytes(unbounded, bytes))) === toHexString(bytes)).toBe(true);
    expect(() => decodeBytes(micheline({ maxDepth: depth - 1 }), bytes)).toThrowError(DecodeError);
  });
});

describe("custom tables", () => {
  it("a table of more than 256 names uses 2-byte codes", () => {
    const names = Array.from({ length: 300 }, (_, i) => `p${i}`);
    const c = micheline({ primitives: buildMichelineTable(names, "v2") });
    expect(toHexString(encodeBytes(c, { prim: "p299" }))).toBe("03012b");
    expect(decodeBytes(c, fromHex("05 0001 03 012b"))).toEqual({ prim: "p1", args: [{ prim: "p299" }] });
  });
});

describe("errors deep inside an unbounded expression", () => {
  it("carry the full path without blowing the stack", () => {
    const depth = 150_000;
    const bytes = new Uint8Array(depth * 2 + 2);
    for (let i = 0; i < depth; i++) bytes.set([0x05, 0x09], 2 * i);
    bytes.set([0x00, 0x80], depth * 2); // truncated zarith at the bottom
    try {
      decodeBytes(micheline({ maxDepth: Number.POSITIVE_INFINITY }), bytes);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecodeError);
      const e = error as DecodeError;
      expect(e.segments.length).toBe(depth * 2 + 1);
      expect(e.path.startsWith("$.args[0].args[0]")).toBe(true);
      expect(e.path.endsWith(".args[0].int")).toBe(true);
      expect(e.offset).toBe(depth * 2 + 2);
    }
  });
});

describe("reader state after an error", () => {
  it("the reader gets its enclosing frame back", () => {
    const r = new BinaryReader(fromHex("02 00000006 02 00000001 ff ee"));
    expect(() => readMicheline(r, NEWEST_MICHELINE_TABLE)).toThrowError(DecodeError);
    expect(r.end).toBe(12);
  });
});

describe("UTF-8 by hand agrees with the platform", () => {
  const samples = ["", "abc", "é", "€uro", "𝄞 clef", "\u0000\u007f\u0080\u07ff\u0800\uffff", "\ud83d\ude00", "x".repeat(100) + "é", "plain ASCII longer than sixty-four characters, which takes the TextDecoder path"];
  for (const text of samples) {
    it(JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text), () => {
      const bytes = encodeBytes(codec, { string: text });
      const expected = new TextEncoder().encode(text);
      expect(toHexString(bytes.subarray(5))).toBe(toHexString(expected));
      expect(decodeBytes(codec, bytes)).toEqual({ string: text });
    });
  }

  it("lone surrogates at either end are refused", () => {
    for (const text of ["\ud800", "\udc00x", "x\ud83d", "\ude00\ud83d"]) expect(() => encodeBytes(codec, { string: text })).toThrowError(EncodeError);
  });

  it("overlong forms, encoded surrogates and truncated sequences read as invalid_utf8_string", () => {
    for (const hex of ["c0af", "eda080", "e282", "f4908080", "80"]) {
      const bytes = fromHex(hex);
      const encoded = fromHex(`01 ${bytes.length.toString(16).padStart(8, "0")} ${hex}`);
      expect(decodeBytes(codec, encoded)).toEqual({ string: { invalid_utf8_string: Array.from(bytes) } });
      expect(toHexString(encodeBytes(codec, { string: { invalid_utf8_string: Array.from(bytes) } }))).toBe(toHexString(encoded));
    }
  });
});
