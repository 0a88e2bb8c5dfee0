/**
 * Generated decoders of recursive definitions count their nesting (`BinaryReader.enter`), so
 * hostile input fails with a DecodeError naming the limit instead of exhausting the stack.
 *
 * The shell's `layout` (the describe binary-schema layout, served by `GET /describe`) nests
 * through `Seq`: `09` (tag Seq) then the element layout, then a presence byte for the length
 * limit. So `09` × n, `00` (Zero_width), `00` × n is a valid layout nested n deep, 2n + 1 bytes
 * long. Found by fuzzing: before the limit, n = 100 000 (200 KB) overflowed the call stack.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadInterface } from "../../generator/pipeline.ts";
import { temporaryDirectory } from "../generator/emit/support.ts";
import { decodeOutcome, generatedDecoders } from "./support.ts";
import { BinaryReader } from "../../runtime/index.ts";

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

  it("refuse a deeply nested layout (100 000 levels, 200 KB) with a DecodeError naming the limit", async () => {
    const decode = await decodeLayout();
    const outcome = decodeOutcome(decode, nestedSeqLayout(100_000));
    expect(outcome.kind === "crash" ? outcome.problem : "no crash").toBe("no crash");
    expect(outcome).toMatchObject({ kind: "rejected" });
    expect(() => decode(new BinaryReader(nestedSeqLayout(100_000)))).toThrow(/at most 1000 nested layout values/);
  });
});
