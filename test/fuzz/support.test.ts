/**
 * The fuzzer's judge must catch what it is meant to catch: a stray exception, a stray exception
 * wrapped as a `DecodeError` by the generated code's path bookkeeping, and an allocation sized
 * from the input; and it must let clean `DecodeError`s and successful decodes through.
 */
import { describe, expect, it } from "vitest";
import { atPath, type BinaryReader } from "../../runtime/index.ts";
import { ALLOCATION_LIMIT, decodeOutcome, flipBits, overwrite } from "./support.ts";

const byte = (r: BinaryReader) => r.uint8();

describe("decodeOutcome", () => {
  it("accepts a complete decode and rejects with a plain DecodeError", () => {
    expect(decodeOutcome(byte, Uint8Array.of(7))).toEqual({ kind: "decoded" });
    expect(decodeOutcome(byte, Uint8Array.of())).toEqual({ kind: "rejected" });
    expect(decodeOutcome(byte, Uint8Array.of(1, 2))).toEqual({ kind: "rejected" });
  });

  it("reports a foreign exception, bare or wrapped by atPath", () => {
    const bare = () => {
      throw new TypeError("x is undefined");
    };
    const wrapped = (r: BinaryReader) => {
      try {
        bare();
      } catch (error) {
        atPath(error, "field", "decode", r.offset);
      }
    };
    expect(decodeOutcome(bare, Uint8Array.of())).toMatchObject({ kind: "crash", problem: expect.stringContaining("threw TypeError") });
    expect(decodeOutcome(wrapped, Uint8Array.of())).toMatchObject({ kind: "crash", problem: expect.stringContaining("wrapped as DecodeError") });
  });

  it("reports an allocation larger than the limit", () => {
    let kept: Uint8Array | undefined;
    const greedy = (r: BinaryReader) => {
      kept = new Uint8Array(ALLOCATION_LIMIT * 2).fill(1);
      r.offset = r.end;
    };
    expect(decodeOutcome(greedy, Uint8Array.of(1))).toMatchObject({ kind: "crash", problem: expect.stringContaining("memory grew") });
    expect(kept?.length).toBe(ALLOCATION_LIMIT * 2);
  });
});

describe("mutations", () => {
  it("flip bits and overwrite bytes in a copy", () => {
    const seed = Uint8Array.of(0, 0, 0);
    expect([...flipBits(seed, [{ position: 4, bit: 7 }])]).toEqual([0, 0x80, 0]);
    expect([...overwrite(seed, 2, [0xff, 0xff])]).toEqual([0, 0, 0xff]);
    expect([...seed]).toEqual([0, 0, 0]);
  });
});
