/**
 * The ajv step of the validators: body schemas in, ajv standalone code out, with the keywords
 * of validator-keywords.ts (compiled to calls of runtime predicates, which the module imports
 * from the runtime entry like the helpers ajv's code needs).
 *
 * A {@link ValidatorsModule} is built in two steps, so that most of the work can start before
 * the codec model exists: made from the bodies' schemas alone, it prepares them
 * (validators-prepare.ts) and compiles everything they share; {@link ValidatorsModule.finish}
 * then adds the validators of the plan (names and root checks come from the model) and writes
 * the module. The same steps run on the worker thread and on the caller's, so the bytes do not
 * depend on where they ran.
 */

import { createRequire } from "node:module";
import type { JsonSchema } from "../model/json-schema.ts";
import { compareStrings } from "./names.ts";
import { RUNTIME_MODULE } from "./modules.ts";
import { textKeywords, type TextCheck } from "./validator-keywords.ts";
import { prepareSchemas, withRootCheck, type PreparedSchemas } from "./validators-prepare.ts";
import { uriMemo } from "./uri-memo.ts";
import { jsonPattern } from "../../runtime/rpc/json-validation.ts";

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

/** One validator of the module: its export name, the body it checks (an index into the bodies given), and the check of the body's root value. */
export interface ValidatorRequest {
  name: string;
  body: number;
  rootCheck?: TextCheck;
}

/** An ajv instance for meta-schema checks only, made on first use and kept for the thread. */
let metaSchemaChecker: InstanceType<typeof Ajv04> | undefined;

/** The validators module of one interface, under construction (see the module comment). */
export class ValidatorsModule {
  private readonly ajv: InstanceType<typeof Ajv04>;
  private readonly prepared: PreparedSchemas;
  /** The compiled functions whose code {@link compile} has flattened. */
  private readonly flattened = new WeakSet<object>();

  /**
   * Prepares distinct body schemas and compiles what they share. Throws, as ajv's `addSchema`
   * would, when a schema is not valid draft-04.
   */
  constructor(private readonly bodies: readonly JsonSchema[]) {
    this.ajv = new Ajv04({
      // No optimisation pass: it only drops unused variables and empty blocks and inlines
      // constants (same behaviour), yet on Octez's large definitions it costs about as much as
      // the compilation itself (its bookkeeping grows with depth × size); the output is ~7 % larger.
      // `process`: ajv turns the code of each function into a function, to run it; here it is
      // only written out, so ajv gets an empty function of the same name instead. That spares
      // the engine the parse of the whole module (~15 % of the compilation); the code written
      // is the code ajv generated, unchanged.
      code: { source: true, esm: true, lines: true, optimize: false, process: (_code, env) => `return function ${env?.validateName}() {}`, regExp: PATTERN_ENGINE },
      // Properties are looked up as own properties: `{}` has no `constructor` or `toString`
      // field, though reading one finds Object.prototype's (a required check would pass).
      ownProperties: true,
      strict: false,
      validateFormats: false,
      allErrors: false,
      // One function per definition, called where it is referenced: inlining copies Octez's
      // large definitions (operation contents) into every place that uses them.
      inlineRefs: false,
      // Each schema is checked against the meta-schema before it is added (checkSchema): ajv
      // would compile the meta-schema's validator again for each module.
      validateSchema: false,
      // A few hundred identifiers, parsed and resolved again and again: see uri-memo.ts.
      uriResolver: uriMemo(),
    });
    for (const keyword of textKeywords()) this.ajv.addKeyword(keyword);
    this.prepared = prepareSchemas(bodies);
    for (const { id, schema } of this.prepared.shared) this.add(id, schema);
    // Compiled now, in this order, rather than when a body first reaches them: the function
    // names ajv hands out follow the compilation order.
    for (const { id } of this.prepared.shared) this.compile(id);
  }

  /** Adds the validators and returns the module's code, importing what it uses from the runtime entry. */
  finish(validators: readonly ValidatorRequest[]): string {
    const exports: Record<string, string> = {};
    for (const { name, body, rootCheck } of validators) {
      const original = this.bodies[body];
      if (original === undefined) throw new Error(`validator ${name} names body ${body}, of ${this.bodies.length}`);
      this.add(name, withRootCheck(this.prepared.bodies[body]!, original, rootCheck));
      exports[name] = name;
    }
    for (const name in exports) this.compile(name);
    return importRuntimeHelpers(standaloneCode(this.ajv, exports));
  }

  /**
   * Compiles the schema `id` (and whatever it refers to that is not compiled yet), then makes
   * the code of each new function one flat string. ajv writes a function's code by
   * concatenating many small pieces, which V8 keeps as a tree of pieces until the text is read;
   * kept until the module is written, those trees (hundreds of thousands of small objects for
   * the shell) are copied by every young-generation collection meanwhile. Reading a character
   * makes V8 copy the pieces into one string, once, and drop the tree. The module is flattened
   * anyway when it is written, so this costs nothing extra; it saves about 8 ms of collection
   * per shell module with the engine's default young generation (the caller's thread), little
   * with the worker thread's larger one.
   */
  private compile(id: string): void {
    this.ajv.getSchema(id);
    for (const key in this.ajv.schemas) {
      const source = this.ajv.schemas[key]?.validate?.source;
      if (source !== undefined && !this.flattened.has(source)) {
        source.validateCode.charCodeAt(0);
        this.flattened.add(source);
      }
    }
  }

  private add(id: string, schema: JsonSchema): void {
    const complete = { $schema: DRAFT_04, ...schema };
    checkSchema(complete, id);
    this.ajv.addSchema(complete, id);
  }
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
