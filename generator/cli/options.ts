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
