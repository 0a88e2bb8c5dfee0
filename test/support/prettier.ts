/**
 * The prettier configuration generated TypeScript is in the form of. Generation does not run
 * prettier: the layout engine (generator/emit/layout/) writes what prettier would with these
 * options, which the tests check by formatting generated files with {@link formatSource} and
 * requiring them unchanged. The configuration is fixed, so the check never depends on a
 * configuration file found on the machine.
 */

import { format, type Options } from "prettier";
import { LINE_WIDTH } from "../../generator/emit/layout/layout-source.ts";

/** The configuration every generated file is formatted with (the parser aside). */
export const PRETTIER_OPTIONS = {
  printWidth: LINE_WIDTH,
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
  // The emitters write no template literals, so there is no embedded language to format;
  // "auto" would only cost a walk over the whole tree looking for some (~5 % of the time).
  embeddedLanguageFormatting: "off",
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

