/**
 * Produces a generated folder, `generated/<name>/`, from a codec model:
 *
 * | file | holds |
 * |---|---|
 * | `types.ts` | value types of definitions and bodies, request types |
 * | `codecs.ts` | binary decoders and encoders (from the codec emitter, plugged in by the caller) |
 * | `validators.js` + `validators.d.ts` | JSON validators compiled at generation time |
 * | `routes.ts` | route descriptors and `routeTable` |
 * | `client.ts` | typed client functions over an `RpcTransport` |
 * | `server.ts` | the `Handlers` interface a server implements |
 * | `index.ts` | re-exports everything |
 *
 * Each file starts with the same header and is formatted by prettier with a fixed
 * configuration (except the compiled validators, left as ajv writes them: see below); nothing depends on map order, dates or the machine, so the same model and
 * options give the same bytes. Formatting runs on a worker thread while this one compiles the
 * validators (format.ts); the codecs file, by far the largest, is formatted in pieces.
 */

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CodecModel } from "../reconcile/codec-model.ts";
import { emitClient } from "./client.ts";
import { formatConcurrently, formatSource, warmFormatWorker, type FormatJob, type SourceLanguage } from "./format.ts";
import { fileHeader, generatorVersion, stableSource, type HeaderFacts } from "./header.ts";
import { GENERATED_FILES, siblingModule } from "./modules.ts";
import { nameInterface, type InterfaceNames } from "./names.ts";
import { emitRoutes } from "./routes.ts";
import { emitServer } from "./server.ts";
import { emitTypes, type TypeEmitter } from "./types.ts";
import { emitValidators, planValidators } from "./validators.ts";

/** What the codec emitter gets to write `codecs.ts`. */
export interface CodecsContext {
  model: CodecModel;
  /**
   * Every identifier of the interface. For each body with a binary form (`jsonOnly` unset) of
   * each service, `routes.ts` imports `decode<Body>` and `encode<Body>`
   * (`codecFunctionNames(names.services[i].output)` etc.) from `./codecs.ts`; types come from
   * `./types.ts` under `names.definitions` / the body names.
   */
  names: InterfaceNames;
  /** Import specifier of the types module (`./types.ts`). */
  typesModule: string;
  /**
   * The type emitter the types file was written with. Use it (not a new one) for type texts:
   * types derived from JSON schemas are named once, by this instance.
   */
  types: TypeEmitter;
}

/**
 * The codecs file: its source (without header; it is formatted like the others), or a function
 * producing it. The function may return the source in top-level pieces (each a run of whole
 * statements ending with a newline, the first holding the imports): joined with a newline they
 * are the source, and they are formatted concurrently, which gives the bytes of the whole.
 */
export type CodecsSource = string | ((context: CodecsContext) => string | readonly string[]);

export interface FolderOptions {
  /** Source as given by the user (node URL or snapshot path); written relative to the project root. */
  source: string;
  /** `describeTreeHash` of the describe tree the model came from. */
  describeHash: string;
  codecs: CodecsSource;
  /** Generator version for the header; package.json's when absent (tests pin it). */
  version?: string;
  /** Run prettier on the compiled validators too (slow and large for protocol schemas; default false). */
  formatValidators?: boolean;
}

export interface GeneratedFile {
  /** File name inside the folder. */
  name: string;
  contents: string;
}

/** Renders every file of a generated folder, in a fixed order. */
export async function renderFolder(model: CodecModel, options: FolderOptions): Promise<GeneratedFile[]> {
  // The formatting worker loads prettier while this thread emits.
  warmFormatWorker();
  const names = nameInterface(model);
  const facts: HeaderFacts = { version: options.version ?? generatorVersion(), source: stableSource(options.source), describeHash: options.describeHash };
  const header = fileHeader(facts);
  // Types first: deriving types from JSON schemas claims names the other files never use.
  const types = emitTypes(model, names);
  const typesCode = (types.runtimeImports.length > 0 ? `import type { ${types.runtimeImports.join(", ")} } from "tezos-rpcgen/runtime";\n\n` : "") + types.code;
  const plan = planValidators(model, names);
  const declared = types.emitter.json.emitDeclarations().length;
  const codecs = typeof options.codecs === "string" ? options.codecs : options.codecs({ model, names, typesModule: siblingModule("types"), types: types.emitter });
  if (types.emitter.json.emitDeclarations().length !== declared) {
    throw new Error("the codecs emitter typed a JSON schema the types file did not declare; type every value through the types file's emitter before");
  }
  const index = [
    `export * from "${siblingModule("types")}";`,
    `export * from "${siblingModule("codecs")}";`,
    `export * from "${siblingModule("validators")}";`,
    `export * from "${siblingModule("routes")}";`,
    `export * from "${siblingModule("client")}";`,
    `export type * from "${siblingModule("server")}";`,
    "",
  ].join("\n");
  // Every file but the validators (compiled below, on this thread, while the worker formats)
  // is formatted in pieces: its top-level parts when it comes as a list, else as a whole.
  const jobs: FormatJob[] = [];
  const pieces = new Map<string, { first: number; count: number }>();
  const queue = (name: string, code: string | readonly string[], language: SourceLanguage) => {
    const parts = typeof code === "string" ? [code] : code.filter((part, i) => i === 0 || part.trim() !== "");
    pieces.set(name, { first: jobs.length, count: parts.length });
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      jobs.push({ code: (i === 0 ? header : "") + (last ? part.replace(/\n*$/, "\n") : part), language });
    });
  };
  queue(GENERATED_FILES.codecs, codecs, "typescript");
  queue(GENERATED_FILES.types, typesCode, "typescript");
  queue(GENERATED_FILES.routes, emitRoutes(model, names, plan), "typescript");
  queue(GENERATED_FILES.client, emitClient(model, names), "typescript");
  queue(GENERATED_FILES.server, emitServer(model, names), "typescript");
  queue(GENERATED_FILES.index, index, "typescript");
  const { formatted, meanwhile: validators } = await formatConcurrently(jobs, async () => {
    const { js, dts } = emitValidators(plan);
    const jsSource = header + js.replace(/\n*$/, "\n");
    // The validators are compiled code, written one statement per line by ajv: prettier would
    // take seconds and multiply their size by ten (12 MB for the 2022 Alpha mempool) for
    // nobody to read. Everything else is formatted.
    return {
      js: options.formatValidators ? await formatSource(jsSource, "javascript") : jsSource,
      dts: await formatSource(header + dts.replace(/\n*$/, "\n"), "typescript"),
    };
  });
  // Pieces formatted apart join with one blank line, as prettier leaves between top-level
  // statements of a whole file (each formatted piece ends with a newline).
  const file = (name: string): GeneratedFile => {
    const { first, count } = pieces.get(name)!;
    return { name, contents: formatted.slice(first, first + count).join("\n") };
  };
  return [
    file(GENERATED_FILES.types),
    file(GENERATED_FILES.codecs),
    { name: GENERATED_FILES.validators, contents: validators.js },
    { name: GENERATED_FILES.validatorDeclarations, contents: validators.dts },
    file(GENERATED_FILES.routes),
    file(GENERATED_FILES.client),
    file(GENERATED_FILES.server),
    file(GENERATED_FILES.index),
  ];
}

/** Writes a generated folder at `directory` (e.g. `generated/shell`); returns the paths written. */
export async function writeFolder(model: CodecModel, directory: string, options: FolderOptions): Promise<string[]> {
  const files = await renderFolder(model, options);
  await mkdir(directory, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const path = join(directory, file.name);
    await writeFile(path, file.contents, "utf8");
    written.push(path);
  }
  return written;
}
