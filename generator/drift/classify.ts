/**
 * Direction-aware classification shared by the JSON and binary comparisons.
 *
 * A request body is written by the client (with OLD's rules) and read by the node (NEW's
 * rules): NEW must accept at least what OLD accepted, so narrowing is breaking and widening
 * compatible. A response body (output, error) is written by the node and read by the client:
 * everything NEW may produce must still be understood by OLD's reader, so widening is
 * breaking (a new enum value, a new union case, a wider range reaches a client that does not
 * expect it) and narrowing compatible.
 */
import type { DriftChangeKind, Severity } from "./report.ts";

/** `request`: client → node (input); `response`: node → client (output, error). */
export type Direction = "request" | "response";

/** The set of accepted values got smaller. */
export function narrowed(direction: Direction): Severity {
  return direction === "request" ? "breaking" : "compatible";
}

/** The set of accepted values got larger. */
export function widened(direction: Direction): Severity {
  return direction === "request" ? "compatible" : "breaking";
}

/** A change found inside one body, before it is attached to its route, method and slot. */
export interface BodyChange {
  kind: DriftChangeKind;
  severity: Severity;
  at: string;
  message: string;
  old?: unknown;
  new?: unknown;
}

/** Collects body changes; `at` paths use the notation documented on `DriftChange.at`. */
export class ChangeSink {
  readonly changes: BodyChange[] = [];

  add(kind: DriftChangeKind, severity: Severity, at: string, message: string, detail?: { old?: unknown; new?: unknown }): void {
    const change: BodyChange = { kind, severity, at, message };
    if (detail !== undefined && "old" in detail) change.old = detail.old;
    if (detail !== undefined && "new" in detail) change.new = detail.new;
    this.changes.push(change);
  }
}

/** Renders a JSON value briefly for messages. */
export function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? text.slice(0, 77) + "..." : text;
}

/** Deep structural equality of JSON values (object key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => jsonEqual(x, bs[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao);
  if (keys.length !== Object.keys(bo).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(ao[k], bo[k]));
}
