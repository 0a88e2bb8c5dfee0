/**
 * Formatting of generated files: prettier with a fixed configuration, so the output never
 * depends on a configuration file found on the machine.
 *
 * TypeScript goes through prettier's `babel-ts` parser rather than `typescript`: for the code
 * the generator writes both give the same bytes (test/generator/emit/format.test.ts compares
 * them), and `babel-ts` takes about two thirds of the time on large files such as `codecs.ts`.
 */

import { format, type Options } from "prettier";

/** The configuration every generated file is formatted with (the parser aside). */
export const PRETTIER_OPTIONS = {
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
} as const satisfies Options;

export type SourceLanguage = "typescript" | "javascript";

/** prettier's options, parser included, for a language. */
export function prettierOptions(language: SourceLanguage): Options {
  return { ...PRETTIER_OPTIONS, parser: language === "typescript" ? "babel-ts" : "babel" };
}

/** Formats TypeScript (`.ts`, `.d.ts`) or JavaScript source. */
export async function formatSource(code: string, language: SourceLanguage): Promise<string> {
  return format(code, prettierOptions(language));
}
