/**
 * Concurrent formatting (generator/emit/format.ts): the worker thread and this one share the
 * jobs of a FormatQueue, and the results are those of formatting each job here, in order.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeFormatWorker, formatSource, FormatQueue, type FormatJob } from "../../../generator/emit/format.ts";

afterAll(() => closeFormatWorker());

const jobs: FormatJob[] = Array.from({ length: 40 }, (_, i) => ({
  code: i % 5 === 4 ? `export const x${i}={a:${i},b:[1,2,3]}` : `export function f${i}(a:number,b:string):{n:number}{return {n:a+${i}}}`,
  language: i % 5 === 4 ? "javascript" : "typescript",
}));
const expected = () => Promise.all(jobs.map((job) => formatSource(job.code, job.language)));
const busy = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe("FormatQueue", () => {
  it("returns each job formatted as formatSource formats it, batch by batch, in order", async () => {
    const wanted = await expected();
    for (const wait of [0, 5, 50]) {
      const queue = new FormatQueue();
      const first = queue.add(jobs.slice(0, 15));
      busy(wait);
      const empty = queue.add([]);
      const second = queue.add(jobs.slice(15));
      busy(wait);
      const results = await queue.finish();
      expect(results[first]).toEqual(wanted.slice(0, 15));
      expect(results[empty]).toEqual([]);
      expect(results[second]).toEqual(wanted.slice(15));
    }
  });

  it("runs queues side by side", async () => {
    const wanted = await expected();
    const [a, b, none] = await Promise.all(
      [jobs, jobs.slice(3, 9), []].map((batch) => {
        const queue = new FormatQueue();
        queue.add(batch);
        return queue.finish();
      }),
    );
    expect(a).toEqual([wanted]);
    expect(b).toEqual([wanted.slice(3, 9)]);
    expect(none).toEqual([[]]);
  });

  it("throws prettier's error for a source that does not parse, whichever thread had it", async () => {
    for (const at of [0, 10, 20]) {
      const queue = new FormatQueue();
      queue.add([...jobs.slice(0, at), { code: "export function (", language: "typescript" }, ...jobs.slice(at, 20)]);
      busy(20);
      await expect(queue.finish()).rejects.toThrow(SyntaxError);
    }
  });

  it("after cancel, leaves the jobs not started to finish, on this thread", async () => {
    const queue = new FormatQueue();
    queue.add(jobs);
    queue.cancel();
    expect(await queue.finish()).toEqual([await expected()]);
  });

  it("starts a new worker after the previous one was closed", async () => {
    await closeFormatWorker();
    const queue = new FormatQueue();
    queue.add(jobs);
    expect(await queue.finish()).toEqual([await expected()]);
  });
});
