/**
 * JSON validators, compiled at generation time: one per distinct body schema, as ajv
 * standalone code (draft-04, as Octez publishes). ajv emits JavaScript with untyped
 * parameters, so the validators go to a `.js` module with a `.d.ts` beside it; the module's
 * only import is the runtime entry, which provides the helpers ajv's code may call and the
 * checks of hashes, keys and timestamps that the schemas leave out (validator-keywords.ts).
 */

// Bodies are compared by their JSON text, written once per schema object for the plan, the
// compilation and the describe-tree hash alike (json-text.ts).
import { jsonText } from "../describe/json-text.ts";
import type { JsonSchema } from "../model/json-schema.ts";
import type { BodyCodec, CodecModel } from "../reconcile/codec-model.ts";
import { compareStrings, validatorName, type InterfaceNames } from "./names.ts";
import { docComment } from "./ts-syntax.ts";
import { importLine, RUNTIME_MODULE } from "./modules.ts";
import { rootTextCheck, type TextCheck } from "./validator-keywords.ts";
import { ValidatorsModule, type ValidatorRequest } from "./validators-compile.ts";
import { validatorsThread, WorkerUnavailable, type ThreadSession } from "./validators-thread.ts";

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
 * Gives every body a validator; bodies with the same schema (compared as JSON text) and the
 * same root check share the one named after the first body type that uses it.
 */
export function planValidators(model: CodecModel, names: InterfaceNames): ValidatorPlan {
  const byKey = new Map<string, PlannedValidator>();
  const validators: PlannedValidator[] = [];
  const assign = (body: BodyCodec, typeName: string): string => {
    const rootCheck = rootTextCheck(body.codec);
    // Octez prints equal schemas alike, so their JSON text is enough to find them (sorting keys,
    // as canonical-json.ts does, would only cost time here). JSON text has no raw control character.
    const key = rootCheck === undefined ? jsonText(body.schema) : `${jsonText(body.schema)}\u0000${rootCheck.keyword} ${rootCheck.value}`;
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
  // Bodies in the order of validators-prepare.ts `serviceBodies`: input, output, error.
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

/** The validator module (`.js`) and its declarations (`.d.ts`), without headers. */
export interface ValidatorFiles {
  js: string;
  dts: string;
}

const NO_VALIDATORS: ValidatorFiles = { js: "export {};\n", dts: "export {};\n" };

/**
 * The validators of an interface, compiled on this thread. The plan's own schemas stand for
 * the interface's bodies: the bytes are those a compilation begun from the describe tree gives.
 */
export function emitValidators(plan: Pick<ValidatorPlan, "validators">): ValidatorFiles {
  if (plan.validators.length === 0) return NO_VALIDATORS;
  const compilation = new ValidatorsCompilation(plan.validators.map(({ schema }) => schema), false);
  return { js: compilation.compileHere(plan), dts: validatorDeclarations(plan) };
}

/** {@link emitValidators} by way of the worker thread (see {@link beginValidators}). */
export function emitValidatorsConcurrently(plan: Pick<ValidatorPlan, "validators">): Promise<ValidatorFiles> {
  return new ValidatorsCompilation(plan.validators.map(({ schema }) => schema), true).finish(plan);
}

/**
 * Begins the validators of an interface as soon as its body schemas are known (`bodies`: every
 * body of every service, in the order of validators-prepare.ts `serviceBodies`): on a worker
 * thread (validators-thread.ts), they are prepared and everything they share is compiled while
 * this thread reconciles them and writes the other files. The returned compilation is finished
 * with the plan, once the codec model has named the bodies. Without a worker (one core, or a
 * worker that cannot start or dies), all of it runs on this thread when finished. The bytes are
 * the same either way.
 */
export function beginValidators(bodies: readonly JsonSchema[]): ValidatorsCompilation {
  return new ValidatorsCompilation(bodies, true);
}

/** Starts the worker thread ahead of need, so that it is ready when the validators begin. */
export function warmUpValidatorsWorker(): void {
  validatorsThread();
}

/** The validators of one interface, begun from its body schemas (see {@link beginValidators}). */
export class ValidatorsCompilation {
  /** The distinct body schemas, in the order of first use. */
  private readonly bodies: JsonSchema[] = [];
  private readonly indexOfBody = new Map<JsonSchema, number>();
  private readonly indexOfText = new Map<string, number>();
  /** The bodies as one JSON text, for the worker thread. */
  private readonly bodiesText: string;
  private session: ThreadSession | undefined;

  /** `bodies` in the order the plan meets them (validators-prepare.ts `serviceBodies`); repeats are compiled once. */
  constructor(bodies: readonly JsonSchema[], onWorker: boolean) {
    const texts: string[] = [];
    for (const body of bodies) {
      if (this.indexOfBody.has(body)) continue;
      const text = jsonText(body);
      let index = this.indexOfText.get(text);
      if (index === undefined) {
        index = this.bodies.length;
        this.bodies.push(body);
        texts.push(text);
        this.indexOfText.set(text, index);
      }
      this.indexOfBody.set(body, index);
    }
    this.bodiesText = `[${texts.join(",")}]`;
    if (onWorker && this.bodies.length > 0) this.session = validatorsThread()?.begin(this.bodiesText);
  }

  /** The files of the plan, from the worker thread when it began there. */
  async finish(plan: Pick<ValidatorPlan, "validators">): Promise<ValidatorFiles> {
    if (plan.validators.length === 0) return NO_VALIDATORS;
    const requests = this.requests(plan);
    const dts = validatorDeclarations(plan);
    // A session is finished once; a second rendering of the same interface begins another.
    const session = this.session ?? validatorsThread()?.begin(this.bodiesText);
    this.session = undefined;
    if (session === undefined) return { js: this.compileRequests(requests), dts };
    const js = await session.finish(requests).catch((error: unknown) => (error instanceof WorkerUnavailable ? this.compileRequests(requests) : Promise.reject(error)));
    return { js, dts };
  }

  /** The module of the plan, compiled on this thread. */
  compileHere(plan: Pick<ValidatorPlan, "validators">): string {
    return this.compileRequests(this.requests(plan));
  }

  private compileRequests(requests: readonly ValidatorRequest[]): string {
    return new ValidatorsModule(this.bodies).finish(requests);
  }

  private requests(plan: Pick<ValidatorPlan, "validators">): ValidatorRequest[] {
    return plan.validators.map(({ name, schema, rootCheck }) => {
      const body = this.indexOfBody.get(schema) ?? this.indexOfText.get(jsonText(schema));
      if (body === undefined) throw new Error(`the validator ${name} checks a body the compilation did not begin with`);
      return rootCheck === undefined ? { name, body } : { name, body, rootCheck };
    });
  }
}

function validatorDeclarations(plan: Pick<ValidatorPlan, "validators">): string {
  return [
    importLine(["JsonValidator"], RUNTIME_MODULE, true),
    ...[...plan.validators]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map(({ name, usedBy }) => `${docComment(["Validates the JSON form of:", ...usedBy.map((t) => `- \`${t}\``)].join("\n"))}export declare const ${name}: JsonValidator;\n`),
  ].join("\n");
}
