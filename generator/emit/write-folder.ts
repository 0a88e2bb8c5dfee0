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
 * options give the same bytes.
 */

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CodecModel } from "../reconcile/codec-model.ts";
import { emitClient } from "./client.ts";
import { formatSource } from "./format.ts";
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

/** The codecs file: its source (without header; it is formatted like the others), or a function producing it. */
export type CodecsSource = string | ((context: CodecsContext) => string);

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
  const names = nameInterface(model);
  const facts: HeaderFacts = { version: options.version ?? generatorVersion(), source: stableSource(options.source), describeHash: options.describeHash };
  const header = fileHeader(facts);
  // Types first: deriving types from JSON schemas claims names the other files never use.
  const types = emitTypes(model, names);
  const typesCode = (types.runtimeImports.length > 0 ? `import type { ${types.runtimeImports.join(", ")} } from "tezos-rpcgen/runtime";\n\n` : "") + types.code;
  const plan = planValidators(model, names);
  const validators = emitValidators(plan);
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
  const sources: Array<[string, string, "typescript" | "javascript"]> = [
    [GENERATED_FILES.types, typesCode, "typescript"],
    [GENERATED_FILES.codecs, codecs, "typescript"],
    [GENERATED_FILES.validators, validators.js, "javascript"],
    [GENERATED_FILES.validatorDeclarations, validators.dts, "typescript"],
    [GENERATED_FILES.routes, emitRoutes(model, names, plan), "typescript"],
    [GENERATED_FILES.client, emitClient(model, names), "typescript"],
    [GENERATED_FILES.server, emitServer(model, names), "typescript"],
    [GENERATED_FILES.index, index, "typescript"],
  ];
  const files: GeneratedFile[] = [];
  for (const [name, code, language] of sources) {
    // The validators are compiled code, written one statement per line by ajv: prettier would
    // take seconds and multiply their size by ten (12 MB for the 2022 Alpha mempool) for
    // nobody to read. Everything else is formatted.
    const leaveAsIs = name === GENERATED_FILES.validators && !options.formatValidators;
    const source = header + code.replace(/\n*$/, "\n");
    files.push({ name, contents: leaveAsIs ? source : await formatSource(source, language) });
  }
  return files;
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
