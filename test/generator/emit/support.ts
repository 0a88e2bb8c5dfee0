/**
 * Helpers for the emitter tests: a stand-in codecs file (the real one comes from the codec
 * emitter), folder emission into a temporary directory, and type-checking with the options
 * generated code is checked with.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CodecModel } from "../../../generator/reconcile/codec-model.ts";
import { codecFunctionNames, compareStrings } from "../../../generator/emit/names.ts";
import { writeFolder, type CodecsContext, type FolderOptions } from "../../../generator/emit/write-folder.ts";
import { formatTypeCheckDiagnostic, typeCheckFiles } from "../../../generator/emit/typecheck.ts";
import { functionDeclaration } from "../../../generator/emit/source-text.ts";
import { importLine, RUNTIME_MODULE } from "../../../generator/emit/modules.ts";

export const projectRoot = new URL("../../../", import.meta.url).pathname;

/**
 * A codecs file exporting what the other generated files import (a decoder and an encoder per
 * definition and per body), with bodies that throw: enough to type-check the folder.
 */
export function stubCodecs({ model, names, typesModule }: CodecsContext): string {
  const typeNames = new Set<string>(names.definitions.values());
  model.services.forEach((_entry, i) => {
    const service = names.services[i]!;
    for (const name of [service.input, service.output, service.error]) if (name !== undefined) typeNames.add(name);
  });
  const sorted = [...typeNames].sort(compareStrings);
  const functions = sorted.map((typeName) => {
    const { decode, encode } = codecFunctionNames(typeName);
    return (
      functionDeclaration("export function", decode, [["_r", "BinaryReader"]], typeName, ['throw new Error("stub");']) +
      functionDeclaration("export function", encode, [["_w", "BinaryWriter"], ["_v", typeName]], "void", ['throw new Error("stub");'])
    );
  });
  return `${importLine(["BinaryReader", "BinaryWriter"], RUNTIME_MODULE, true)}${importLine(sorted, typesModule, true)}\n${functions.join("")}`;
}

export const FIXED_OPTIONS: FolderOptions = {
  source: "spec/snapshots/synthetic.json",
  describeHash: "0".repeat(64),
  codecs: stubCodecs,
  version: "0.0.0-test",
};

/** A fresh temporary directory (outside the repository), removed by `cleanup`. */
export function temporaryDirectory(): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), "rpcgen-emit-"));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Emits `model` into `<dir>/<name>` and returns the written paths. */
export async function emitInto(dir: string, name: string, model: CodecModel, options: Partial<FolderOptions> = {}): Promise<string[]> {
  return writeFolder(model, join(dir, name), { ...FIXED_OPTIONS, ...options });
}

/**
 * Type-checks `files` (and what they import) under the options generated code is checked with
 * (`generator/emit/typecheck.ts`: ts-morph, strict, `@tezos-rpcgen/runtime` mapped to the
 * runtime entry) and returns the diagnostics found in files under `within` (so that unrelated
 * work in progress elsewhere in the project cannot fail the test), as `file:line:col: message`.
 */
export function typeCheck(files: readonly string[], within: string): string[] {
  return typeCheckFiles(files, { within }).map(formatTypeCheckDiagnostic);
}

/** Writes a TypeScript file that uses the generated folder, for type-level assertions. */
export function writeUsage(dir: string, name: string, code: string): string {
  const path = join(dir, name);
  writeFileSync(path, code, "utf8");
  return path;
}
