/**
 * The value argument of `encode` and `decode`: inline text, `@FILE`, or `-` for standard input.
 *
 * Hex text may be upper or lower case, may start with `0x` and may contain whitespace. A file
 * or standard input that is not hex text (any byte other than hex digits, whitespace and a
 * leading `0x`) is taken as the raw bytes themselves; `--raw` forces that reading.
 */

import { readFile } from "node:fs/promises";
import { CliError } from "./errors.ts";
import { parseJsonWithFloats } from "@tezos-rpcgen/runtime";

/** Exit code of the inspection commands for input that is not a valid value. */
export const INVALID_INPUT = 1;

/** Where a value argument's bytes come from. */
export interface ValueText {
  /** `argument`, `file NAME` or `standard input`, for messages. */
  origin: string;
  bytes: Uint8Array;
  inline: boolean;
}

/** Reads an argument: `@FILE`, `-` (stdin) or the text itself. */
export async function readValueArgument(argument: string, stdin: () => Promise<Uint8Array> = readStdin): Promise<ValueText> {
  if (argument === "-") return { origin: "standard input", bytes: await stdin(), inline: false };
  if (argument.startsWith("@")) {
    const path = argument.slice(1);
    try {
      return { origin: `file ${path}`, bytes: new Uint8Array(await readFile(path)), inline: false };
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new CliError(`cannot read ${path}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`, 2);
    }
  }
  return { origin: "argument", bytes: new TextEncoder().encode(argument), inline: true };
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The normalised hex digits of a text, or `undefined` when it is not hex text. */
export function hexText(text: string): string | undefined {
  let compact = text.replace(/\s+/g, "");
  if (/^0[xX]/.test(compact)) compact = compact.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(compact)) return undefined;
  return compact.toLowerCase();
}

/** Hex digits to bytes; an odd count is an error. */
export function parseHex(hex: string, origin: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new CliError(`the hex of the ${origin} has an odd number of digits (${hex.length})`, INVALID_INPUT);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The bytes to decode: hex text, or (from a file or stdin) raw bytes. */
export function bytesToDecode(value: ValueText, raw: boolean): Uint8Array {
  if (raw && !value.inline) return value.bytes;
  const text = decodeAscii(value.bytes);
  const hex = text === undefined ? undefined : hexText(text);
  if (hex !== undefined) return parseHex(hex, value.origin);
  if (value.inline) {
    const bad = [...new TextDecoder().decode(value.bytes)].find((c) => !/[\s0-9a-fA-FxX]/.test(c));
    throw new CliError(`the argument is not hex${bad === undefined ? "" : ` (found ${JSON.stringify(bad)})`}; give hex digits, @FILE or - for standard input`, INVALID_INPUT);
  }
  return value.bytes;
}

function decodeAscii(bytes: Uint8Array): string | undefined {
  for (const byte of bytes) if (byte > 0x7e || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)) return undefined;
  return new TextDecoder().decode(bytes);
}

/**
 * The JSON value to encode. Inline text that is not JSON but a bare word (no quotes, braces,
 * brackets) is taken as a JSON string, so `encode Chain_id NetXdQprcVkpaWU` works unquoted.
 */
export function jsonToEncode(value: ValueText): unknown {
  const text = new TextDecoder().decode(value.bytes).replace(/^\uFEFF/, "");
  try {
    return parseJsonWithFloats(text);
  } catch (error) {
    const trimmed = text.trim();
    if (value.inline && trimmed !== "" && !/^[{["\-0-9]/.test(trimmed) && !/^(true|false|null)$/.test(trimmed)) return trimmed;
    throw new CliError(`the ${value.origin} is not JSON: ${(error as Error).message}`, INVALID_INPUT);
  }
}
