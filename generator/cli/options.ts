/** Small helpers for commander options. */

/** Accumulates a repeatable option's values. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
