/**
 * The ajv step of the validators: prepared draft-04 schemas in, ajv standalone code out. Plain
 * JavaScript with nothing but ajv to import, so that it runs as it is on a worker thread
 * (validators-worker.js) as well as on the caller's (validators.ts decides which); its types
 * are in validators-compile.d.ts.
 *
 * The two keywords of validator-keywords.ts compile to calls of runtime predicates, which the
 * standalone code `require`s from the runtime entry (validators.ts turns those into imports).
 * Their error messages come with the job, worked out by the caller from the runtime.
 */

import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04");
const standaloneCode = require("ajv/dist/standalone").default;
const { _, str, Name } = require("ajv");

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/**
 * Stand-ins for the runtime predicates, one per name (ajv tells scope values apart by the
 * function behind them). Never called: the standalone code names the runtime's.
 */
const standIns = new Map();
function standIn(name) {
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
let metaSchemaChecker;

/**
 * @param {import("./validators-compile.d.ts").ValidatorsJob} job
 * @returns {string} the standalone module, with `require` calls of ajv's and the runtime's helpers
 */
export function compileValidators(job) {
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
function checkSchema(schema, id) {
  metaSchemaChecker ??= new Ajv04({ strict: false, validateFormats: false });
  if (!metaSchemaChecker.validateSchema(schema)) {
    throw new Error(`schema ${id} is invalid: ${metaSchemaChecker.errorsText(metaSchemaChecker.errors)}`);
  }
}

/** A runtime function as the standalone code refers to it. */
function runtimeFunction(cxt, job, name) {
  return cxt.gen.scopeValue("func", { ref: standIn(name), code: _`require(${job.runtimeModule}).${new Name(name)}` });
}

/** The keywords of validator-keywords.ts. Errors say what was expected; ajv's `instancePath` says where. */
function textKeywords(job) {
  return [
    {
      keyword: job.base58.keyword,
      schemaType: "string",
      code(cxt) {
        const group = cxt.schema;
        if (!Object.hasOwn(job.base58.expected, group)) throw new Error(`${job.base58.keyword}: unknown group ${JSON.stringify(group)}`);
        cxt.fail(_`!${runtimeFunction(cxt, job, "isTezosBase58")}(${group}, ${cxt.data})`);
      },
      error: {
        message: (cxt) => str`must be ${job.base58.expected[cxt.schema]}`,
        params: (cxt) => _`{group: ${cxt.schema}}`,
      },
    },
    {
      keyword: job.timestamp.keyword,
      schemaType: "string",
      code(cxt) {
        if (cxt.schema !== "protocol") throw new Error(`${job.timestamp.keyword}: unknown timestamp ${JSON.stringify(cxt.schema)}`);
        cxt.fail(_`!${runtimeFunction(cxt, job, "isProtocolTimestamp")}(${cxt.data})`);
      },
      error: { message: str`must be ${job.timestamp.expected}` },
    },
  ];
}
