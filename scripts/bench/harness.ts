/**
 * A small timing helper shared by the benchmarks: a warm-up, then several timed rounds of a
 * batch sized to last about `roundMs`, reporting the median rate. Results are printed by the
 * callers; nothing here asserts on timings.
 */

export interface BenchOptions {
  /** Time spent running the function before measuring (default 300 ms). */
  warmupMs?: number;
  /** Number of timed rounds (default 7). */
  rounds?: number;
  /** Target duration of one round (default 200 ms). */
  roundMs?: number;
}

export interface BenchResult {
  name: string;
  /** Median operations per second over the rounds. */
  opsPerSecond: number;
  /** Operations per round. */
  batch: number;
  /** Rate of every round, in order. */
  rounds: number[];
}

/** Keeps results alive so the engine cannot drop the work being timed. */
let sink: unknown;
export function consume(value: unknown): void {
  sink = value;
}
export function lastSink(): unknown {
  return sink;
}

function timeBatch(fn: (i: number) => unknown, batch: number): number {
  const start = performance.now();
  for (let i = 0; i < batch; i++) sink = fn(i);
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Measures `fn` (called with a running index, to let it cycle through inputs). */
export function bench(name: string, fn: (i: number) => unknown, options: BenchOptions = {}): BenchResult {
  const warmupMs = options.warmupMs ?? 300;
  const roundCount = options.rounds ?? 7;
  const roundMs = options.roundMs ?? 200;
  // Warm-up, growing the batch until one batch takes a measurable time.
  let batch = 16;
  const warmupEnd = performance.now() + warmupMs;
  let elapsed = timeBatch(fn, batch);
  while (performance.now() < warmupEnd || elapsed < 10) {
    if (elapsed < 10) batch *= 2;
    elapsed = timeBatch(fn, batch);
  }
  batch = Math.max(1, Math.round((batch * roundMs) / Math.max(elapsed, 0.001)));
  const rates: number[] = [];
  for (let r = 0; r < roundCount; r++) rates.push((batch * 1000) / timeBatch(fn, batch));
  return { name, opsPerSecond: median(rates), batch, rounds: rates };
}

/**
 * Measures `ours` and `baseline` with their timed rounds interleaved (ours, baseline, ours, …),
 * so that load from other processes during the run weighs on both sides alike and the ratio
 * stays meaningful on a busy machine. Each side is warmed up and sized as in {@link bench}.
 */
export function benchPair(
  ours: { name: string; fn: (i: number) => unknown },
  baseline: { name: string; fn: (i: number) => unknown },
  options: BenchOptions = {},
): { ours: BenchResult; baseline: BenchResult } {
  const roundCount = options.rounds ?? 7;
  // One round of `bench` warms a side up and sizes its batch to about `roundMs`.
  const sides = [ours, baseline].map(({ name, fn }) => ({ name, fn, batch: bench(name, fn, { ...options, rounds: 1 }).batch, rates: [] as number[] }));
  for (let r = 0; r < roundCount; r++) {
    for (const side of sides) side.rates.push((side.batch * 1000) / timeBatch(side.fn, side.batch));
  }
  const [o, b] = sides.map((side): BenchResult => ({ name: side.name, opsPerSecond: median(side.rates), batch: side.batch, rounds: side.rates }));
  return { ours: o!, baseline: b! };
}

export function formatRate(opsPerSecond: number): string {
  return `${Math.round(opsPerSecond).toLocaleString("en-US")} ops/s`;
}

/** Prints a table of results, with the ratio of each `ours` row to its `baseline` row. */
export function report(title: string, pairs: { label: string; ours: BenchResult; baseline: BenchResult }[]): void {
  console.log(`\n${title}`);
  const width = Math.max(28, ...pairs.map((p) => p.label.length));
  for (const { label, ours, baseline } of pairs) {
    const ratio = ours.opsPerSecond / baseline.opsPerSecond;
    console.log(
      `  ${label.padEnd(width)} ours ${formatRate(ours.opsPerSecond).padStart(18)}   ${baseline.name} ${formatRate(baseline.opsPerSecond).padStart(18)}   ratio ours/baseline ${ratio.toFixed(2)}x`,
    );
  }
}
