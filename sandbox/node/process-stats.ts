/**
 * `/stats/gc` and `/stats/memory` from the running process. The records are OCaml's
 * (`Gc.stat`, and `/proc/self/statm` for memory, as Octez's `Memory` module reads it on
 * Linux); the sandbox fills them from V8's heap statistics and garbage-collection events,
 * counting in 8-byte words as OCaml does.
 */
import { readFileSync } from "node:fs";
import { PerformanceObserver, constants } from "node:perf_hooks";
import { getHeapStatistics, getHeapSpaceStatistics } from "node:v8";
import type { GetStatsGcOutput, GetStatsMemoryOutput } from "../../generated/shell/types.ts";

const WORD = 8;
const counts = { minor: 0, major: 0, forced: 0 };
let observer: PerformanceObserver | undefined;

/** Starts counting collections (once per process). */
export function watchCollections(): void {
  if (observer) return;
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number; flags?: number } }).detail;
      if (kind?.kind === constants.NODE_PERFORMANCE_GC_MINOR) counts.minor++;
      else counts.major++;
      if (kind?.flags !== undefined && (kind.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0) counts.forced++;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  process.once("exit", () => observer?.disconnect());
}

export function gcStats(): GetStatsGcOutput {
  const heap = getHeapStatistics();
  const spaces = getHeapSpaceStatistics();
  const newSpace = spaces.find((s) => s.space_name === "new_space");
  const largest = Math.max(0, ...spaces.map((s) => s.space_available_size));
  const words = (bytes: number) => Math.floor(bytes / WORD);
  return {
    minor_words: words(newSpace?.space_used_size ?? 0),
    promoted_words: 0,
    major_words: words(heap.used_heap_size),
    minor_collections: counts.minor,
    major_collections: counts.major,
    forced_major_collections: counts.forced,
    heap_words: words(heap.total_heap_size),
    heap_chunks: spaces.length,
    live_words: words(heap.used_heap_size),
    live_blocks: heap.number_of_native_contexts,
    free_words: words(heap.total_available_size),
    free_blocks: 0,
    largest_free: words(largest),
    fragments: 0,
    compactions: 0,
    top_heap_words: words(heap.peak_malloced_memory + heap.total_heap_size),
    stack_size: 0,
  };
}

/** Linux: `/proc/self/statm` pages (the record's first case); elsewhere the second case. */
export function memoryStats(): GetStatsMemoryOutput {
  const pageSize = 4096;
  try {
    const [size, resident, shared, text, lib, data, dt] = readFileSync("/proc/self/statm", "utf8").trim().split(/\s+/);
    return { page_size: pageSize, size: size!, resident: resident!, shared: shared!, text: text!, lib: lib!, data: data!, dt: dt! };
  } catch {
    const usage = process.memoryUsage();
    return { page_size: pageSize, mem: usage.heapTotal / 1024, resident: String(Math.floor(usage.rss / pageSize)) };
  }
}
