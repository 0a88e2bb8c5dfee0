/**
 * JSON validators, compiled at generation time: one per distinct body schema, as ajv
 * standalone code (draft-04, as Octez publishes). ajv emits JavaScript with untyped
 * parameters, so the validators go to a `.js` module with a `.d.ts` beside it; the module's
 * only import is the runtime entry, which provides the helpers ajv's code may call and the
 * checks of hashes, keys and timestamps that the schemas leave out (validator-keywords.ts).
 */

import { createRequire } from "node:module";
import type { JsonSchema } from "../model/json-schema.ts";
import type { BodyCodec, CodecModel } from "../reconcile/codec-model.ts";
import { compareStrings, validatorName, type InterfaceNames } from "./names.ts";
import { docComment } from "./ts-syntax.ts";
import { importLine, RUNTIME_MODULE } from "./modules.ts";
import { canonicalJson } from "./canonical-json.ts";
import { shareDefinitions } from "./shared-definitions.ts";
import { hoistRepeatedSubschemas } from "./repeated-subschemas.ts";
import { rootTextCheck, textKeywords, withTextChecks, type TextCheck } from "./validator-keywords.ts";

export { canonicalJson };

// ajv and its draft-04 flavour are CommonJS packages; `createRequire` loads them the same way
// under Node, tsx and vitest.
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;
const standaloneCode = require("ajv/dist/standalone") as typeof import("ajv/dist/standalone").default;


/** ajv runtime helpers that standalone code `require`s, and their runtime replacements. */
const RUNTIME_HELPERS: Readonly<Record<string, string>> = {
  ucs2length: "jsonStringLength",
  equal: "jsonEqual",
};

/** Identifier prefix of the shared definitions' schemas (never exported). */
const DEFINITION_ID_PREFIX = "octez-definition:";
/** Identifier prefix of the repeated sub-schemas compiled once (never exported). */
const SUBSCHEMA_ID_PREFIX = "octez-subschema:";
const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

/** Which validator checks each body of each service. */
export interface ValidatorNames {
  input?: string;
  output: string;
  error: string;
}

export interface ValidatorPlan {
  /** Parallel to `model.services`. */
  services: ValidatorNames[];
  /** Distinct schemas with the validator of each, in the order they were first used. */
  validators: PlannedValidator[];
}

export interface PlannedValidator {
  name: string;
  /** The body schema as published. */
  schema: JsonSchema;
  /**
   * The check of the root value, when the reconciler found the root to be a hash, key or
   * timestamp (a root hash carries only a title, so the schema alone cannot say which).
   */
  rootCheck?: TextCheck;
  usedBy: string[];
}

/**
 * Gives every body a validator; bodies with the same schema (compared as canonical JSON) share
 * the one named after the first body type that uses it.
 */
export function planValidators(model: CodecModel, names: InterfaceNames): ValidatorPlan {
  const byKey = new Map<string, PlannedValidator>();
  const validators: PlannedValidator[] = [];
  const assign = (body: BodyCodec, typeName: string): string => {
    const rootCheck = rootTextCheck(body.codec);
    const key = rootCheck === undefined ? canonicalJson(body.schema) : canonicalJson([body.schema, rootCheck]);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { name: validatorName(typeName), schema: body.schema, usedBy: [] };
      if (rootCheck !== undefined) entry.rootCheck = rootCheck;
      byKey.set(key, entry);
      validators.push(entry);
    }
    entry.usedBy.push(typeName);
    return entry.name;
  };
  const services = model.services.map((entry, i): ValidatorNames => {
    const serviceNames = names.services[i]!;
    const result: ValidatorNames = { output: "", error: "" };
    if (entry.input && serviceNames.input) result.input = assign(entry.input, serviceNames.input);
    result.output = assign(entry.output, serviceNames.output);
    result.error = assign(entry.error, serviceNames.error);
    return result;
  });
  return { services, validators };
}

/** The validator module (`.js`) and its declarations (`.d.ts`), unformatted and without headers. */
export function emitValidators(plan: ValidatorPlan): { js: string; dts: string } {
  if (plan.validators.length === 0) {
    return { js: "export {};\n", dts: "export {};\n" };
  }
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
  // Definitions are compiled once for all bodies (see shared-definitions.ts).
  const shared = shareDefinitions(
    plan.validators.map(({ schema, rootCheck }) => schemaForAjv(schema, rootCheck)),
    DEFINITION_ID_PREFIX,
  );
  // So are the sub-schemas that Octez repeats inline (see repeated-subschemas.ts).
  const hoisted = hoistRepeatedSubschemas([...shared.definitions.map(({ schema }) => schema), ...shared.bodies], SUBSCHEMA_ID_PREFIX);
  const definitionCount = shared.definitions.length;
  const add = (schema: JsonSchema, id: string): void => {
    const complete = { $schema: DRAFT_04, ...schema };
    checkSchema(complete, id);
    ajv.addSchema(complete, id);
  };
  for (const { id, schema } of hoisted.subschemas) add(schema, id);
  shared.definitions.forEach(({ id }, i) => add(hoisted.roots[i]!, id));
  const exports: Record<string, string> = {};
  plan.validators.forEach(({ name }, i) => {
    add(hoisted.roots[definitionCount + i]!, name);
    exports[name] = name;
  });
  const js = routeRuntimeHelpers(standaloneCode(ajv, exports));
  const dts = [
    importLine(["JsonValidator"], RUNTIME_MODULE, true),
    ...[...plan.validators]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map(({ name, usedBy }) => `${docComment(["Validates the JSON form of:", ...usedBy.map((t) => `- \`${t}\``)].join("\n"))}export declare const ${name}: JsonValidator;\n`),
  ].join("\n");
  return { js, dts };
}

/** An ajv instance for meta-schema checks only, made on first use and kept for the process. */
let metaSchemaChecker: InstanceType<typeof Ajv04> | undefined;

/** Throws, as ajv's `addSchema` would, when `schema` is not a valid draft-04 schema. */
function checkSchema(schema: JsonSchema, id: string): void {
  metaSchemaChecker ??= new Ajv04({ strict: false, validateFormats: false });
  if (!metaSchemaChecker.validateSchema(schema)) {
    throw new Error(`schema ${id} is invalid: ${metaSchemaChecker.errorsText(metaSchemaChecker.errors)}`);
  }
}

/**
 * The schema as ajv gets it: with the hash, key and timestamp checks of validator-keywords.ts. Two facts of
 * real Octez schemas need care, both without changing what the schema accepts:
 * - `required` lists may repeat a name (the Alpha contents of 2022 do), which draft-04's
 *   meta-schema forbids: repeats are dropped;
 * - ajv reads `id` as a schema identifier in draft-04: Octez never sets one, and a stray one
 *   would clash between bodies, so it is left out.
 */
function schemaForAjv(schema: JsonSchema, rootCheck: TextCheck | undefined): JsonSchema {
  const { id: _id, ...rest } = schema as JsonSchema & { id?: unknown };
  return withTextChecks(withUniqueRequired(rest) as JsonSchema, rootCheck);
}

/** `value` with repeats dropped from its `required` lists; `value` itself when it has none. */
function withUniqueRequired(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  let changed = false;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => {
      const result = withUniqueRequired(item);
      if (result !== item) changed = true;
      return result;
    });
    return changed ? items : value;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    let result = inner;
    if (key !== "required" || !Array.isArray(inner)) result = withUniqueRequired(inner);
    else if (new Set(inner).size < inner.length) result = [...new Set(inner)];
    if (result !== inner) changed = true;
    copy[key] = result;
  }
  return changed ? copy : value;
}

/**
 * Replaces ajv's `require("ajv/dist/runtime/…")`, and the keywords' `require` of the runtime
 * entry, by imports from the runtime entry.
 */
function routeRuntimeHelpers(code: string): string {
  const used = new Set<string>();
  let body = code.replace(/^"use strict";/, "").replace(/require\("ajv\/dist\/runtime\/([A-Za-z0-9_]+)"\)\.default/g, (_all, helper: string) => {
    const replacement = RUNTIME_HELPERS[helper];
    if (replacement === undefined) throw new Error(`ajv standalone code needs the runtime helper ${helper}, which tezos-rpcgen does not provide`);
    used.add(replacement);
    return replacement;
  });
  body = body.split(`require(${JSON.stringify(RUNTIME_MODULE)}).`).map((part, i) => {
    if (i === 0) return part;
    const name = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(part)?.[0];
    if (name === undefined) throw new Error("ajv standalone code requires the runtime entry without naming an export");
    used.add(name);
    return part;
  }).join("");
  if (/\brequire\(/.test(body)) throw new Error("ajv standalone code still contains a require() call");
  // Patterns are compiled at module level; marking them pure lets bundlers drop the validators
  // (and their patterns) that an application does not use.
  body = body.replace(/= new RegExp\(/g, "= /* @__PURE__ */ new RegExp(");
  const imports = [...used].sort(compareStrings);
  if (imports.length > 0) body = `import { ${imports.join(", ")} } from "${RUNTIME_MODULE}";\n${body}`;
  return body;
}
