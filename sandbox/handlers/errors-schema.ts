/**
 * `GET /errors`: the JSON schema of the errors the sandbox answers with, in the shape Octez
 * prints its error catalogue (a `oneOf` of one object schema per error id, each with its
 * `kind` and `id` constants; tezos/tezos-mirror `src/lib_error_monad/core_maker.ml`).
 */
import type { JsonValue } from "@tezos-rpcgen/runtime";
import { P2P_ERROR_FIELDS } from "../network/errors.ts";

interface ErrorSpec {
  readonly id?: string;
  readonly kind: string;
  readonly title: string;
  readonly fields: Record<string, JsonValue>;
}

const STRING = { type: "string" };
const INT = { type: "integer" };

const ERRORS: readonly ErrorSpec[] = [
  { kind: "generic", title: "Generic error", fields: { error: STRING } },
  { id: "validator.inconsistent_operations_hash", kind: "temporary", title: "Invalid merkle tree", fields: { block: STRING, expected: STRING, found: STRING } },
  { id: "validator.invalid_block", kind: "permanent", title: "Invalid block", fields: { invalid_block: STRING, error: STRING, expected: INT, found: INT } },
  ...Object.entries(P2P_ERROR_FIELDS).map(([id, fields]) => ({ id, kind: "permanent", title: id, fields: Object.fromEntries(Object.entries(fields).map(([k, type]) => [k, { type }])) })),
  { id: "utils.Timeout", kind: "temporary", title: "Timeout", fields: {} },
];

export function errorsSchema(): JsonValue {
  return {
    $schema: "http://json-schema.org/draft-04/schema#",
    oneOf: ERRORS.map((e) => ({
      title: e.title,
      type: "object",
      properties: {
        kind: { type: "string", enum: [e.kind] },
        ...(e.id !== undefined ? { id: { type: "string", enum: [e.id] } } : {}),
        ...e.fields,
      },
      required: e.id !== undefined ? ["kind", "id"] : ["kind", "error"],
    })),
  };
}
