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
 */
import { createHash } from "node:crypto";
import { isSnapshotDocument } from "./snapshot.ts";

export const DESCRIBE_HASH_ALGORITHM = "sha256";

/** The part of a document the hash covers (see the module comment). */
function hashedContent(json: unknown): unknown {
  if (!isSnapshotDocument(json)) return json;
  const doc = json as Record<string, unknown>;
  const content: Record<string, unknown> = {};
  for (const key of ["format", "root", "expansions"]) if (key in doc) content[key] = doc[key];
  return content;
}

/** Hex SHA-256 of the canonical serialisation of a parsed describe answer or snapshot. */
export function describeTreeHash(json: unknown): string {
  const canonical = JSON.stringify(hashedContent(json));
  if (canonical === undefined) throw new TypeError("describeTreeHash: the value is not JSON");
  return createHash(DESCRIBE_HASH_ALGORITHM).update(canonical, "utf8").digest("hex");
}
