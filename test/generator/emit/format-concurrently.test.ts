/**
 * Concurrent formatting (generator/emit/format.ts): the worker thread and this one share the
 * jobs, and the results are those of formatting each job here, in job order.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeFormatWorker, formatConcurrently, formatSource, type FormatJob } from "../../../generator/emit/format.ts";

afterAll(() => closeFormatWorker());

const jobs: FormatJob[] = Array.from({ length: 40 }, (_, i) => ({
  code: i % 5 === 4 ? `export const x${i}={a:${i},b:[1,2,3]}` : `export function f${i}(a:number,b:string):{n:number}{return {n:a+${i}}}`,
  language: i % 5 === 4 ? "javascript" : "typescript",
}));

describe("formatConcurrently", () => {
  it("returns each job formatted as formatSource formats it, in order, with the result of the work done meanwhile", async () => {
    const expected = await Promise.all(jobs.map((job) => formatSource(job.code, job.language)));
    const busy = () => {
      const until = Date.now() + 50;
      while (Date.now() < until);
      return "done";
    };
    for (const meanwhile of [() => "now", busy, async () => "later"]) {
      const result = await formatConcurrently(jobs, meanwhile);
      expect(result.formatted).toEqual(expected);
    }
    expect((await formatConcurrently(jobs, busy)).meanwhile).toBe("done");
  });

  it("runs batches side by side and with no jobs", async () => {
    const [a, b, none] = await Promise.all([formatConcurrently(jobs, () => 1), formatConcurrently(jobs.slice(3, 9), () => 2), formatConcurrently([], () => 3)]);
    const expected = await Promise.all(jobs.map((job) => formatSource(job.code, job.language)));
    expect(a.formatted).toEqual(expected);
    expect(b.formatted).toEqual(expected.slice(3, 9));
    expect(none).toEqual({ formatted: [], meanwhile: 3 });
  });

  it("throws prettier's error for a source that does not parse, whichever thread had it", async () => {
    const broken = [...jobs.slice(0, 10), { code: "export function (", language: "typescript" as const }, ...jobs.slice(10, 20)];
    await expect(formatConcurrently(broken, () => undefined)).rejects.toThrow(SyntaxError);
  });

  it("throws what the work done meanwhile throws", async () => {
    await expect(
      formatConcurrently(jobs, () => {
        throw new Error("meanwhile failed");
      }),
    ).rejects.toThrow("meanwhile failed");
  });

  it("starts a new worker after the previous one was closed", async () => {
    await closeFormatWorker();
    const expected = await Promise.all(jobs.map((job) => formatSource(job.code, job.language)));
    expect((await formatConcurrently(jobs, () => 0)).formatted).toEqual(expected);
  });
});
