/**
 * Generated TypeScript is laid out by prettier, with the generator's own configuration
 * (`.prettierrc.json` at the package's root), so that `prettier --check` agrees with what
 * `generate` writes and the output does not depend on the project it is written into.
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { format, type Options } from "prettier";
import { PACKAGE_ROOT } from "../package-root.ts";

/** The generator's prettier configuration. */
export const PRETTIER_CONFIG: Options = JSON.parse(readFileSync(resolve(PACKAGE_ROOT, ".prettierrc.json"), "utf8")) as Options;

/**
 * `code` (TypeScript, `.ts` or `.d.ts`) as prettier formats it. The `babel-ts` parser prints
 * what the `typescript` parser (prettier's choice for `.ts` files) prints for these files, in
 * about two thirds of the time; format.test.ts checks the committed files with the latter.
 */
export function formatTypeScript(code: string): Promise<string> {
  return format(code, { ...PRETTIER_CONFIG, parser: "babel-ts" });
}
