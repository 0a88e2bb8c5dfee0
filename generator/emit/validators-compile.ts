/**
 * The ajv step of the validators: prepared draft-04 schemas in, ajv standalone code out.
 *
 * The two keywords of validator-keywords.ts compile to calls of runtime predicates, which the
 * standalone code `require`s from the runtime entry (validators.ts turns those into imports).
 * Their error messages come with the job, worked out by the caller from the runtime.
 */

import { createRequire } from "node:module";
import type { KeywordCxt, KeywordDefinition } from "ajv";
import type { JsonSchema } from "../model/json-schema.ts";

// ajv and its draft-04 flavour are CommonJS packages; `createRequire` loads them the same way
// under Node, tsx and vitest.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;
const standaloneCode = require("ajv/dist/standalone") as typeof import("ajv/dist/standalone").default;
const { _, str, Name } = require("ajv") as typeof import("ajv");

/** Everything the ajv step needs, as plain data. */
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

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/**
 * Stand-ins for the runtime predicates, one per name (ajv tells scope values apart by the
 * function behind them). Never called: the standalone code names the runtime's.
 */
const standIns = new Map<string, () => never>();
function standIn(name: string): () => never {
  let ref = standIns.get(name);
  if (ref === undefined) {
    ref = () => {
      throw new Error(`${name} ran at generation time`);
    };
    standIns.set(name, ref);
  }
  return ref;
}

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
  for (const keyword of textKeywords(job)) ajv.addKeyword(keyword);
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

/** A runtime function as the standalone code refers to it. */
function runtimeFunction(cxt: KeywordCxt, job: ValidatorsJob, name: string) {
  return cxt.gen.scopeValue("func", { ref: standIn(name), code: _`require(${job.runtimeModule}).${new Name(name)}` });
}

/** The keywords of validator-keywords.ts. Errors say what was expected; ajv's `instancePath` says where. */
function textKeywords(job: ValidatorsJob): KeywordDefinition[] {
  return [
    {
      keyword: job.base58.keyword,
      schemaType: "string",
      code(cxt: KeywordCxt) {
        const group = cxt.schema as string;
        if (!Object.hasOwn(job.base58.expected, group)) throw new Error(`${job.base58.keyword}: unknown group ${JSON.stringify(group)}`);
        cxt.fail(_`!${runtimeFunction(cxt, job, "isTezosBase58")}(${group}, ${cxt.data})`);
      },
      error: {
        message: (cxt) => str`must be ${job.base58.expected[cxt.schema as string] ?? ""}`,
        params: (cxt) => _`{group: ${cxt.schema as string}}`,
      },
    },
    {
      keyword: job.timestamp.keyword,
      schemaType: "string",
      code(cxt: KeywordCxt) {
        if (cxt.schema !== "protocol") throw new Error(`${job.timestamp.keyword}: unknown timestamp ${JSON.stringify(cxt.schema)}`);
        cxt.fail(_`!${runtimeFunction(cxt, job, "isProtocolTimestamp")}(${cxt.data})`);
      },
      error: { message: str`must be ${job.timestamp.expected}` },
    },
  ];
}
