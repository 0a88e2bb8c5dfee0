/**
 * The describe-tree hash written in generated-file headers.
 *
 * Decision: SHA-256 over `JSON.stringify` of the parsed document, as lowercase hex.
 *
 * - Whitespace-insensitive: the node serves one compact line, snapshots committed to a
 *   repository are often re-indented (as the 2022 dumps of `shared/reference/` were); both must
 *   give the same hash, or every reformat would look like an interface change.
 * - Key-order-sensitive: object keys are hashed in document order, not sorted. The node's
 *   key order is fixed by its encodings, so a change in order means a different serialiser,
 *   which is worth noticing; and not sorting keeps the canonical form trivial to reproduce
 *   anywhere (`JSON.stringify(JSON.parse(text))`).
 * - Numbers go through `JSON.parse`, so `1.0` and `1` hash alike (JSON has one number type).
 * - For a `tezos-rpcgen-snapshot/1` document only the described content counts: `format`,
 *   `root` and `expansions`. `source` (URL, capture date…) and `_`-prefixed comments are
 *   left out, so capturing the same interface twice gives the same hash.
 *
 * The text is written here part by part, as `JSON.stringify` would write it, so that the body
 * schemas, whose text the validators write too, are written once (json-text.ts).
 */
import { createHash } from "node:crypto";
import { jsonText } from "./json-text.ts";
import { isSnapshotDocument } from "./snapshot.ts";

export const DESCRIBE_HASH_ALGORITHM = "sha256";

/** The part of a document the hash covers (see the module comment). */
function hashedContent(json: unknown): unknown {
  if (!isSnapshotDocument(json)) return json;
  const doc = json as Record<string, unknown>;
  const content: Record<string, unknown> = {};
  for (const key of ["format", "root", "expansions", "encodings"]) if (key in doc) content[key] = doc[key];
  return content;
}

/** Hex SHA-256 of the canonical serialisation of a parsed describe answer or snapshot. */
export function describeTreeHash(json: unknown): string {
  const content = hashedContent(json);
  let canonical: string | undefined;
  if (isPlainContainer(content)) {
    const pieces: string[] = [];
    writeTree(content, pieces);
    canonical = pieces.join("");
  } else {
    canonical = JSON.stringify(content);
  }
  if (canonical === undefined) throw new TypeError("describeTreeHash: the value is not JSON");
  return createHash(DESCRIBE_HASH_ALGORITHM).update(canonical, "utf8").digest("hex");
}

/**
 * The keys under which a describe document nests its tree, down to the service bodies (a
 * snapshot's `root` and `expansions`, an expansion's `tree`, a directory's sub-directories and
 * services, a service's bodies).
 */
const TREE_KEYS = new Set([
  "root",
  "expansions",
  "tree",
  "static",
  "subdirs",
  "suffixes",
  "dynamic_dispatch",
  "get_service",
  "post_service",
  "delete_service",
  "put_service",
  "patch_service",
  "input",
  "output",
  "error",
]);

/**
 * Pushes onto `pieces` the text `JSON.stringify` gives `container`, a part of the tree: the
 * parts under {@link TREE_KEYS} are written here, a body's `json_schema` is the text of
 * json-text.ts (the validators write it too, see that module), and everything else is left to
 * `JSON.stringify`.
 */
function writeTree(container: object, pieces: string[]): void {
  if (Array.isArray(container)) {
    pieces.push("[");
    for (let i = 0; i < container.length; i++) {
      if (i > 0) pieces.push(",");
      const item: unknown = container[i];
      // An element that has no JSON form is written `null`.
      if (isPlainContainer(item)) writeTree(item, pieces);
      else pieces.push(JSON.stringify(item) ?? "null");
    }
    pieces.push("]");
    return;
  }
  pieces.push("{");
  let separator = "";
  for (const [key, value] of Object.entries(container)) {
    if (TREE_KEYS.has(key) && isPlainContainer(value)) {
      pieces.push(`${separator}${JSON.stringify(key)}:`);
      writeTree(value, pieces);
    } else {
      const text = key === "json_schema" && isPlainContainer(value) ? jsonText(value) : JSON.stringify(value);
      // A property that has no JSON form is left out.
      if (text === undefined) continue;
      pieces.push(`${separator}${JSON.stringify(key)}:`, text);
    }
    separator = ",";
  }
  pieces.push("}");
}

/** An array or a plain object, which `JSON.stringify` writes from its entries alone. */
function isPlainContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}
