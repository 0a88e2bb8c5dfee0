/**
 * Access to the real Octez data in `../shared/reference/` (read-only, never copied into the
 * project). When the folder is missing, tests that need it fail under CI (`CI` set) and are
 * skipped elsewhere, so a missing fixture can never pass silently in CI.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { it } from "vitest";

/** Absolute path of `../shared/reference/` relative to the project root. */
export const referenceDir = fileURLToPath(new URL("../../../shared/reference/", import.meta.url));

/** Absolute path of `../shared/` (docs, spec, reference). */
export const sharedDir = fileURLToPath(new URL("../../../shared/", import.meta.url));

/** True when the reference file exists. */
export function hasReference(name: string): boolean {
  return existsSync(referenceDir + name);
}

/** Reads a reference file as text; throws a clear error when it is missing. */
export function readReferenceText(name: string): string {
  const path = referenceDir + name;
  if (!existsSync(path)) throw new Error(`reference file missing: ${path}`);
  return readFileSync(path, "utf8");
}

/** Reads and parses a JSON reference file. */
export function readReference<T = unknown>(name: string): T {
  return JSON.parse(readReferenceText(name)) as T;
}

/**
 * `it` for tests that need a reference file: under CI a missing file makes the test fail;
 * outside CI the test is skipped.
 */
export function itWithReference(name: string | readonly string[]) {
  const names = typeof name === "string" ? [name] : name;
  const missing = names.filter((n) => !hasReference(n));
  if (missing.length === 0 || process.env.CI) return it;
  return it.skip;
}
