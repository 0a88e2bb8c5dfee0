/**
 * Type-checking generated TypeScript with ts-morph (which bundles its own TypeScript, so this
 * works wherever the package is installed, without the consumer's compiler).
 *
 * A generated folder is checked the way a strict consumer compiles it: `strict`,
 * `noUncheckedIndexedAccess`, `noImplicitOverride`, `verbatimModuleSyntax`, `isolatedModules`,
 * explicit `.ts` import extensions, and `@tezos-rpcgen/runtime` mapped to the runtime's entry
 * (its sources `runtime/index.ts` in a checkout, the installed package's declarations otherwise). The compiler options live in memory (no tsconfig is read) and
 * only the folder's files, the runtime and what they import are loaded. Diagnostics are
 * reported for the checked files only (never for the runtime or the libraries), each with
 * `file:line:col`.
 *
 * Used by `tezos-rpcgen check --typecheck` and by the emitter tests.
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Project, ts, type Diagnostic, type SourceFile } from "ts-morph";
import { RUNTIME_MODULE } from "./modules.ts";

/**
 * The runtime entry `@tezos-rpcgen/runtime` resolves to while checking: the TypeScript sources
 * beside the generator in a checkout, else the declarations of the installed runtime package
 * (an installed generator ships compiled JavaScript only).
 */
export const RUNTIME_ENTRY = runtimeEntry();

function runtimeEntry(): string {
  const sources = fileURLToPath(new URL("../../runtime/index.ts", import.meta.url));
  if (import.meta.url.endsWith(".ts") && existsSync(sources)) return sources;
  // The package exports ESM only (an `import` condition), which require.resolve does not match.
  const compiled = fileURLToPath(import.meta.resolve(RUNTIME_MODULE));
  return compiled.replace(/\.js$/, ".d.ts");
}

/** One problem the compiler found. `file`, `line` and `column` (1-based) are absent for global ones. */
export interface TypeCheckDiagnostic {
  file?: string;
  line?: number;
  column?: number;
  /** TypeScript's error code (`TS2322` is 2322). */
  code: number;
  message: string;
}

export interface TypeCheckOptions {
  /**
   * Report diagnostics of every loaded file under this folder (for example a temporary folder
   * holding a generated folder and files that use it). Default: of the given files only.
   */
  within?: string;
  /** What `@tezos-rpcgen/runtime` resolves to. Default {@link RUNTIME_ENTRY}. */
  runtimeEntry?: string;
}

/** Where `@types/node` is, seen from this package (the runtime uses TextEncoder and friends). */
function nodeTypeRoots(): string[] | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve("@types/node/package.json");
    return [dirname(dirname(manifest))];
  } catch {
    return undefined;
  }
}

/**
 * The compiler options generated code is checked under (those of this project's tsconfig,
 * without `baseUrl`: `paths` holds an absolute path instead).
 */
export function generatedCodeCompilerOptions(runtimeEntry: string = RUNTIME_ENTRY): ts.CompilerOptions {
  const typeRoots = nodeTypeRoots();
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // Without @types/node (an installed copy without dev dependencies), the DOM library
    // declares the few web APIs the runtime uses.
    lib: typeRoots === undefined ? ["lib.es2022.d.ts", "lib.dom.d.ts"] : ["lib.es2022.d.ts"],
    ...(typeRoots === undefined ? { types: [] } : { types: ["node"], typeRoots }),
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    exactOptionalPropertyTypes: false,
    allowImportingTsExtensions: true,
    noEmit: true,
    resolveJsonModule: true,
    esModuleInterop: true,
    skipLibCheck: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    paths: { [RUNTIME_MODULE]: [runtimeEntry] },
  };
}

/** `file:line:col: message`, or the message alone for a global diagnostic. */
export function formatTypeCheckDiagnostic(diagnostic: TypeCheckDiagnostic): string {
  if (diagnostic.file === undefined) return diagnostic.message;
  return `${diagnostic.file}:${diagnostic.line ?? 0}:${diagnostic.column ?? 0}: ${diagnostic.message}`;
}

function convert(diagnostic: Diagnostic, sourceFile: SourceFile | undefined): TypeCheckDiagnostic {
  const message = ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, "\n");
  const start = diagnostic.getStart();
  if (sourceFile === undefined || start === undefined) return { code: diagnostic.getCode(), message };
  const { line, column } = sourceFile.getLineAndColumnAtPos(start);
  return { file: sourceFile.getFilePath(), line, column, code: diagnostic.getCode(), message };
}

/**
 * Type-checks `files` (and what they import) and returns the diagnostics of the files to
 * report (see {@link TypeCheckOptions.within}), in file order, then position.
 */
export function typeCheckFiles(files: readonly string[], options: TypeCheckOptions = {}): TypeCheckDiagnostic[] {
  const project = new Project({ compilerOptions: generatedCodeCompilerOptions(options.runtimeEntry) });
  const roots = files.map((file) => project.addSourceFileAtPath(resolve(file)));
  project.addSourceFileAtPath(options.runtimeEntry ?? RUNTIME_ENTRY);
  project.resolveSourceFileDependencies();

  const within = options.within === undefined ? undefined : resolve(options.within) + sep;
  const reported =
    within === undefined ? roots : project.getSourceFiles().filter((file) => file.getFilePath().startsWith(within) || roots.includes(file));

  const seen = new Set<string>();
  const out: TypeCheckDiagnostic[] = [];
  for (const sourceFile of reported) {
    // Per file: the program's option and global diagnostics, then this file's syntactic and
    // semantic ones (the runtime and libraries are not checked for their own sake).
    for (const diagnostic of sourceFile.getPreEmitDiagnostics()) {
      const file = diagnostic.getSourceFile();
      const converted = convert(diagnostic, file);
      if (file !== undefined && file !== sourceFile && !reported.includes(file)) continue;
      const key = formatTypeCheckDiagnostic(converted);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(converted);
    }
  }
  return out;
}

/** The TypeScript files of a generated folder (`*.ts`, including `*.d.ts`), sorted. */
export async function generatedTypeScriptFiles(folder: string): Promise<string[]> {
  const names = await readdir(folder);
  return names
    .filter((name) => name.endsWith(".ts"))
    .sort()
    .map((name) => join(folder, name));
}

/** Type-checks one generated folder; diagnostics of its own files only. */
export async function typeCheckFolder(folder: string, options: Omit<TypeCheckOptions, "within"> = {}): Promise<TypeCheckDiagnostic[]> {
  if (!existsSync(folder)) throw new Error(`no generated folder at ${folder}`);
  return typeCheckFiles(await generatedTypeScriptFiles(folder), { ...options, within: folder });
}
