/**
 * The operation-injection routes with their bodies checked as operations. Octez reads the body
 * as bytes and only then fails to parse them as an operation (`Can't parse the operation`, a
 * 500, tezos/tezos-mirror `injection_directory.ml`); the sandbox refuses such bytes as the
 * request body's fault, 400 `Failed to parse the request body: …` as text, the answer the
 * server gives every body it cannot read (octez-http.md §3), so the handler (and the node's
 * state) is never reached. An operation is at least its 32-byte branch; any data may follow.
 */
import { isHex, validateJson, type AnyRouteDescriptor, type BinaryCodecTable, type JsonValidationOptions, type JsonValidator } from "@tezos-rpcgen/runtime";
import type { BinaryReader } from "@tezos-rpcgen/runtime";

/** Operations whose input is one operation's hex bytes, and the one whose input is a list of them. */
const SINGLE = new Set(["postInjectionOperation", "postPrivateInjectionOperation"]);
const LIST = "postPrivateInjectionOperations";

/** Why `hex` is not an operation's bytes, or undefined when it is. */
export function operationBytesProblem(hex: unknown): string | undefined {
  if (typeof hex !== "string") return undefined; // the schema's validator reports it
  if (!isHex(hex)) return "the operation is not hexadecimal";
  if (hex.length < 64) return `the operation is ${hex.length / 2} bytes long, shorter than its 32-byte branch (Can't parse the operation)`;
  return undefined;
}

function problemAt(route: string, value: unknown): { path: string; message: string } | undefined {
  if (SINGLE.has(route)) {
    const message = operationBytesProblem(value);
    return message === undefined ? undefined : { path: "", message };
  }
  if (route === LIST && Array.isArray(value))
    for (let i = 0; i < value.length; i++) {
      const message = operationBytesProblem(value[i]);
      if (message !== undefined) return { path: `/${i}`, message };
    }
  return undefined;
}

function checkedValidator(route: string, validate: JsonValidator): JsonValidator {
  // A function, not an arrow: the caller's validation options come as `this` (validateJson) and
  // go on to the generated validator.
  const checked: JsonValidator = function (this: JsonValidationOptions | undefined, data: unknown) {
    if (!validateJson(validate, data, this)) {
      checked.errors = validate.errors;
      return false;
    }
    const problem = problemAt(route, data);
    checked.errors = problem === undefined ? null : [{ instancePath: problem.path, schemaPath: "#/sandbox/operation", keyword: "operation", params: {}, message: problem.message }];
    return problem === undefined;
  };
  return checked;
}

/** `routes` with the injection routes' JSON input validators also checking the operations. */
export function checkOperationRoutes(routes: readonly AnyRouteDescriptor[]): AnyRouteDescriptor[] {
  return routes.map((r) =>
    (SINGLE.has(r.operation) || r.operation === LIST) && r.input !== undefined ? { ...r, input: { ...r.input, validate: checkedValidator(r.operation, r.input.validate) } } : r,
  );
}

/** `table` with the injection routes' binary input decoders also checking the operations. */
export function checkOperationCodecs(table: BinaryCodecTable): BinaryCodecTable {
  const out: Record<string, BinaryCodecTable[string]> = { ...table };
  for (const name of [...SINGLE, LIST]) {
    const codecs = table[name];
    const input = codecs?.input;
    if (codecs === undefined || input === undefined) continue;
    out[name] = {
      ...codecs,
      input: {
        encode: input.encode,
        decode(r: BinaryReader) {
          const value: unknown = input.decode(r);
          const problem = problemAt(name, value);
          if (problem !== undefined) throw new Error(`at ${problem.path || "/"}: ${problem.message}`);
          return value;
        },
      },
    };
  }
  return out;
}
