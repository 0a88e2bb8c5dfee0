/**
 * The files of a generated folder and how they import each other and the runtime.
 */

/** The one module generated code imports the runtime from. */
export const RUNTIME_MODULE = "@tezos-rpcgen/runtime";

/** The files of a generated folder, by concern. */
export const GENERATED_FILES = {
  types: "types.ts",
  codecs: "codecs.ts",
  validators: "validators.js",
  validatorDeclarations: "validators.d.ts",
  routes: "routes.ts",
  binary: "binary.ts",
  client: "client.ts",
  server: "server.ts",
  index: "index.ts",
} as const;

export type GeneratedModule = "types" | "codecs" | "validators" | "routes" | "binary" | "client" | "server";

/**
 * The specifier of a sibling module. TypeScript sources are imported with their `.ts`
 * extension (as everywhere in the project); the validators are JavaScript with declarations.
 */
export function siblingModule(module: GeneratedModule): string {
  return `./${GENERATED_FILES[module]}`;
}

/** `import { a, b } from "m";` (or `import type`), or nothing when there is nothing to import. */
export function importLine(names: readonly string[], from: string, typeOnly: boolean): string {
  if (names.length === 0) return "";
  return `import ${typeOnly ? "type " : ""}{ ${names.join(", ")} } from ${JSON.stringify(from)};\n`;
}
