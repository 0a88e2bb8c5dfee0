/**
 * Generated decoders of recursive definitions count their nesting (`BinaryReader.enter`), so
 * hostile input fails with a DecodeError naming the limit instead of exhausting the stack.
 *
 * The shell's `layout` (the describe binary-schema layout, served by `GET /describe`) nests
 * through `Seq`: `09` (tag Seq) then the element layout, then a presence byte for the length
 * limit. So `09` × n, `00` (Zero_width), `00` × n is a valid layout nested n deep, 2n + 1 bytes
 * long. Found by fuzzing: before the limit, n = 100 000 (200 KB) overflowed the call stack.
 */
import { thrown } from "../runtime/encodings/support/helpers.ts";
import { describe, expect, it } from "vitest";
import { committedShellDecoders, decodeOutcome } from "./support.ts";
import { BinaryReader, BinaryWriter, EncodeError } from "../../runtime/index.ts";
import { decodeLayout as committedDecodeLayout, encodeLayout } from "../../generated/shell/codecs.ts";
import type { Layout } from "../../generated/shell/types.ts";


/** A `layout` nested `depth` times through `Seq`, ending in `Zero_width`, without length limits. */
function nestedSeqLayout(depth: number): Uint8Array {
  const bytes = new Uint8Array(2 * depth + 1);
  bytes.fill(0x09, 0, depth);
  return bytes;
}

async function decodeLayout() {
  return (await committedShellDecoders()).get("decodeLayout")!;
}

describe("generated decoders of recursive definitions", () => {
  it("decode a shallow nested layout", async () => {
    const decode = await decodeLayout();
    expect(decodeOutcome(decode, nestedSeqLayout(100))).toEqual({ kind: "decoded" });
  });

  it("refuse a deeply nested layout (100 000 levels, 200 KB) with a DecodeError naming the limit", async () => {
    const decode = await decodeLayout();
    const outcome = decodeOutcome(decode, nestedSeqLayout(100_000));
    expect(outcome.kind === "crash" ? outcome.problem : "no crash").toBe("no crash");
    expect(outcome).toMatchObject({ kind: "rejected" });
    expect(() => decode(new BinaryReader(nestedSeqLayout(100_000)))).toThrow(/at most 1000 nested layout values/);
  });
});

describe("generated encoders of recursive definitions (issue 14: the encoder had no limit)", () => {
  /** A layout value `Seq` × depth around `Zero_width`. */
  function nestedSeqValue(depth: number): Layout {
    let value: Layout = { kind: "Zero_width" };
    for (let i = 0; i < depth; i++) value = { kind: "Seq", layout: value };
    return value;
  }
  const encode = (value: Layout): Uint8Array => {
    const w = new BinaryWriter();
    encodeLayout(w, value);
    return w.finish();
  };

  it("write the deepest layout the decoder reads (1000 nested values), and it reads back", () => {
    const bytes = encode(nestedSeqValue(999));
    expect(bytes).toEqual(nestedSeqLayout(999));
    expect(committedDecodeLayout(new BinaryReader(bytes))).toEqual(nestedSeqValue(999));
  });

  it("refuse deeper values (100 000 levels) and cyclic ones with an EncodeError naming the limit, not a stack overflow", () => {
    const cyclic: { kind: "Seq"; layout: unknown } = { kind: "Seq", layout: undefined };
    cyclic.layout = cyclic;
    for (const value of [nestedSeqValue(1000), nestedSeqValue(100_000), cyclic as Layout]) {
      const error = thrown(() => encode(value));
      expect(error).toBeInstanceOf(EncodeError);
      expect((error as EncodeError).expected).toBe("at most 1000 nested layout values");
    }
  });
});
