/**
 * JSON validators, compiled at generation time: one per distinct body schema, as ajv
 * standalone code (draft-04, as Octez publishes). ajv emits JavaScript with untyped
 * parameters, so the validators go to a `.js` module with a `.d.ts` beside it; the module's
 * only import is the runtime entry, which provides the helpers ajv's code may call and the
 * checks of hashes, keys and timestamps that the schemas leave out (validator-keywords.ts).
 */

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { JsonSchema } from "../model/json-schema.ts";
import type { BodyCodec, CodecModel } from "../reconcile/codec-model.ts";
import { compareStrings, validatorName, type InterfaceNames } from "./names.ts";
import { docComment } from "./ts-syntax.ts";
import { importLine, RUNTIME_MODULE } from "./modules.ts";
import { canonicalJson } from "./canonical-json.ts";
import { shareDefinitions } from "./shared-definitions.ts";
import { hoistRepeatedSubschemas } from "./repeated-subschemas.ts";
import { rootTextCheck, withTextChecks, type TextCheck } from "./validator-keywords.ts";
import { compileValidators, type ValidatorsJob } from "./validators-compile.ts";

export { canonicalJson };

// ajv and its draft-04 flavour are CommonJS packages; `createRequire` loads them the same way
// under Node, tsx and vitest.


/** ajv runtime helpers that standalone code `require`s, and their runtime replacements. */
const RUNTIME_HELPERS: Readonly<Record<string, string>> = {
  ucs2length: "jsonStringLength",
  equal: "jsonEqual",
};

/** Identifier prefix of the shared definitions' schemas (never exported). */
const DEFINITION_ID_PREFIX = "octez-definition:";
/** Identifier prefix of the repeated sub-schemas compiled once (never exported). */
const SUBSCHEMA_ID_PREFIX = "octez-subschema:";

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
    // Octez prints equal schemas alike, so their JSON text is enough to find them (sorting keys,
    // as canonicalJson does, would only cost time here).
    const key = rootCheck === undefined ? JSON.stringify(body.schema) : JSON.stringify([body.schema, rootCheck]);
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
export function emitValidators(plan: Pick<ValidatorPlan, "validators">): { js: string; dts: string } {
  if (plan.validators.length === 0) return { js: "export {};\n", dts: "export {};\n" };
  return { js: routeRuntimeHelpers(compileValidators(validatorsJob(plan))), dts: validatorDeclarations(plan) };
}

/**
 * {@link emitValidators} on a worker thread (validators-worker.ts), while the caller goes on
 * with other files. The worker is started on first use (or by {@link warmUpValidatorsWorker})
 * and kept while generations follow each other. Without a worker (one core, or a worker that
 * cannot start or dies), the validators are compiled on this thread. The bytes are the same
 * either way.
 */
export function emitValidatorsConcurrently(plan: ValidatorPlan): Promise<{ js: string; dts: string }> {
  if (plan.validators.length === 0) return Promise.resolve({ js: "export {};\n", dts: "export {};\n" });
  const worker = validatorsWorker();
  if (worker === undefined) return Promise.resolve(emitValidators(plan));
  return worker.compile(plan.validators).catch((error: unknown) => (error instanceof WorkerUnavailable ? emitValidators(plan) : Promise.reject(error)));
}

/** Starts the worker thread ahead of need, so that it is ready when the validators are planned. */
export function warmUpValidatorsWorker(): void {
  validatorsWorker();
}

/** The schemas of a plan, prepared for ajv: shared definitions and repeated sub-schemas apart. */
function validatorsJob(plan: Pick<ValidatorPlan, "validators">): ValidatorsJob {
  // Definitions are compiled once for all bodies (see shared-definitions.ts).
  const shared = shareDefinitions(
    plan.validators.map(({ schema, rootCheck }) => schemaForAjv(schema, rootCheck)),
    DEFINITION_ID_PREFIX,
  );
  // So are the sub-schemas that Octez repeats inline (see repeated-subschemas.ts).
  const hoisted = hoistRepeatedSubschemas([...shared.definitions.map(({ schema }) => schema), ...shared.bodies], SUBSCHEMA_ID_PREFIX);
  const definitionCount = shared.definitions.length;
  const schemas: ValidatorsJob["schemas"] = [...hoisted.subschemas];
  shared.definitions.forEach(({ id }, i) => schemas.push({ id, schema: hoisted.roots[i]! }));
  const exports: Record<string, string> = {};
  plan.validators.forEach(({ name }, i) => {
    schemas.push({ id: name, schema: hoisted.roots[definitionCount + i]! });
    exports[name] = name;
  });
  return { schemas, exports };
}

function validatorDeclarations(plan: Pick<ValidatorPlan, "validators">): string {
  return [
    importLine(["JsonValidator"], RUNTIME_MODULE, true),
    ...[...plan.validators]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map(({ name, usedBy }) => `${docComment(["Validates the JSON form of:", ...usedBy.map((t) => `- \`${t}\``)].join("\n"))}export declare const ${name}: JsonValidator;\n`),
  ].join("\n");
}

/** The validator module and its declarations. */
type Files = { js: string; dts: string };

/** Raised when the worker thread is gone: the job is then compiled on this thread. */
class WorkerUnavailable extends Error {}

/** How long an idle worker waits for the next job (generation runs back to back, e.g. `generate` for each snapshot). */
const IDLE_MS = 3000;

let sharedWorker: ValidatorsWorker | undefined;

function validatorsWorker(): ValidatorsWorker | undefined {
  if (sharedWorker === undefined && availableParallelism() > 1) {
    try {
      sharedWorker = new ValidatorsWorker();
    } catch {
      return undefined;
    }
  }
  return sharedWorker;
}

/** The worker thread of validators-worker.js and the jobs it has not answered yet. */
class ValidatorsWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (files: Files) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor() {
    // ajv allocates briskly: a larger young generation spares the thread most of its collections.
    this.worker = new Worker(new URL("./validators-worker.js", import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    this.worker.unref();
    this.worker.on("message", (message: { id: number; files?: Files; error?: string }) => this.receive(message));
    this.worker.on("error", () => this.stop());
    this.worker.on("exit", () => this.stop());
    // A worker started ahead of need that gets no job goes away like an idle one.
    this.idleTimer = setTimeout(() => void this.worker.terminate(), IDLE_MS).unref();
  }

  compile(validators: readonly PlannedValidator[]): Promise<Files> {
    clearTimeout(this.idleTimer);
    if (this.pending.size === 0) this.worker.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, validators });
    });
  }

  private receive(message: { id: number; files?: Files; error?: string }): void {
    const entry = this.pending.get(message.id);
    if (entry === undefined) return;
    this.pending.delete(message.id);
    if (message.files !== undefined) entry.resolve(message.files);
    else entry.reject(new Error(message.error ?? "the validators worker failed"));
    if (this.pending.size === 0) {
      this.worker.unref();
      this.idleTimer = setTimeout(() => void this.worker.terminate(), IDLE_MS).unref();
    }
  }

  /** Forgets this worker; its unanswered jobs are compiled on the caller's thread. */
  private stop(): void {
    if (sharedWorker === this) sharedWorker = undefined;
    clearTimeout(this.idleTimer);
    for (const { reject } of this.pending.values()) reject(new WorkerUnavailable());
    this.pending.clear();
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
