/**
 * Every name `list encodings` prints, in every snapshot and dump we have, either resolves to a
 * codec that runs (and `describe` can lay out) or is refused as having no binary form (exit 2).
 * Names of a fixed size also round-trip whatever bytes they accept: decode(bytes) encodes back
 * to the same bytes.
 */
import { describe, expect, it } from "vitest";
import { fixedSize } from "../../../generator/ir/codec-ir.ts";
import { EncodingResolver } from "../../../generator/cli/encoding-names.ts";
import { CliCodec } from "../../../generator/cli/run-codec.ts";
import { CliError } from "../../../generator/cli/errors.ts";
import { formatIrLayout } from "../../../generator/cli/ir-layout.ts";
import { itWithReference } from "../../support/reference.ts";
import { inspected, reference, repoRoot } from "./support.ts";

const sources = [
  { name: "shell.json", path: `${repoRoot}spec/snapshots/shell.json`, reference: undefined, binary: 44 },
  { name: "shell-legacy.json", path: `${repoRoot}spec/snapshots/shell-legacy.json`, reference: undefined, binary: 41 },
  { name: "describe-mempool-alpha-2022-06-09.json", path: reference("describe-mempool-alpha-2022-06-09.json"), reference: "describe-mempool-alpha-2022-06-09.json", binary: 44 },
  { name: "describe-mempool-ithaca-2022-06-09.json", path: reference("describe-mempool-ithaca-2022-06-09.json"), reference: "describe-mempool-ithaca-2022-06-09.json", binary: 26 },
  { name: "describe-mempool-granada-2021-09-10.raw.json", path: reference("describe-mempool-granada-2021-09-10.raw.json"), reference: "describe-mempool-granada-2021-09-10.raw.json", binary: 23 },
];

/** Deterministic bytes (xorshift). */
function bytes(seed: number, length: number): Uint8Array {
  let x = seed | 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe.each(sources)("every encoding name of $name", (source) => {
  const test = source.reference === undefined ? it : itWithReference(source.reference);
  test("resolves to a runnable codec with a layout table, or is refused as JSON-only with exit code 2", () => {
    const spec = inspected(source.path);
    const resolver = new EncodingResolver(spec);
    const problems: string[] = [];
    let binary = 0;
    for (const name of resolver.named.keys()) {
      try {
        const resolved = resolver.resolve(name);
        const codec = new CliCodec(resolved.ir, spec.model.definitions);
        expect(formatIrLayout(resolved.ir, spec.model.definitions, name)).toMatch(/\| Name |Case number|tag \d+|zero \(0\) bytes/);
        binary++;
        const size = fixedSize(resolved.ir, spec.model.definitions);
        if (size === undefined) continue;
        for (let seed = 1; seed <= 20; seed++) {
          const input = bytes(seed * 7919 + name.length, size);
          let value: unknown;
          try {
            value = codec.decode(input);
          } catch (error) {
            if (!(error instanceof CliError) || error.exitCode !== 1) problems.push(`${name}: ${(error as Error).message}`);
            continue;
          }
          expect(Buffer.from(codec.encode(value)).toString("hex"), name).toBe(Buffer.from(input).toString("hex"));
        }
      } catch (error) {
        if (!(error instanceof CliError && error.exitCode === 2 && /no binary form/.test(error.message))) problems.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(binary).toBe(source.binary);
  });
});
