/**
 * JSON validators, compiled at generation time: one per distinct body schema, as ajv
 * standalone code (draft-04, as Octez publishes). ajv emits JavaScript with untyped
 * parameters, so the validators go to a `.js` module with a `.d.ts` beside it; the module's
 * only import is the runtime entry, which provides the helpers ajv's code may call and the
 * checks of hashes, keys and timestamps that the schemas leave out (keywords.ts).
 */

// Bodies are compared by their JSON text, written once per schema object for the plan, the
// compilation and the describe-tree hash alike (json-text.ts).
import { jsonText } from "../../describe/json-text.ts";
import type { JsonSchema } from "../../model/json-schema.ts";
import type { CodecModel } from "../../reconcile/codec-model.ts";
import { bodyUses, contentName, type BodyUse } from "../shared-bodies.ts";
import { compareStrings, validatorName, type InterfaceNames } from "../names.ts";
import { docComment } from "../ts-syntax.ts";
import { importLine, RUNTIME_MODULE } from "../modules.ts";
import { rootTextCheck, type TextCheck } from "./keywords.ts";
import { compileValidators } from "./compile.ts";

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
 * same root check share one, named for its content when several bodies share it
 * (shared-bodies.ts), after the body otherwise.
 */
export function planValidators(model: CodecModel, names: InterfaceNames): ValidatorPlan {
  const byKey = new Map<string, PlannedValidator & { uses: BodyUse[] }>();
  const entryOf = (use: BodyUse) => {
    const rootCheck = rootTextCheck(use.body.codec);
    // Octez prints equal schemas alike, so their JSON text is enough to find them. JSON text has no raw control character.
    const key = rootCheck === undefined ? jsonText(use.body.schema) : `${jsonText(use.body.schema)}\u0000${rootCheck.keyword} ${rootCheck.value}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { name: validatorName(use.typeName), schema: use.body.schema, usedBy: [], uses: [] };
      if (rootCheck !== undefined) entry.rootCheck = rootCheck;
      byKey.set(key, entry);
    }
    entry.usedBy.push(use.typeName);
    entry.uses.push(use);
    return entry;
  };
  const uses = bodyUses(model, names.services);
  const entries = uses.map(entryOf);
  for (const entry of byKey.values()) {
    if (entry.uses.length < 2) continue;
    const shared = new Set(entry.uses.map((use) => names.sharedBodies.get(use.body)));
    const [name] = shared;
    entry.name = validatorName(shared.size === 1 && name !== undefined ? name : names.table.claim(contentName(entry.uses, true)));
  }
  const validators = [...byKey.values()].map(({ uses: _uses, ...validator }): PlannedValidator => validator);
  // Services in the order of `bodyUses`: input (when the service has one), output, error.
  let next = 0;
  const services = model.services.map((entry, i): ValidatorNames => {
    const input = entry.input && names.services[i]!.input ? entries[next++]!.name : undefined;
    const output = entries[next++]!.name;
    return { ...(input !== undefined ? { input } : {}), output, error: entries[next++]!.name };
  });
  return { services, validators };
}

/** The validator module (`.js`) and its declarations (`.d.ts`), without headers. */
export interface ValidatorFiles {
  js: string;
  dts: string;
}

/** The validators of a plan, compiled. */
export function emitValidators(plan: Pick<ValidatorPlan, "validators">): ValidatorFiles {
  if (plan.validators.length === 0) return { js: "export {};\n", dts: "export {};\n" };
  return { js: compileValidators(plan.validators), dts: validatorDeclarations(plan) };
}

function validatorDeclarations(plan: Pick<ValidatorPlan, "validators">): string {
  return [
    importLine(["JsonValidator"], RUNTIME_MODULE, true),
    ...[...plan.validators]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map(({ name, usedBy }) => `${docComment(["Validates the JSON form of:", ...usedBy.map((t) => `- \`${t}\``)].join("\n"))}export declare const ${name}: JsonValidator;\n`),
  ].join("\n");
}
