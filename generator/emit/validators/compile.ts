/**
 * The ajv step of the validators: body schemas in, ajv standalone code out, with the keywords
 * of keywords.ts (compiled to calls of runtime predicates, which the module imports
 * from the runtime entry like the helpers ajv's code needs).
 */

import { createRequire } from "node:module";
import type { JsonSchema } from "../../model/json-schema.ts";
import { compareStrings } from "../names.ts";
import { RUNTIME_MODULE } from "../modules.ts";
import { textKeywords, type TextCheck } from "./keywords.ts";
import { prepareSchemas, withRootCheck } from "./prepare.ts";
import { jsonPattern } from "@tezos-rpcgen/runtime";

// ajv and its draft-04 flavour are CommonJS packages; `createRequire` loads them the same way
// under Node, tsx and vitest.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;
const standaloneCode = require("ajv/dist/standalone") as typeof import("ajv/dist/standalone").default;

const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/**
 * ajv's engine for `pattern`: the runtime's `jsonPattern` (no capturing groups, so a long
 * string cannot exhaust the engine's backtracking stack), which the standalone code imports from
 * the runtime entry like the other helpers.
 */
const PATTERN_ENGINE = Object.assign((source: string, flags: string) => jsonPattern(source, flags), { code: `require("${RUNTIME_MODULE}").jsonPattern` });

/** ajv runtime helpers that standalone code `require`s, and their runtime replacements. */
const RUNTIME_HELPERS: Readonly<Record<string, string>> = {
  ucs2length: "jsonStringLength",
  equal: "jsonEqual",
};

/** One validator of the module: its export name, the body schema it checks, and the check of the body's root value. */
export interface ValidatorRequest {
  name: string;
  schema: JsonSchema;
  rootCheck?: TextCheck;
}

/** An ajv instance for meta-schema checks only, made on first use. */
let metaSchemaChecker: InstanceType<typeof Ajv04> | undefined;

/**
 * The validators module: the bodies prepared (prepare.ts), what they share compiled once,
 * then one exported validator per request. Throws, as ajv's `addSchema` would, when a schema
 * is not valid draft-04.
 */
export function compileValidators(validators: readonly ValidatorRequest[]): string {
  const ajv = new Ajv04({
    // One optimisation pass drops unused variables and empty blocks and inlines constants (same
    // behaviour): the shell's module is 7 % smaller, for ~140 ms more compilation.
    code: { source: true, esm: true, lines: true, optimize: 1, regExp: PATTERN_ENGINE },
    // Properties are looked up as own properties: `{}` has no `constructor` or `toString`
    // field, though reading one finds Object.prototype's (a required check would pass).
    ownProperties: true,
    strict: false,
    validateFormats: false,
    allErrors: false,
    // One function per definition, called where it is referenced: inlining copies Octez's
    // large definitions (operation contents) into every place that uses them.
    inlineRefs: false,
    // Validators pass their `this` (the caller's JsonValidationOptions) to the validators they
    // call, so that the Base58 keyword can reach the checksum test (keywords.ts).
    passContext: true,
  });
  for (const keyword of textKeywords()) ajv.addKeyword(keyword);
  const add = (id: string, schema: JsonSchema) => {
    const complete = { $schema: DRAFT_04, ...schema };
    checkSchema(complete, id);
    ajv.addSchema(complete, id);
  };
  const prepared = prepareSchemas(validators.map(({ schema }) => schema));
  for (const { id, schema } of prepared.shared) add(id, schema);
  // Compiled in this order, rather than when a body first reaches them: the function names
  // ajv hands out follow the compilation order.
  for (const { id } of prepared.shared) ajv.getSchema(id);
  const exports: Record<string, string> = {};
  validators.forEach(({ name, schema, rootCheck }, i) => {
    add(name, withRootCheck(prepared.bodies[i]!, schema, rootCheck));
    exports[name] = name;
  });
  return importRuntimeHelpers(withoutUnusedSchemas(standaloneCode(ajv, exports)));
}

/**
 * ajv writes each compiled schema as a constant (`const schema12 = {…};`) beside its function,
 * which reads few of them (for `enum`, say): the others would be a tenth of the module for
 * nobody, and are left out.
 */
function withoutUnusedSchemas(code: string): string {
  const uses = new Map<string, number>();
  for (const [name] of code.matchAll(/\bschema\d+\b/g)) uses.set(name, (uses.get(name) ?? 0) + 1);
  return code.replace(/^const (schema\d+) = .*;\n/gm, (line, name: string) => (uses.get(name) === 1 ? "" : line));
}

/** Throws, as ajv's `addSchema` would, when `schema` is not a valid draft-04 schema. */
function checkSchema(schema: JsonSchema, id: string): void {
  metaSchemaChecker ??= new Ajv04({ strict: false, validateFormats: false });
  if (!metaSchemaChecker.validateSchema(schema)) {
    throw new Error(`schema ${id} is invalid: ${metaSchemaChecker.errorsText(metaSchemaChecker.errors)}`);
  }
}

/**
 * Replaces ajv's `require("ajv/dist/runtime/…")`, and the keywords' `require` of the runtime
 * entry, by imports from the runtime entry; marks the patterns compiled at module level pure.
 */
function importRuntimeHelpers(code: string): string {
  const used = new Set<string>();
  // One pass of the engine's regular expressions over the module: each `require` names an
  // ajv runtime helper or an export of the runtime entry.
  let body = code.replace(/^"use strict";/, "").replace(/require\("([^"]*)"\)\.([A-Za-z_$][A-Za-z0-9_$]*)/g, (_call, module: string, member: string) => {
    const helper = /^ajv\/dist\/runtime\/([A-Za-z0-9_]+)$/.exec(module)?.[1];
    let name: string;
    if (helper !== undefined && member === "default") {
      const replacement = RUNTIME_HELPERS[helper];
      if (replacement === undefined) throw new Error(`ajv standalone code needs the runtime helper ${helper}, which tezos-rpcgen does not provide`);
      name = replacement;
    } else if (module === RUNTIME_MODULE) {
      name = member;
    } else {
      throw new Error(`ajv standalone code requires ${module}, which is neither an ajv runtime helper nor the runtime entry`);
    }
    used.add(name);
    return name;
  });
  if (body.includes("require(")) throw new Error("ajv standalone code still contains a require() call");
  // Patterns are compiled at module level; marking them pure lets bundlers drop the validators
  // (and their patterns) that an application does not use.
  body = body.replace(/^(const pattern[0-9]+ = )/gm, "$1/* @__PURE__ */ ");
  const imports = [...used].sort(compareStrings);
  return imports.length > 0 ? `import { ${imports.join(", ")} } from "${RUNTIME_MODULE}";\n${body}` : body;
}
