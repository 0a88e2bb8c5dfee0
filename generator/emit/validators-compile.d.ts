import type { JsonSchema } from "../model/json-schema.ts";

/** Everything the ajv step needs, as plain data (it may cross to a worker thread). */
export interface ValidatorsJob {
  /** Schemas in the order they are added to ajv, each under its identifier. */
  schemas: Array<{ id: string; schema: JsonSchema }>;
  /** Export name → schema identifier of each validator the module exports. */
  exports: Record<string, string>;
  /** The module generated code imports the runtime from. */
  runtimeModule: string;
  /** The Base58Check keyword, and what its error says is expected for each group. */
  base58: { keyword: string; expected: Record<string, string> };
  /** The timestamp keyword, and what its error says is expected. */
  timestamp: { keyword: string; expected: string };
}

/** ajv's standalone module for the job, `require` calls included. */
export function compileValidators(job: ValidatorsJob): string;
