/** Small helpers for commander options. */

import { InvalidArgumentError } from "commander";

/** Accumulates a repeatable option's values. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Parses a non-negative integer option value. */
export function positiveInteger(value: string): number {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError(`expected a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

const SIZE_UNITS: Record<string, number> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** Parses a size in bytes: a whole number, optionally followed by `k`, `M` or `G` (powers of 1024). */
export function byteSize(value: string): number {
  const match = /^([0-9]+)([kmg]?)i?b?$/i.exec(value.trim());
  const size = match === null ? NaN : Number(match[1]) * SIZE_UNITS[match[2]!.toLowerCase()]!;
  if (!Number.isSafeInteger(size) || size <= 0) throw new InvalidArgumentError(`expected a size in bytes such as 500000, 64M or 1G, got ${JSON.stringify(value)}`);
  return size;
}

/** Help text of `--max-size`, shared by the commands that read from a node. */
export const MAX_SIZE_HELP = "largest answer accepted from a node, in bytes (suffixes k, M, G)";
