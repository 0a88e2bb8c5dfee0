/**
 * `octez-codec dump encodings` output: a JSON array with one entry per registered encoding,
 * `{"id": "<codec id>", "json": <draft-04 JSON schema>, "binary": <binary schema>}`, both
 * schemas in the forms of a describe answer (describe-format.md §5, §6). Each binary schema is
 * checked by the describe reader, so a malformed entry is an error naming its id and place.
 */

import { readBinarySchema } from "../describe/binary-schema.ts";
import { DescribeFormatError } from "../describe/errors.ts";
import type { RawBinarySchema } from "../describe/raw.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import { EncodingSourceError, type RegisteredEncoding } from "./registered.ts";

/** Reads a parsed dump; `where` names it in errors (a file name). */
export function readEncodingsDump(json: unknown, where = "encodings dump"): RegisteredEncoding[] {
  if (!Array.isArray(json)) throw new EncodingSourceError(where, "an encodings dump is a JSON array of {id, json, binary}");
  const seen = new Set<string>();
  return json.map((entry: unknown, i): RegisteredEncoding => {
    const at = `${where} [${i}]`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) throw new EncodingSourceError(at, "not an object");
    const { id, json: schema, binary } = entry as { id?: unknown; json?: unknown; binary?: unknown };
    if (typeof id !== "string" || id === "") throw new EncodingSourceError(at, "no codec id (a non-empty string `id`)");
    if (seen.has(id)) throw new EncodingSourceError(at, `codec id ${id} appears twice`);
    seen.add(id);
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) throw new EncodingSourceError(`${at} ${id}`, "its `json` is not a JSON schema object");
    try {
      readBinarySchema(binary, { pointer: `/${i}/binary` });
    } catch (error) {
      if (error instanceof DescribeFormatError) throw new EncodingSourceError(`${at} ${id}`, error.message);
      throw error;
    }
    return { id, json: schema as JsonSchema, binary: binary as RawBinarySchema };
  });
}
