/**
 * The CI-sized slice of `scripts/fuzz/server.fuzz.ts` (issue 21): a few dozen of the hostile
 * clients' attacks against a sandbox in a child process, a legitimate client injecting
 * throughout; no crash, no lost acknowledgement, the legitimate client served every time.
 */
import { describe, expect, it } from "vitest";
import { fuzzServer } from "../../scripts/fuzz/server-attacks.ts";

describe("hostile clients against a sandbox, with a legitimate one", () => {
  it("leave it running, every acknowledgement kept and the legitimate client served", async () => {
    const report = await fuzzServer({ attacks: 40, concurrency: 6, seed: 2121 });
    expect(report.problems).toEqual([]);
    expect([...report.counts.values()].reduce((a, b) => a + b, 0)).toBe(40);
    // The attacks reach the node (answered or cut by it), and the client got work done.
    expect([...report.counts.keys()].filter((k) => k.includes("closed by the node") || k.includes("answered")).length).toBeGreaterThanOrEqual(5);
    expect(report.acknowledged.operations).toBeGreaterThan(10);
  }, 90_000);
});
