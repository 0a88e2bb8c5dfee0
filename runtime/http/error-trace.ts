/**
 * The error trace a node sends with handler errors (octez-http.md §4.1): a JSON array of
 * objects with `kind` (`permanent`, `temporary`, `branch`, or `generic` for unregistered
 * errors) and usually `id`, plus fields of that error.
 */

/** One error of a trace. Unregistered errors are `{kind: "generic", error: "<text>"}` and have no `id`. */
export interface ErrorTraceEntry {
  readonly kind: string;
  readonly id?: string;
  readonly [field: string]: unknown;
}

/** A node's error trace. */
export type ErrorTrace = readonly ErrorTraceEntry[];

/** Whether `value` has the shape of an error trace (a non-empty array of objects with a string `kind`). */
export function isErrorTrace(value: unknown): value is ErrorTrace {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((entry) => typeof entry === "object" && entry !== null && !Array.isArray(entry) && typeof (entry as { kind?: unknown }).kind === "string" && ((entry as { id?: unknown }).id === undefined || typeof (entry as { id?: unknown }).id === "string"))
  );
}

/**
 * Parses a JSON error body; `undefined` when it is not JSON or not a trace (the caller keeps
 * the raw text, as Octez's own client does for empty or unreadable traces).
 */
export function parseErrorTrace(text: string): ErrorTrace | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isErrorTrace(value) ? value : undefined;
}

/** One line per error, `kind id` then its other fields: how a trace is shown to a person. */
export function formatErrorTrace(trace: ErrorTrace): string {
  return trace
    .map((entry) => {
      const { kind, id, ...fields } = entry;
      const rest = Object.keys(fields).length === 0 ? "" : ` ${JSON.stringify(fields)}`;
      return `${kind} ${id ?? "(no id)"}${rest}`;
    })
    .join("\n");
}
