import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DecodeError, decodeBytes, encodeBytes } from "../../../../runtime/index.ts";
import {
  NEWEST_MICHELINE_TABLE,
  micheline,
  michelineTableForProtocol,
  type MichelineExpression,
  type MichelinePrim,
} from "../../../../runtime/encodings/micheline/index.ts";
import { toHexString } from "./helpers.ts";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The JSON form Octez prints for some string bytes. */
function stringForm(bytes: Uint8Array): MichelineExpression {
  try {
    return { string: strictUtf8.decode(bytes) };
  } catch {
    return { string: { invalid_utf8_string: Array.from(bytes) } };
  }
}

const annotation = fc.stringMatching(/^[@:$&%!?][A-Za-z0-9_.%@]{0,12}$/);

/** Expressions in canonical JSON form: what decoding gives back. */
function expressions(primNames: readonly string[]) {
  return fc.letrec<{ expr: MichelineExpression }>((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }).map((n): MichelineExpression => ({ int: n.toString() })),
      fc.string({ unit: "binary", maxLength: 20 }).map((s): MichelineExpression => ({ string: s })),
      fc.uint8Array({ maxLength: 12 }).map(stringForm),
      fc.uint8Array({ maxLength: 12 }).map((b): MichelineExpression => ({ bytes: toHexString(b) })),
      fc.array(tie("expr"), { maxLength: 4 }),
      fc
        .record({
          prim: fc.constantFrom(...primNames),
          args: fc.array(tie("expr"), { maxLength: 4 }),
          annots: fc.array(annotation, { maxLength: 3 }),
        })
        .map(({ prim, args, annots }): MichelineExpression => {
          const node: MichelinePrim = { prim };
          if (args.length > 0) node.args = args;
          if (annots.length > 0) node.annots = annots;
          return node;
        }),
    ),
  })).expr;
}

const codec = micheline();

describe("Micheline properties", () => {
  it("decode(encode(x)) = x and encode(decode(b)) = b for canonical expressions", () => {
    fc.assert(
      fc.property(expressions(NEWEST_MICHELINE_TABLE.names), (value) => {
        const bytes = encodeBytes(codec, value);
        expect(decodeBytes(codec, bytes)).toEqual(value);
        expect(toHexString(encodeBytes(codec, decodeBytes(codec, bytes)))).toBe(toHexString(bytes));
      }),
      { numRuns: 400 },
    );
  });

  it("the same holds with an older protocol's table", () => {
    const granada = micheline({ primitives: michelineTableForProtocol(10) });
    fc.assert(
      fc.property(expressions(michelineTableForProtocol(10).names), (value) => {
        expect(decodeBytes(granada, encodeBytes(granada, value))).toEqual(value);
      }),
      { numRuns: 150 },
    );
  });

  it("the encoding is the byte count its sequences and generic prims declare", () => {
    fc.assert(
      fc.property(fc.array(expressions(NEWEST_MICHELINE_TABLE.names), { maxLength: 5 }), (items) => {
        const bytes = encodeBytes(codec, items);
        expect(bytes[0]).toBe(2);
        expect(new DataView(bytes.buffer).getUint32(1)).toBe(bytes.length - 5);
      }),
      { numRuns: 100 },
    );
  });

  it("every strict prefix of an encoding fails with a DecodeError", () => {
    fc.assert(
      fc.property(
        expressions(NEWEST_MICHELINE_TABLE.names).chain((value) => {
          const bytes = encodeBytes(codec, value);
          return fc.tuple(fc.constant(bytes), fc.integer({ min: 0, max: bytes.length - 1 }));
        }),
        ([bytes, cut]) => {
          expect(() => decodeBytes(codec, bytes.subarray(0, cut))).toThrowError(DecodeError);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("random bytes only ever decode or fail with a DecodeError, and what decodes is stable", () => {
    // Bias the first bytes towards real tags so that deeper paths are reached.
    const input = fc.tuple(fc.integer({ min: 0, max: 11 }), fc.uint8Array({ maxLength: 64 })).map(([tag, rest]) => Uint8Array.from([tag, ...rest]));
    fc.assert(
      fc.property(fc.oneof(input, fc.uint8Array({ maxLength: 64 })), (bytes) => {
        let value: MichelineExpression;
        try {
          value = decodeBytes(codec, bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
          return;
        }
        expect(decodeBytes(codec, encodeBytes(codec, value))).toEqual(value);
      }),
      { numRuns: 3000 },
    );
  });

  it("one flipped byte in a real encoding only ever yields a value or a DecodeError", () => {
    fc.assert(
      fc.property(
        expressions(NEWEST_MICHELINE_TABLE.names).chain((value) => {
          const bytes = encodeBytes(codec, value);
          return fc.tuple(fc.constant(bytes), fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }));
        }),
        ([bytes, at, xor]) => {
          const broken = Uint8Array.from(bytes);
          broken[at]! ^= xor;
          try {
            decodeBytes(codec, broken);
          } catch (error) {
            expect(error).toBeInstanceOf(DecodeError);
            expect((error as DecodeError).offset).toBeGreaterThanOrEqual(0);
            expect((error as DecodeError).offset).toBeLessThanOrEqual(broken.length);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** The zarith layout written the plain way, as the reference for the fast paths. */
function referenceZ(n: bigint): string {
  const negative = n < 0n;
  let abs = negative ? -n : n;
  const out = [Number(abs & 0x3fn) | (negative ? 0x40 : 0)];
  abs >>= 6n;
  if (abs !== 0n) out[0]! |= 0x80;
  while (abs !== 0n) {
    const group = Number(abs & 0x7fn);
    abs >>= 7n;
    out.push(group | (abs !== 0n ? 0x80 : 0));
  }
  return "00" + toHexString(Uint8Array.from(out));
}

describe("Micheline ints against a plain zarith reference", () => {
  it("around every power of two up to 2^300, both signs", () => {
    for (let k = 0n; k <= 300n; k++) {
      for (const delta of [-1n, 0n, 1n]) {
        for (const sign of [1n, -1n]) {
          const n = sign * ((1n << k) + delta);
          const hex = toHexString(encodeBytes(codec, { int: n.toString() }));
          expect(hex).toBe(referenceZ(n));
          expect(decodeBytes(codec, Uint8Array.from(Buffer.from(hex, "hex")))).toEqual({ int: n.toString() });
        }
      }
    }
  });

  it("random integers of up to 2000 bits", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 2000n), max: 2n ** 2000n }), (n) => {
        const hex = toHexString(encodeBytes(codec, { int: n.toString() }));
        expect(hex).toBe(referenceZ(n));
        expect(decodeBytes(codec, Uint8Array.from(Buffer.from(hex, "hex")))).toEqual({ int: n.toString() });
      }),
      { numRuns: 500 },
    );
  });

  it("leading zeros and -0 in the JSON input encode as the canonical number", () => {
    expect(toHexString(encodeBytes(codec, { int: "-0" }))).toBe("0000");
    expect(toHexString(encodeBytes(codec, { int: "000064" }))).toBe("008001");
    expect(toHexString(encodeBytes(codec, { int: "0000000000000000000000064" }))).toBe("008001");
  });

  it("a zarith integer of 100000 bytes decodes in linear time", () => {
    const bytes = new Uint8Array(100_001);
    bytes[0] = 0;
    bytes.fill(0xff, 1, 100_000);
    bytes[100_000] = 0x7f;
    const started = performance.now();
    const value = decodeBytes(codec, bytes) as { int: string };
    expect(value.int.startsWith("-")).toBe(true);
    expect(BigInt(value.int)).toBe(-(2n ** BigInt(6 + 7 * 99_999) - 1n));
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
