/**
 * `generator/drift/`: what changed between two describe trees, and whether it breaks clients.
 *
 * {@link compareTrees} takes OLD and NEW (model trees from `readDescribeTree`, or whole sources
 * through {@link loadDriftSide}/{@link driftBetween}) and returns a {@link DriftReport}: routes
 * and methods added or removed, path and query arguments, dynamic directories, and every input,
 * output and error body compared in its JSON form (after resolving `$ref`s, so definition names
 * do not matter) and in its binary form (the normalised binary schema, `Ref`s resolved by
 * structure since `X_<n>` titles are arbitrary). {@link formatDriftReport} renders it as text,
 * Markdown or JSON; {@link driftExitCode} turns it into the CLI's exit code.
 *
 * ## Classification
 *
 * Every change is `breaking` or `compatible` **for a client written against OLD that talks to a
 * node serving NEW**. The rule for a body depends on who writes it:
 *
 * - request bodies (input) are written by the client and read by the node: NEW must accept all
 *   that OLD accepted, so *narrowing* is breaking and widening compatible;
 * - response bodies (output, error) are written by the node and read by the client: the client
 *   must understand all that NEW may send, so *widening* is breaking and narrowing compatible.
 *   A client that switches exhaustively over an enumeration or a union breaks on a value it
 *   has never seen, which is why a widened output enumeration counts as breaking.
 *
 * | change | request (input) | response (output, error) |
 * |---|---|---|
 * | enumeration value, union case added | compatible | **breaking** |
 * | enumeration value, union case removed | **breaking** | compatible |
 * | enumeration values both added and removed (a constant that changed) | **breaking** | **breaking** |
 * | range (`minimum`/`maximum`, ranged int or float, `at-most` length) narrowed | **breaking** | compatible |
 * | range widened | compatible | **breaking** |
 * | JSON type narrowed (`any` → `object`…) / widened | **breaking** / compatible | compatible / **breaking** |
 * | JSON type changed to an unrelated one, tuple length changed | **breaking** | **breaking** |
 * | pattern imposed / lifted / changed | **breaking** / compatible / **breaking** | compatible / **breaking** / **breaking** |
 * | property added, required | **breaking** | compatible |
 * | property added, optional | compatible | compatible |
 * | property removed | **breaking** | **breaking** if it was required, else compatible |
 * | property became required / optional | **breaking** / compatible | compatible / **breaking** |
 * | Base58Check type of a string changed (hash title) | **breaking** | **breaking** |
 * | key type widened: its title lists every old scheme and more (`Signature.V2` → `V3`), once per body / narrowed | compatible / **breaking** | **breaking** / compatible |
 * | any binary layout change: field added, removed or reordered, integer size or endianness, data kind (size), tag size, length header, ranged int whose width or offset changes, exact sequence length, `N.t`/`Z.t` swapped | **breaking** | **breaking** |
 * | binary form lost (body became JSON-only) / gained | **breaking** / compatible | **breaking** / compatible |
 *
 * Added response properties count as compatible: they only break a client that refuses unknown
 * properties, and in binary the same change is a layout change, reported as breaking anyway.
 *
 * For the interface itself:
 *
 * - route, method or dynamic directory removed: **breaking**; added: compatible;
 * - path argument type changed at the same position (`<block_id>` → `<block_hash>`): **breaking**
 *   (routes are matched with arguments as wildcards, so the change shows on the route);
 * - query argument added, of any kind: compatible (every kind may be omitted; a `single` takes
 *   its default); removed: **breaking** (the node ignores unknown keys, so the request silently
 *   means something else); type changed: **breaking**; kind changed: compatible between
 *   `single`, `optional` and from either to `multi` (the client's single value is still
 *   accepted), **breaking** from `multi` (repeats now refused) and to or from `flag`;
 * - a body added or removed (a service that now takes an input, or no longer does): **breaking**.
 *
 * A key type's title lists its schemes (`key-titles.ts`); one that keeps every old scheme and adds
 * some is a widening (`json-hash-type-widened`), reported once per body and pair of titles with
 * its number of places, since a key hash type is used at hundreds of places of a protocol's answers.
 *
 * Descriptions, titles (other than hash titles), declared paths and definition names are not
 * compared. Below a dynamic directory that only one side expanded nothing is compared; the
 * report lists it under `notCompared`.
 */
export { compareTrees, type ComparableTree, type CompareOptions } from "./compare.ts";
export { diffJsonSchemas } from "./json-diff.ts";
export { diffBinarySchemas, describeLayout, describeDataKind } from "./binary-diff.ts";
export { narrowed, widened, type Direction, type BodyChange } from "./classify.ts";
export { formatDriftReport, changeLocation, DRIFT_FORMATS, type DriftFormat } from "./format.ts";
export { driftExitCode, FAIL_ON_LEVELS, type FailOn } from "./exit-code.ts";
export { loadDriftSide, driftBetween, type DriftSourceOptions, type LoadedDriftSide } from "./sources.ts";
export {
  sortChanges,
  summarise,
  type DriftChange,
  type DriftChangeKind,
  type DriftReport,
  type DriftFailure,
  type DriftSide,
  type DriftSummary,
  type Severity,
  type BodySlot,
  type BodyForm,
} from "./report.ts";
