/**
 * OLD and NEW as the command line names them: snapshot (or describe answer) files, or node URLs.
 *
 * A URL is captured whole with `captureSnapshot` (root plus the dynamic directories at the
 * given chain and block), so comparing a committed snapshot with the node it was taken from
 * compares like with like. Anything that prevents the comparison (unreadable file, malformed
 * snapshot, unreachable node, refused `/describe`) becomes a {@link DriftFailure}: exit code 2.
 */
import { DescribeError } from "../describe/errors.ts";
import { isUrlSource, loadDescribeSource } from "../describe/load.ts";
import { readDescribeTree, type DescribedTree, type ReadDescribeOptions } from "../describe/read.ts";
import { isSnapshotDocument } from "../describe/snapshot.ts";
import { captureSnapshot, type CaptureOptions } from "../live/capture.ts";
import { compareTrees, type CompareOptions } from "./compare.ts";
import type { DriftFailure, DriftReport } from "./report.ts";

export interface DriftSourceOptions {
  /** For node URLs: chain, block, timeout, retries, progress (see `captureSnapshot`). */
  capture?: CaptureOptions;
  /**
   * For files holding a bare describe answer or an OpenAPI document: where it was captured or is
   * mounted (see `readDescribeTree`); snapshot documents ignore it.
   */
  read?: ReadDescribeOptions;
}

export interface LoadedDriftSide {
  source: string;
  tree: DescribedTree;
}

/** Reads a file or captures a node; throws the describe/live errors. */
export async function loadDriftSide(source: string, options: DriftSourceOptions = {}): Promise<LoadedDriftSide> {
  if (isUrlSource(source)) {
    const captured = await captureSnapshot(source, { nodeVersion: false, capturedAt: null, ...options.capture });
    return { source, tree: captured.tree };
  }
  const loaded = await loadDescribeSource(source);
  // A snapshot document places its parts itself; the prefix is for bare answers and OpenAPI files.
  return { source, tree: readDescribeTree(loaded.json, isSnapshotDocument(loaded.json) ? {} : options.read) };
}

/**
 * Loads both sides and compares them. Returns a {@link DriftFailure} (never throws) when a side
 * cannot be obtained or read; other errors are bugs and propagate.
 */
export async function driftBetween(
  oldSource: string,
  newSource: string,
  options: DriftSourceOptions & CompareOptions = {},
): Promise<DriftReport | DriftFailure> {
  const sides: LoadedDriftSide[] = [];
  for (const [label, source] of [["OLD", oldSource], ["NEW", newSource]] as const) {
    try {
      sides.push(await loadDriftSide(source, options));
    } catch (error) {
      if (error instanceof DescribeError) return { status: "failed", side: `${label} ${source}`, message: error.message };
      throw error;
    }
  }
  const [before, after] = sides as [LoadedDriftSide, LoadedDriftSide];
  return compareTrees(before.tree, after.tree, { oldLabel: oldSource, newLabel: newSource, ...options });
}
