/**
 * Formatting of generated files: prettier with a fixed configuration, so the output never
 * depends on a configuration file found on the machine.
 */

import { format } from "prettier";

const OPTIONS = {
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
} as const;

/** Formats TypeScript (`.ts`, `.d.ts`) or JavaScript source. */
export async function formatSource(code: string, language: "typescript" | "javascript"): Promise<string> {
  return format(code, { ...OPTIONS, parser: language === "typescript" ? "typescript" : "babel" });
}
