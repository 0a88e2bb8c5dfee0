/**
 * Where generation time goes: the steps of `loadInterface` + `renderInterface`
 * (generator/pipeline.ts, generator/emit/write-folder.ts) replayed one by one with a timer
 * around each. Not a benchmark file by itself: generation.bench.ts uses it after the comparison.
 *
 * The replay must stay faithful to the pipeline, so {@link timePhases} returns the files it
 * rendered and the caller checks them against `renderInterface`'s (byte for byte): if the
 * pipeline changes and this replay falls behind, the benchmark says so instead of printing
 * figures for code that no longer runs.
 */
import { describeTreeHash, loadDescribeSource, readDescribeTree, type ReadDescribeOptions } from "../../generator/describe/index.ts";
import { buildCodecModel } from "../../generator/reconcile/codec-model.ts";
import { codecsSource } from "../../generator/emit/codecs/index.ts";
import { formatTypeScript } from "../../generator/emit/format.ts";
import { fileHeader, generatorVersion, stableSource } from "../../generator/emit/header.ts";
import { GENERATED_FILES, siblingModule } from "../../generator/emit/modules.ts";
import { nameInterface } from "../../generator/emit/names.ts";
import { emitRoutes } from "../../generator/emit/routes.ts";
import { emitClient } from "../../generator/emit/client.ts";
import { emitServer } from "../../generator/emit/server.ts";
import { emitTypes } from "../../generator/emit/types.ts";
import { emitValidators, planValidators } from "../../generator/emit/validators.ts";
import { indexFileSource, typesFileSource, withFinalNewline, type GeneratedFile } from "../../generator/emit/write-folder.ts";

export interface Phase {
  name: string;
  ms: number;
}

/** Runs generation step by step; returns the time of each step and the files produced. */
export async function timePhases(source: string, read?: ReadDescribeOptions): Promise<{ phases: Phase[]; files: GeneratedFile[] }> {
  const phases: Phase[] = [];
  const time = async <T>(name: string, step: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await step();
    phases.push({ name, ms: performance.now() - start });
    return result;
  };
  const loaded = await time("read file + JSON.parse", () => loadDescribeSource(source));
  const tree = await time("readDescribeTree (validate, normalise)", () => readDescribeTree(loaded.json, read));
  const model = await time("buildCodecModel (reconcile)", () => buildCodecModel(tree));
  const describeHash = await time("describeTreeHash", () => describeTreeHash(loaded.json));

  const names = await time("nameInterface", () => nameInterface(model));
  const header = fileHeader({ version: generatorVersion(), source: stableSource(source), describeHash });
  const types = await time("emit types.ts", () => emitTypes(model, names));
  const typesCode = typesFileSource(types);
  const plan = await time("planValidators", () => planValidators(model, names));
  const validators = await time("emit validators (ajv compile + standalone)", () => emitValidators(plan));
  const codecs = await time("emit codecs.ts", () => codecsSource({ model, names, typesModule: siblingModule("types"), types: types.emitter }));
  const routes = await time("emit routes.ts", () => emitRoutes(model, names, plan));
  const client = await time("emit client.ts", () => emitClient(model, names));
  const server = await time("emit server.ts", () => emitServer(model, names));
  const index = indexFileSource();
  const sources: Array<[string, string, "typescript" | "javascript"]> = [
    [GENERATED_FILES.types, typesCode, "typescript"],
    [GENERATED_FILES.codecs, codecs, "typescript"],
    [GENERATED_FILES.validators, validators.js, "javascript"],
    [GENERATED_FILES.validatorDeclarations, validators.dts, "typescript"],
    [GENERATED_FILES.routes, routes, "typescript"],
    [GENERATED_FILES.client, client, "typescript"],
    [GENERATED_FILES.server, server, "typescript"],
    [GENERATED_FILES.index, index, "typescript"],
  ];
  const files: GeneratedFile[] = [];
  for (const [name, code, language] of sources) {
    const source = header + (language === "javascript" ? withFinalNewline(code) : code);
    // write-folder.ts leaves the compiled validators as ajv writes them.
    if (language === "javascript") files.push({ name, contents: source });
    else files.push({ name, contents: await time(`prettier ${name} (${Math.round(source.length / 1024)} KiB)`, () => formatTypeScript(source)) });
  }
  return { phases, files };
}

/** Prints phases, largest first, with their share of the total. */
export function printPhases(title: string, phases: readonly Phase[]): void {
  const total = phases.reduce((sum, p) => sum + p.ms, 0);
  console.log(`\n${title}: ${total.toFixed(0)} ms in all`);
  for (const { name, ms } of [...phases].sort((a, b) => b.ms - a.ms)) {
    console.log(`  ${name.padEnd(48)} ${ms.toFixed(1).padStart(9)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)} %`);
  }
}
