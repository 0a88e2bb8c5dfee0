/**
 * The ajv step of the validators: prepared draft-04 schemas in, ajv standalone code out, with
 * the keywords of validator-keywords.ts (compiled to calls of runtime predicates, which the
 * standalone code `require`s from the runtime entry; validators.ts turns those into imports).
 */

import { createRequire } from "node:module";
import type { JsonSchema } from "../model/json-schema.ts";
import { textKeywords } from "./validator-keywords.ts";

// ajv and its draft-04 flavour are CommonJS packages; `createRequire` loads them the same way
// under Node, tsx and vitest.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;
const standaloneCode = require("ajv/dist/standalone") as typeof import("ajv/dist/standalone").default;

/** The schemas of a validators module. */
export interface ValidatorsJob {
  /** Schemas in the order they are added to ajv, each under its identifier. */
  schemas: Array<{ id: string; schema: JsonSchema }>;
  /** Export name → schema identifier of each validator the module exports. */
  exports: Record<string, string>;
}

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/** An ajv instance for meta-schema checks only, made on first use and kept for the thread. */
let metaSchemaChecker: InstanceType<typeof Ajv04> | undefined;

/** The standalone module of a job, with `require` calls of ajv's and the runtime's helpers. */
export function compileValidators(job: ValidatorsJob): string {
  const ajv = new Ajv04({
    // No optimisation pass: it only drops unused variables and empty blocks and inlines
    // constants (same behaviour), yet on Octez's large definitions it costs about as much as
    // the compilation itself (its bookkeeping grows with depth × size); the output is ~7 % larger.
    code: { source: true, esm: true, lines: true, optimize: false },
    strict: false,
    validateFormats: false,
    allErrors: false,
    // One function per definition, called where it is referenced: inlining copies Octez's
    // large definitions (operation contents) into every place that uses them.
    inlineRefs: false,
    // Each schema is checked against the meta-schema before it is added (checkSchema): ajv
    // would compile the meta-schema's validator again for each emission.
    validateSchema: false,
  });
  for (const keyword of textKeywords()) ajv.addKeyword(keyword);
  for (const { id, schema } of job.schemas) {
    const complete = { $schema: DRAFT_04, ...schema };
    checkSchema(complete, id);
    ajv.addSchema(complete, id);
  }
  return standaloneCode(ajv, job.exports);
}

/** Throws, as ajv's `addSchema` would, when `schema` is not a valid draft-04 schema. */
function checkSchema(schema: JsonSchema, id: string): void {
  metaSchemaChecker ??= new Ajv04({ strict: false, validateFormats: false });
  if (!metaSchemaChecker.validateSchema(schema)) {
    throw new Error(`schema ${id} is invalid: ${metaSchemaChecker.errorsText(metaSchemaChecker.errors)}`);
  }
}
