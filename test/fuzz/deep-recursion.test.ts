/**
 * Known problem found while fuzzing (kept as `it.fails`: vitest reports it when it starts
 * passing, so whoever fixes it turns this into a plain `it`).
 *
 * Generated decoders of recursive definitions recurse once per nesting level with no limit. The
 * shell's `layout` (the describe binary-schema layout, served by `GET /describe`) nests
 * through `Seq`: `09` (tag Seq) then the element layout, then a presence byte for the length
 * limit. So `09` × n, `00` (Zero_width), `00` × n is a valid layout nested n deep, 2n + 1 bytes
 * long; at n = 100 000 (200 KB, a plausible answer size) the call stack overflows and the
 * `RangeError` reaches the caller wrapped by `atPath` as
 * `DecodeError("a valid value", "RangeError: Maximum call stack size exceeded")`. Depending on
 * the JIT tier, n = 5 000 (10 KB) already overflows. The runtime's Micheline reader has an
 * explicit limit (`MICHELINE_DEFAULT_MAX_DEPTH`, a clean DecodeError); generated recursive
 * codecs have none.
 *
 * Expected: either the value decodes, or a DecodeError that names a nesting limit, not a
 * wrapped stack overflow.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadInterface } from "../../generator/pipeline.ts";
import { temporaryDirectory } from "../generator/emit/support.ts";
import { decodeOutcome, generatedDecoders } from "./support.ts";

const SHELL = "spec/snapshots/shell.json";
const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

/** A `layout` nested `depth` times through `Seq`, ending in `Zero_width`, without length limits. */
function nestedSeqLayout(depth: number): Uint8Array {
  const bytes = new Uint8Array(2 * depth + 1);
  bytes.fill(0x09, 0, depth);
  return bytes;
}

let decoders: ReturnType<typeof generatedDecoders> | undefined;
async function decodeLayout() {
  decoders ??= loadInterface(SHELL).then(({ model }) => generatedDecoders(tmp.path, "shell", model, SHELL));
  return (await decoders).get("decodeLayout")!;
}

describe("generated decoders of recursive definitions", () => {
  it("decode a shallow nested layout", async () => {
    const decode = await decodeLayout();
    expect(decodeOutcome(decode, nestedSeqLayout(100))).toEqual({ kind: "decoded" });
  });

  it.fails("do not overflow the stack on a deeply nested layout (100 000 levels, 200 KB)", async () => {
    const decode = await decodeLayout();
    const outcome = decodeOutcome(decode, nestedSeqLayout(100_000));
    expect(outcome.kind === "crash" ? outcome.problem : "no crash").toBe("no crash");
  });
});
