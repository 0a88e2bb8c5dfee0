/**
 * Access to the real Octez data in `../shared/reference/` (read-only, never copied into the
 * project). When the folder is missing, tests that need it fail under CI (`CI` set) and are
 * skipped elsewhere, so a missing fixture can never pass silently in CI.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { it } from "vitest";

/**
 * Absolute path of `../shared/` (docs, spec, reference), relative to the project root;
 * `TEZOS_RPCGEN_SHARED` names another folder (a missing one shows how the suite runs without it).
 */
export const sharedDir = process.env.TEZOS_RPCGEN_SHARED
  ? `${process.env.TEZOS_RPCGEN_SHARED.replace(/\/+$/, "")}/`
  : fileURLToPath(new URL("../../../shared/", import.meta.url));

/** Absolute path of `../shared/reference/`. */
export const referenceDir = `${sharedDir}reference/`;

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
export function itWithReference(name: string | readonly string[]): typeof it {
  const names = typeof name === "string" ? [name] : name;
  const missing = names.filter((n) => !hasReference(n));
  if (missing.length === 0 || process.env.CI) return it;
  // The skipped test's title says what it needed, so the run's list of skips explains itself.
  const skip = (title: string, ...rest: unknown[]) => (it.skip as (...args: unknown[]) => void)(`${title} [skipped: no ../shared/reference/${missing.join(", ")}]`, ...rest);
  return skip as unknown as typeof it;
}

/**
 * Vitest global setup: one line on stderr when the reference folder is missing outside CI, so a
 * run that skipped the tests needing it says so (under CI they fail instead).
 */
export function announceMissingReference(): void {
  if (existsSync(referenceDir) || process.env.CI) return;
  process.stderr.write(`tezos-rpcgen tests: ${referenceDir} is missing; the tests that read Octez reference data are skipped (CI=true makes them fail)\n`);
}
