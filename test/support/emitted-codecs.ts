/**
 * The codecs and validators of a model, emitted into a temporary folder and imported, without
 * the rest of the generated folder (its `types.ts` is imported for types only): enough to run
 * the emitted decoders, encoders and validators in a test, in a fraction of a full generation.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CodecModel } from "../../generator/reconcile/codec-model.ts";
import { nameInterface, type InterfaceNames } from "../../generator/emit/names.ts";
import { emitTypes } from "../../generator/emit/types.ts";
import { codecsSource } from "../../generator/emit/codecs/index.ts";
import { emitValidators, planValidators, type ValidatorNames } from "../../generator/emit/validators/index.ts";
import type { BinaryReader, BinaryWriter, JsonValidator } from "../../runtime/index.ts";

export type Decoder = (r: BinaryReader) => unknown;
export type Encoder = (w: BinaryWriter, value: unknown) => void;

export interface EmittedModule {
  names: InterfaceNames;
  /** The emitted functions by name (`decodeGetVersionOutput`…). */
  functions: Record<string, Decoder | Encoder>;
  /** The generated validators by name, and which validates each body (parallel to `model.services`). */
  validators: Record<string, JsonValidator>;
  validatorNames: ValidatorNames[];
}

/** Emits the codecs of `model` as `<dir>/<name>.ts` (and its validators beside it) and imports them. */
export async function importEmittedCodecs(model: CodecModel, dir: string, name: string, options: { validators?: boolean } = {}): Promise<EmittedModule> {
  const names = nameInterface(model);
  const types = emitTypes(model, names);
  const source = codecsSource({ model, names, typesModule: "./types.ts", types: types.emitter });
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, source, "utf8");
  const functions = (await import(file)) as Record<string, Decoder | Encoder>;
  if (options.validators === false) return { names, functions, validators: {}, validatorNames: [] };
  const plan = planValidators(model, names);
  const validatorsFile = join(dir, `${name}.validators.js`);
  writeFileSync(validatorsFile, emitValidators(plan).js, "utf8");
  const validators = (await import(validatorsFile)) as Record<string, JsonValidator>;
  return { names, functions, validators, validatorNames: plan.services };
}
