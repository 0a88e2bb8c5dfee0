/**
 * Formatting of generated files: prettier with a fixed configuration, so the output never
 * depends on a configuration file found on the machine.
 *
 * TypeScript goes through prettier's `babel-ts` parser rather than `typescript`: for the code
 * the generator writes both give the same bytes (and the same as with embedded languages on) (test/generator/emit/format.test.ts compares
 * them), and `babel-ts` takes about two thirds of the time on large files such as `codecs.ts`.
 *
 * A folder's files are formatted through a {@link FormatQueue}: on a worker thread
 * (format-worker.js, kept between runs and stopped when idle) from the moment each is emitted,
 * and on this thread once it has compiled the validators.
 */

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { format, type Options } from "prettier";

/** The configuration every generated file is formatted with (the parser aside). */
export const PRETTIER_OPTIONS = {
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
  // The emitters write no template literals, so there is no embedded language to format;
  // "auto" would only cost a walk over the whole tree looking for some (~5 % of the time).
  embeddedLanguageFormatting: "off",
} as const satisfies Options;

export type SourceLanguage = "typescript" | "javascript";

/** prettier's options, parser included, for a language. */
export function prettierOptions(language: SourceLanguage): Options {
  return { ...PRETTIER_OPTIONS, parser: language === "typescript" ? "babel-ts" : "babel" };
}

/** Formats TypeScript (`.ts`, `.d.ts`) or JavaScript source. */
export async function formatSource(code: string, language: SourceLanguage): Promise<string> {
  return format(code, prettierOptions(language));
}

/** A source to format. */
export interface FormatJob {
  code: string;
  language: SourceLanguage;
}

/**
 * Sources formatted on a worker thread and on this one. Jobs {@link add}ed go to the worker at
 * once; it takes them in order. {@link finish}, called when this thread has nothing else to do,
 * takes the jobs still waiting, from the last, and returns every result. Which thread formats a
 * job changes nothing in its bytes. Without a worker (a machine with one core, or a worker that
 * cannot start or fails), this thread formats everything in {@link finish}.
 */
export class FormatQueue {
  private readonly batches: Array<{ jobs: readonly FormatJob[]; claims: Int32Array; fromWorker: Promise<Map<number, string>> | undefined }> = [];

  /** @param enabled false: every job's result is its source, unchanged. */
  constructor(private readonly enabled = true) {
    // The worker loads prettier while the caller emits the first file.
    if (enabled) formatWorker();
  }

  /** Queues sources; returns the index of their results in {@link finish}'s. */
  add(jobs: readonly FormatJob[]): number {
    const claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(jobs.length, 1)));
    this.batches.push({ jobs, claims, fromWorker: this.enabled && jobs.length > 0 ? formatWorker()?.run(claims, jobs) : undefined });
    return this.batches.length - 1;
  }

  /** The formatted sources of each {@link add}, in order; throws prettier's error if a source does not parse. */
  async finish(): Promise<string[][]> {
    if (!this.enabled) return this.batches.map(({ jobs }) => jobs.map(({ code }) => code));
    const results = this.batches.map(({ jobs }) => new Array<string | undefined>(jobs.length));
    for (let b = this.batches.length - 1; b >= 0; b--) {
      const { jobs, claims } = this.batches[b]!;
      for (let i = jobs.length - 1; i >= 0; i--) {
        if (Atomics.compareExchange(claims, i, FREE, MAIN_THREAD) === FREE) results[b]![i] = await formatSource(jobs[i]!.code, jobs[i]!.language);
      }
    }
    for (const [b, { jobs, claims, fromWorker }] of this.batches.entries()) {
      const done = fromWorker && claims.some((claim) => claim === WORKER) ? await fromWorker : new Map<number, string>();
      // A job the worker did not answer (it failed, or prettier threw there) is formatted here:
      // prettier's error, if any, is then thrown on this thread.
      for (let i = 0; i < jobs.length; i++) results[b]![i] ??= done.get(i) ?? (await formatSource(jobs[i]!.code, jobs[i]!.language));
    }
    return results as string[][];
  }

  /** Leaves the jobs not started yet to nobody (when the caller gives up before {@link finish}). */
  cancel(): void {
    for (const { jobs, claims } of this.batches) for (let i = 0; i < jobs.length; i++) Atomics.compareExchange(claims, i, FREE, MAIN_THREAD);
  }
}

/** Stops the formatting worker (it also stops by itself after a few idle seconds, and never keeps the process alive). */
export async function closeFormatWorker(): Promise<void> {
  await shared?.close();
}

// Values of the claim slots shared with format-worker.js.
const FREE = 0;
const WORKER = 1;
const MAIN_THREAD = 2;
/** How long an idle worker stays for the next batch (generation runs back to back, e.g. `generate` for each snapshot). */
const IDLE_MS = 3000;

let shared: FormatWorker | undefined;

function formatWorker(): FormatWorker | undefined {
  if (shared === undefined && availableParallelism() > 1) {
    try {
      shared = new FormatWorker();
    } catch {
      return undefined;
    }
  }
  return shared;
}

/** The worker thread of format-worker.js, with the batches it is working on. */
class FormatWorker {
  private readonly worker: Worker;
  private readonly batches = new Map<number, { results: Map<number, string>; resolve: (results: Map<number, string>) => void }>();
  private nextBatch = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor() {
    this.worker = new Worker(new URL("./format-worker.js", import.meta.url));
    this.worker.unref();
    this.worker.on("message", (message: WorkerMessage) => this.receive(message));
    this.worker.on("error", () => this.stop());
    this.worker.on("exit", () => this.stop());
  }

  /** Sends a batch; resolves, once the worker has gone through it, to the sources it formatted by job index. */
  run(claims: Int32Array, jobs: readonly FormatJob[]): Promise<Map<number, string>> {
    clearTimeout(this.idleTimer);
    if (this.batches.size === 0) this.worker.ref();
    const batch = this.nextBatch++;
    return new Promise((resolve) => {
      this.batches.set(batch, { results: new Map(), resolve });
      this.worker.postMessage({ batch, claims: claims.buffer, jobs: jobs.map(({ code, language }) => ({ code, options: prettierOptions(language) })) });
    });
  }

  async close(): Promise<void> {
    this.stop();
    await this.worker.terminate();
  }

  private receive(message: WorkerMessage): void {
    const entry = this.batches.get(message.batch);
    if (entry === undefined) return;
    if ("done" in message) {
      this.batches.delete(message.batch);
      entry.resolve(entry.results);
      if (this.batches.size === 0) {
        this.worker.unref();
        this.idleTimer = setTimeout(() => void this.close(), IDLE_MS).unref();
      }
    } else if ("formatted" in message) {
      entry.results.set(message.index, message.formatted);
    }
  }

  /** Forgets this worker; the batches under way resolve with what it has answered. */
  private stop(): void {
    if (shared === this) shared = undefined;
    clearTimeout(this.idleTimer);
    for (const { results, resolve } of this.batches.values()) resolve(results);
    this.batches.clear();
    this.worker.unref();
  }
}

type WorkerMessage = { batch: number; done: true } | { batch: number; index: number; formatted: string } | { batch: number; index: number; error: string };
