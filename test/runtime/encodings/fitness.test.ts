import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DecodeError, EncodeError, compareFitness, decodeBytes, encodeBytes, fitnessCodec } from "../../../runtime/index.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { ALPHA, decodesOrDecodeError, hex, roundTrip, thrown, unhex, type Vector } from "./support/helpers.ts";

describe("shell fitness", () => {
  it("matches the worked examples of data-encoding.md §14", () => {
    roundTrip(fitnessCodec, [], "00000000");
    roundTrip(fitnessCodec, ["01", "000000000000000a"], "00000011" + "0000000101" + "00000008000000000000000a");
    roundTrip(
      fitnessCodec,
      ["02", "00000533", "", "ffffffff", "00000000"],
      "00000021" + "0000000102" + "0000000400000533" + "00000000" + "00000004ffffffff" + "0000000400000000",
    );
  });

  it("accepts upper-case hex and prints lower case", () => {
    expect(hex(encodeBytes(fitnessCodec, ["0A"]))).toBe("00000005000000010a");
    expect(decodeBytes(fitnessCodec, unhex("00000005000000010a"))).toEqual(["0a"]);
  });

  itWithReference(ALPHA)("reads the fitness inside the alpha.block_header vector", () => {
    const vector = readReference<{ vectors: Vector[] }>(ALPHA).vectors.find((v) => v.encoding === "alpha.block_header")!;
    const at = vector.hex.indexOf("00000011000000010100000008000000000000000a");
    expect(at).toBeGreaterThan(0);
    const slice = unhex(vector.hex.slice(at, at + 2 * 21));
    expect(decodeBytes(fitnessCodec, slice)).toEqual((vector.json as { fitness: string[] }).fitness);
  });

  it("names the element and the problem in errors", () => {
    const e = thrown(() => encodeBytes(fitnessCodec, ["01", "0g"]));
    expect(e).toBeInstanceOf(EncodeError);
    expect(e.message).toContain("$[1]");
    expect(thrown(() => encodeBytes(fitnessCodec, ["abc"]))).toBeInstanceOf(EncodeError);
    expect(thrown(() => encodeBytes(fitnessCodec, "01" as unknown as string[]))).toBeInstanceOf(EncodeError);
    const d = thrown(() => decodeBytes(fitnessCodec, unhex("0000000700000001010000000f"))) as DecodeError;
    expect(d).toBeInstanceOf(DecodeError);
    expect(d.message).toContain("$[1]");
    // An element running past the end of the list's frame.
    expect(thrown(() => decodeBytes(fitnessCodec, unhex("000000050000000201ff")))).toBeInstanceOf(DecodeError);
  });

  it("round-trips any list of byte strings", () => {
    const hexString = fc.uint8Array({ maxLength: 12 }).map((b) => hex(b));
    fc.assert(
      fc.property(fc.array(hexString, { maxLength: 8 }), (fitness) => {
        expect(decodeBytes(fitnessCodec, encodeBytes(fitnessCodec, fitness))).toEqual(fitness);
      }),
      { numRuns: 500 },
    );
  });

  it("only ever fails with DecodeError on random and truncated bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), (bytes) => decodesOrDecodeError(fitnessCodec, bytes)),
      { numRuns: 1000 },
    );
    const good = encodeBytes(fitnessCodec, ["02", "00000533", "", "ffffffff", "00000000"]);
    for (let n = 0; n < good.length; n++) expect(thrown(() => decodeBytes(fitnessCodec, good.subarray(0, n)))).toBeInstanceOf(DecodeError);
  });

  it("compares like the shell", () => {
    expect(compareFitness([], ["01"])).toBe(-1);
    expect(compareFitness(["01", "0a"], ["01", "0b"])).toBe(-1);
    expect(compareFitness(["01", "ff"], ["01", "0000"])).toBe(-1);
    expect(compareFitness(["02", "00000533", "", "ffffffff", "00000000"], ["02", "00000533", "00000000", "ffffffff", "00000000"])).toBe(-1);
    expect(compareFitness(["02", "00000001"], ["02", "00000001"])).toBe(0);
    expect(compareFitness(["02", "00000002"], ["02", "00000001"])).toBe(1);
  });
});
