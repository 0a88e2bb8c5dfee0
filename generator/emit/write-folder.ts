/**
 * Produces a generated folder, `generated/<name>/`, from a codec model:
 *
 * | file | holds |
 * |---|---|
 * | `types.ts` | value types of definitions and bodies, request types |
 * | `codecs.ts` | binary decoders and encoders (from the codec emitter, plugged in by the caller) |
 * | `validators.js` + `validators.d.ts` | JSON validators compiled at generation time |
 * | `routes.ts` | route descriptors and `routeTable` (JSON validation only) |
 * | `binary.ts` | `binaryCodecs`: the binary codecs of the bodies by operation, for binary clients and servers |
 * | `client.ts` | typed client functions over an `RpcTransport` |
 * | `server.ts` | the `Handlers` interface a server implements |
 * | `index.ts` | re-exports everything |
 *
 * Each file starts with the same header. The emitters write plain TypeScript, which prettier
 * lays out (format.ts). The compiled validators stay as ajv writes them (see below).
 * Nothing depends on map order, dates or the machine, so the same model and options give the
 * same bytes.
 */

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CodecModel } from "../reconcile/codec-model.ts";
import { emitClient } from "./client.ts";
import { formatTypeScript } from "./format.ts";
import { fileHeader, generatorVersion, stableSource, type HeaderFacts } from "./header.ts";
import { GENERATED_FILES, importLine, RUNTIME_MODULE, siblingModule } from "./modules.ts";
import { nameInterface, type InterfaceNames } from "./names.ts";
import { emitRoutes } from "./routes.ts";
import { emitBinaryTable } from "./binary-table.ts";
import { emitServer } from "./server.ts";
import { emitTypes, type TypeEmitter } from "./types.ts";
import { emitValidators, planValidators } from "./validators/index.ts";

/** What the codec emitter gets to write `codecs.ts`. */
export interface CodecsContext {
  model: CodecModel;
  /**
   * Every identifier of the interface. For each body with a binary form (`jsonOnly` unset) of
   * each service, `binary.ts` imports `decode<Body>` and `encode<Body>`
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
  /** Source as given by the user (node URL or snapshot path); the header shows its `stableSource`. */
  source: string;
  /** `describeTreeHash` of the describe tree the model came from. */
  describeHash: string;
  codecs: CodecsSource;
  /** Generator version for the header; package.json's when absent (tests pin it). */
  version?: string;
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
  /** A TypeScript file: header, then the code, formatted. */
  const typescript = (code: string): Promise<string> => formatTypeScript(header + code);
  const plan = planValidators(model, names);
  // Types before the other files: deriving types from JSON schemas claims names the other files never use.
  const types = emitTypes(model, names);
  const typesFile = await typescript(typesFileSource(types));
  const declared = types.emitter.json.emitDeclarations().length;
  const codecsFile = await typescript(typeof options.codecs === "string" ? options.codecs : options.codecs({ model, names, typesModule: siblingModule("types"), types: types.emitter }));
  if (types.emitter.json.emitDeclarations().length !== declared) {
    throw new Error("the codecs emitter typed a JSON schema the types file did not declare; type every value through the types file's emitter before");
  }
  const routesFile = await typescript(emitRoutes(model, names, plan));
  const binaryFile = await typescript(emitBinaryTable(model, names));
  const clientFile = await typescript(emitClient(model, names));
  const serverFile = await typescript(emitServer(model, names));
  const indexFile = await typescript(indexFileSource());
  const validators = emitValidators(plan);
  // The validators are compiled code, written one statement per line by ajv, and stay as ajv
  // writes them: formatted they would be ten times larger (12 MB for the 2022 Alpha mempool)
  // for nobody to read.
  const validatorsJs = header + withFinalNewline(validators.js);
  const declarationsFile = await typescript(validators.dts);
  return [
    { name: GENERATED_FILES.types, contents: typesFile },
    { name: GENERATED_FILES.codecs, contents: codecsFile },
    { name: GENERATED_FILES.validators, contents: validatorsJs },
    { name: GENERATED_FILES.validatorDeclarations, contents: declarationsFile },
    { name: GENERATED_FILES.routes, contents: routesFile },
    { name: GENERATED_FILES.binary, contents: binaryFile },
    { name: GENERATED_FILES.client, contents: clientFile },
    { name: GENERATED_FILES.server, contents: serverFile },
    { name: GENERATED_FILES.index, contents: indexFile },
  ];
}

/** The types file's source (without header): the runtime types it mentions imported, then the types. */
export function typesFileSource(types: { runtimeImports: readonly string[]; code: string }): string {
  return (types.runtimeImports.length > 0 ? `${importLine(types.runtimeImports, RUNTIME_MODULE, true)}\n` : "") + types.code;
}

/** The index file's source (without header): everything of the folder re-exported. */
export function indexFileSource(): string {
  return [
    `export * from "${siblingModule("types")}";`,
    `export * from "${siblingModule("codecs")}";`,
    `export * from "${siblingModule("validators")}";`,
    `export * from "${siblingModule("routes")}";`,
    `export * from "${siblingModule("binary")}";`,
    `export * from "${siblingModule("client")}";`,
    `export type * from "${siblingModule("server")}";`,
  ].join("\n");
}

/** `code` ending with exactly one newline. */
export function withFinalNewline(code: string): string {
  let end = code.length;
  while (end > 0 && code.charCodeAt(end - 1) === 10) end--;
  return `${code.slice(0, end)}\n`;
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
