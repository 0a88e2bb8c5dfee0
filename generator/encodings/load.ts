/**
 * Registered encodings from a path given to the command line: a folder of Kaitai files (paired
 * with the protocol's OpenAPI document found beside it), or an `octez-codec dump encodings` file.
 * A snapshot carrying `encodings` is read by the describe reader like any snapshot.
 */

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { readKaitaiFolder } from "./kaitai.ts";
import { pairJsonSchemas } from "./json-pairing.ts";
import { readEncodingsDump } from "./dump.ts";
import { EncodingSourceError, type RegisteredEncoding } from "./registered.ts";

/** True when `path` is a folder holding Kaitai files. */
export function isKaitaiFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory() && readdirSync(path).some((name) => name.endsWith(".ksy"));
}

/**
 * The OpenAPI document that gives a Kaitai folder its JSON schemas: `openapi.json` or one
 * `<name>-openapi.json` (not a mempool one) in the folder or its parent.
 */
export function openApiBeside(folder: string): string | undefined {
  for (const dir of [folder, dirname(folder)]) {
    const names = readdirSync(dir).filter((name) => name === "openapi.json" || (/-openapi\.json$/.test(name) && !/mempool/.test(name)));
    if (names.length === 1) return join(dir, names[0]!);
  }
  return undefined;
}

/** Reads a Kaitai folder and pairs it with `openapi` (default: {@link openApiBeside}). */
export function loadKaitaiEncodings(folder: string, openapi = openApiBeside(folder)): RegisteredEncoding[] {
  if (openapi === undefined) {
    throw new EncodingSourceError(folder, "no OpenAPI document to take JSON schemas from: put the protocol's openapi.json (or <name>-openapi.json) in this folder or its parent");
  }
  return pairJsonSchemas(readKaitaiFolder(folder), JSON.parse(readFileSync(openapi, "utf8"))).encodings;
}

/**
 * The registered encodings of `source`: a Kaitai folder (JSON schemas from `openapi`, default
 * {@link openApiBeside}) or an `octez-codec dump encodings` file. Unreadable or malformed input
 * is an {@link EncodingSourceError} naming the file.
 */
export function loadRegisteredEncodings(source: string, openapi?: string): RegisteredEncoding[] {
  if (isKaitaiFolder(source)) return loadKaitaiEncodings(source, openapi ?? openApiBeside(source));
  let text: string;
  try {
    text = readFileSync(source, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EncodingSourceError(source, code === "ENOENT" ? "no such file or folder" : code === "EISDIR" ? "a folder without Kaitai (.ksy) files" : (error as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EncodingSourceError(source, `not valid JSON (${(error as Error).message})`);
  }
  return readEncodingsDump(json, source);
}

/** True for parsed JSON that is an encodings dump rather than a describe answer or snapshot. */
export function isEncodingsDump(json: unknown): boolean {
  return Array.isArray(json);
}

export { readEncodingsDump };
