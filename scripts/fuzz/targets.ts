/**
 * The encodings the hostile-input fuzzer runs on: the generated decoder/encoder pairs of a
 * committed folder (`generated/<name>/codecs.ts`, which `tezos-rpcgen check` keeps equal to the
 * generator's output) or of a folder generated into a temporary directory, and the IR
 * interpreter's codec of every definition and body of a codec model.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readDescribeTree, type ReadDescribeOptions } from "../../generator/describe/read.ts";
import { Interpreter } from "../../generator/ir/interpret.ts";
import { buildCodecModel, type CodecModel } from "../../generator/reconcile/codec-model.ts";
import { routeToString } from "../../generator/model/describe-tree.ts";
import type { Decoder, Encoder, FuzzTarget } from "./engine.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Reads and reconciles a snapshot file (no validators: the fuzzer needs the codecs only). */
export function modelOf(file: string, read: ReadDescribeOptions = {}): CodecModel {
  return buildCodecModel(readDescribeTree(JSON.parse(readFileSync(file, "utf8")) as unknown, read));
}

/** Every `decodeX`/`encodeX` pair exported by a `codecs.ts` module. */
export function pairsOf(label: string, codecs: Record<string, unknown>): FuzzTarget[] {
  const targets: FuzzTarget[] = [];
  for (const name of Object.keys(codecs).sort()) {
    if (!name.startsWith("decode")) continue;
    const decode = codecs[name];
    const encode = codecs[`encode${name.slice("decode".length)}`];
    if (typeof decode === "function" && typeof encode === "function") targets.push({ name: `${label} ${name}`, decode: decode as Decoder, encode: encode as Encoder });
  }
  return targets;
}

/** The generated pairs of a committed folder, `generated/<folder>/codecs.ts`. */
export async function committedTargets(folder: string): Promise<FuzzTarget[]> {
  const codecs = (await import(pathToFileURL(`${PROJECT_ROOT}generated/${folder}/codecs.ts`).href)) as Record<string, unknown>;
  return pairsOf(folder, codecs);
}

/** The interpreter's codec of every definition and every distinct body of `model`. */
export function interpreterTargets(label: string, model: CodecModel): FuzzTarget[] {
  const interpreter = new Interpreter(model.definitions);
  const targets: FuzzTarget[] = [];
  for (const name of [...model.definitions.keys()].sort()) {
    const codec = interpreter.definition(name);
    targets.push({ name: `interpreter ${label} ${name}`, decode: (r) => codec.decode(r), encode: (w, v) => codec.encode(w, v) });
  }
  const seen = new Set<string>();
  for (const service of model.services) {
    for (const slot of ["input", "output", "error"] as const) {
      const body = service[slot];
      if (body === undefined || body.jsonOnly !== undefined) continue;
      const key = JSON.stringify(body.codec);
      if (seen.has(key)) continue;
      seen.add(key);
      const codec = interpreter.codec(body.codec);
      const route = `${service.service.method} ${routeToString(service.service.route)} ${slot}`;
      targets.push({ name: `interpreter ${label} ${route}`, decode: (r) => codec.decode(r), encode: (w, v) => codec.encode(w, v) });
    }
  }
  return targets;
}

/** Recorded encodings of `../shared/reference/codec-vectors-*.json`, when the files are there. */
export function recordedEncodings(files: readonly string[]): Uint8Array[] {
  const hexes = new Set<string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(`${PROJECT_ROOT}../shared/reference/${file}`, "utf8");
    } catch {
      continue;
    }
    for (const { hex } of (JSON.parse(text) as { vectors: Array<{ hex: string }> }).vectors) hexes.add(hex);
  }
  return [...hexes].sort().map((hex) => new Uint8Array(Buffer.from(hex, "hex")));
}

export const VECTOR_FILES = ["codec-vectors-shell.json", "codec-vectors-alpha-2022-06-09.json", "codec-vectors-ithaca-2022-06-09.json"];
