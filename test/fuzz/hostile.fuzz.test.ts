/**
 * The CI-sized slice of `scripts/fuzz/codecs.fuzz.ts` (issue 14): the generated decoders and
 * encoders of `generated/shell/` and the IR interpreter's codecs of the same model, a few
 * thousand hostile inputs in all (random bytes, truncations, bit flips, huge length prefixes,
 * deep nesting, wrong JSON types, prototype names…), with no untyped exception, hang or
 * excessive allocation. The script runs the same engine on a million inputs and more folders.
 */
import { describe, expect, it } from "vitest";
import { fuzzTargets, PROBLEMS } from "../../scripts/fuzz/engine.ts";
import { committedTargets, interpreterTargets, modelOf, PROJECT_ROOT, recordedEncodings, VECTOR_FILES } from "../../scripts/fuzz/targets.ts";

const INPUTS = 8_000 * Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);

describe("hostile inputs against the shell's generated codecs and the interpreter", () => {
  it(`end in a value or a typed error: ${INPUTS} inputs`, async () => {
    const targets = [...(await committedTargets("shell")), ...interpreterTargets("shell", modelOf(`${PROJECT_ROOT}spec/snapshots/shell.json`))];
    const report = fuzzTargets(targets, { inputs: INPUTS, seed: 1414, recorded: recordedEncodings(VECTOR_FILES) });
    expect(report.total).toBe(INPUTS);
    expect(report.problems.map((p) => `${p.outcome} in ${p.target}: ${p.detail} (input ${p.input})`)).toEqual([]);
    for (const outcome of PROBLEMS) expect(report.count(outcome)).toBe(0);
    // The inputs reach both directions and both outcomes (the fuzzer is not only hitting walls).
    expect(report.count("ok")).toBeGreaterThan(INPUTS / 50);
    expect(report.count("rejected")).toBeGreaterThan(INPUTS / 2);
    expect([...report.counts.keys()].filter((k) => k.startsWith("encode")).length).toBeGreaterThanOrEqual(5);
  });
});
