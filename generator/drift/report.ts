/**
 * The drift report: what changed between two describe trees, each change classified for a
 * client built against OLD that now talks to a node serving NEW.
 *
 * Everything in a report is plain JSON data in a fixed order (see {@link sortChanges}), so the
 * same two trees always give the same report, byte for byte, in every output format.
 */
import type { HttpMethod } from "../model/describe-tree.ts";
import type { SnapshotSource } from "../describe/snapshot.ts";

/** How a change affects a client of OLD talking to NEW. */
export type Severity = "breaking" | "compatible";

/** Which body of a service a change is in. */
export type BodySlot = "input" | "output" | "error";

/** Which representation of a body a change is in. */
export type BodyForm = "json" | "binary";

/** Every kind of change the comparison reports; the classification rules are in `index.ts`. */
export type DriftChangeKind =
  // Routes, methods, path and query arguments.
  | "route-added"
  | "route-removed"
  | "method-added"
  | "method-removed"
  | "path-argument-changed"
  | "dynamic-directory-added"
  | "dynamic-directory-removed"
  | "query-argument-added"
  | "query-argument-removed"
  | "query-argument-kind-changed"
  | "query-argument-type-changed"
  | "body-added"
  | "body-removed"
  // JSON form.
  | "json-type-changed"
  | "json-property-added"
  | "json-property-removed"
  | "json-required-changed"
  | "json-additional-properties-changed"
  | "json-enum-changed"
  | "json-bounds-changed"
  | "json-pattern-changed"
  | "json-tuple-changed"
  | "json-case-added"
  | "json-case-removed"
  | "json-union-changed"
  | "json-hash-type-changed"
  | "json-hash-type-widened"
  | "json-hash-type-narrowed"
  | "json-keyword-changed"
  // Binary form.
  | "binary-layout-changed"
  | "binary-fields-changed"
  | "binary-data-kind-changed"
  | "binary-case-added"
  | "binary-case-removed"
  | "binary-tag-size-changed"
  | "binary-enum-changed"
  | "binary-range-changed"
  | "binary-seq-limit-changed"
  | "binary-reference-changed"
  | "binary-form-lost"
  | "binary-form-gained";

export interface DriftChange {
  kind: DriftChangeKind;
  severity: Severity;
  /** The route, as `/chains/<chain_id>/mempool` (the NEW spelling when both sides have it). */
  route: string;
  /** Absent for changes of a whole route or directory. */
  method?: HttpMethod;
  slot?: BodySlot;
  form?: BodyForm;
  /**
   * Where inside the body: `$` is the body itself, `.name` a property or field, `[]` the
   * elements of a list, `[2]` a tuple element, `<Title>` a union case (`<108 Transaction>` in
   * binary, where the tag identifies a case), `#3` an anonymous binary field by position.
   */
  at?: string;
  message: string;
  /** Small JSON values showing the OLD and NEW side of the change, when they help. */
  old?: unknown;
  new?: unknown;
}

/** What one side of the comparison was. */
export interface DriftSide {
  /** How the side was named by the caller (file path, URL, `OLD`). */
  label: string;
  services: number;
  /** Dynamic directories of the side, expanded or not (`/chains/<chain_id>/mempool`). */
  dynamicDirectories: string[];
  /** The dynamic directories a snapshot expanded, with the concrete prefix used. */
  expansions: Array<{ route: string; prefix: string; protocol?: string }>;
  source?: SnapshotSource;
}

export interface DriftSummary {
  breaking: number;
  compatible: number;
  total: number;
}

export interface DriftReport {
  status: "compared";
  old: DriftSide;
  new: DriftSide;
  summary: DriftSummary;
  changes: DriftChange[];
  /** Parts that could not be compared, in words (a dynamic directory expanded on one side only…). */
  notCompared: string[];
}

/** The comparison could not be made (unreachable node, malformed snapshot…): exit code 2. */
export interface DriftFailure {
  status: "failed";
  /** Which input failed (`OLD`, `NEW` or the label given). */
  side: string;
  message: string;
}

const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, DELETE: 2, PUT: 3, PATCH: 4 };
const SLOT_ORDER: Record<string, number> = { input: 0, output: 1, error: 2 };
const FORM_ORDER: Record<string, number> = { json: 0, binary: 1 };

/**
 * Sorts changes by route, then method (route-level changes first, then GET, POST, DELETE, PUT,
 * PATCH), body slot, form; changes inside one body keep the order in which the schemas were
 * walked, which follows the documents and is therefore deterministic.
 */
export function sortChanges(changes: DriftChange[]): DriftChange[] {
  return changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => {
      const x = a.change;
      const y = b.change;
      return (
        compareStrings(x.route, y.route) ||
        (x.method === undefined ? -1 : (METHOD_ORDER[x.method] ?? 9)) - (y.method === undefined ? -1 : (METHOD_ORDER[y.method] ?? 9)) ||
        (x.slot === undefined ? -1 : (SLOT_ORDER[x.slot] ?? 9)) - (y.slot === undefined ? -1 : (SLOT_ORDER[y.slot] ?? 9)) ||
        (x.form === undefined ? -1 : (FORM_ORDER[x.form] ?? 9)) - (y.form === undefined ? -1 : (FORM_ORDER[y.form] ?? 9)) ||
        a.index - b.index
      );
    })
    .map(({ change }) => change);
}

/** Code-unit order: independent of the locale, unlike `localeCompare`. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function summarise(changes: readonly DriftChange[]): DriftSummary {
  const breaking = changes.filter((c) => c.severity === "breaking").length;
  return { breaking, compatible: changes.length - breaking, total: changes.length };
}
