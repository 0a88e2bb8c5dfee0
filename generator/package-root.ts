/**
 * Where this package's own files are (package.json, the committed snapshots), found from the
 * running module: the generator runs from its TypeScript sources in a checkout and from
 * `dist/` once built or installed, at different depths below the package root.
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The generator package's name in its package.json. */
const PACKAGE_NAME = "tezos-rpcgen";

/** The nearest folder above `start` whose package.json is this package's. */
export function findPackageRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === PACKAGE_NAME) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json of ${PACKAGE_NAME} above ${start}`);
  }
}

/** The package root (where package.json is). */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
