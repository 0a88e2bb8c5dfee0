/**
 * Generates an interface into a temporary folder (outside the repository) and imports its
 * codecs, for benchmarks that need the emitted code of a describe tree that is not committed
 * under `generated/` (the reference dumps), or to get code that is certainly up to date.
 *
 * Generated files import `@tezos-rpcgen/runtime`; outside the project that name does not
 * resolve, so the temporary folder gets a `node_modules/@tezos-rpcgen/runtime` package whose
 * entry re-exports the runtime's TypeScript sources (the very modules the benchmarks import, not
 * the compiled `dist/`, which may be stale), and a `package.json` marking the folder as ES
 * modules.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { codecsSource } from "../../generator/emit/codecs/index.ts";
import { codecFunctionNames, nameInterface, type InterfaceNames } from "../../generator/emit/names.ts";
import { writeFolder, type GeneratedFile } from "../../generator/emit/write-folder.ts";
import type { CodecModel } from "../../generator/reconcile/codec-model.ts";
import type { LoadedInterface } from "../../generator/pipeline.ts";
import type { BinaryReader, BinaryWriter } from "../../runtime/index.ts";

export type Decoder = (r: BinaryReader) => unknown;
export type Encoder = (w: BinaryWriter, value: unknown) => void;

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface GeneratedCodecs {
  /** The folder written (removed by `cleanup`). */
  directory: string;
  names: InterfaceNames;
  /** Every export of `codecs.ts`. */
  codecs: Record<string, unknown>;
  /** The decoder and encoder of a model definition (by its definition name). */
  definition(name: string): { decode: Decoder; encode: Encoder };
  cleanup(): void;
}

/** A fresh temporary folder with its `node_modules/@tezos-rpcgen/runtime`, removed at exit. */
function temporaryBase(): { base: string; cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), "rpcgen-bench-"));
  // Generated files are ES modules; without this, `node --import tsx` (as run-all.ts runs the
  // benchmarks) would load them as CommonJS.
  writeFileSync(join(base, "package.json"), '{ "type": "module", "private": true }\n', "utf8");
  const runtime = join(base, "node_modules", "@tezos-rpcgen", "runtime");
  mkdirSync(runtime, { recursive: true });
  writeFileSync(join(runtime, "package.json"), '{ "type": "module", "exports": "./index.ts" }\n', "utf8");
  writeFileSync(join(runtime, "index.ts"), `export * from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, "runtime", "index.ts")).href)};\n`, "utf8");
  const cleanup = () => rmSync(base, { recursive: true, force: true });
  process.on("exit", cleanup);
  return { base, cleanup };
}

/** Imports `codecs.ts` of a generated folder and looks functions up by definition name. */
export async function importCodecs(directory: string, model: CodecModel, cleanup: () => void = () => {}): Promise<GeneratedCodecs> {
  const codecs = (await import(pathToFileURL(join(directory, "codecs.ts")).href)) as Record<string, unknown>;
  const names = nameInterface(model);
  return {
    directory,
    names,
    codecs,
    definition(name) {
      const typeName = names.definitions.get(name);
      if (typeName === undefined) throw new Error(`no definition ${name} in the model`);
      const functions = codecFunctionNames(typeName);
      const decode = codecs[functions.decode];
      const encode = codecs[functions.encode];
      if (typeof decode !== "function" || typeof encode !== "function") throw new Error(`codecs.ts has no ${functions.decode}/${functions.encode}`);
      return { decode: decode as Decoder, encode: encode as Encoder };
    },
    cleanup,
  };
}

/** Writes the whole folder for `loaded` (its model may carry extra definitions) and imports `codecs.ts`. */
export async function generateToTemporaryFolder(loaded: LoadedInterface, folderName: string): Promise<GeneratedCodecs> {
  const { base, cleanup } = temporaryBase();
  const directory = join(base, folderName);
  await writeFolder(loaded.model, directory, { source: loaded.source, describeHash: loaded.describeHash, codecs: codecsSource });
  return importCodecs(directory, loaded.model, cleanup);
}

/** Writes files already rendered (`renderInterface`) into a temporary folder and imports `codecs.ts`. */
export async function writeToTemporaryFolder(files: readonly GeneratedFile[], model: CodecModel, folderName: string): Promise<GeneratedCodecs> {
  const { base, cleanup } = temporaryBase();
  const directory = join(base, folderName);
  mkdirSync(directory);
  for (const file of files) writeFileSync(join(directory, file.name), file.contents, "utf8");
  return importCodecs(directory, model, cleanup);
}
