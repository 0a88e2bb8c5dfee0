/**
 * The value argument of `encode` and `decode`: inline text, `@FILE`, or `-` for standard input.
 *
 * Hex text may be upper or lower case, may start with `0x` and may contain whitespace. A file
 * or standard input that is not hex text (any byte other than hex digits, whitespace and a
 * leading `0x`) is taken as the raw bytes themselves; `--raw` forces that reading.
 *
 * A file or standard input is read as a stream and given up at `--max-size` bytes (exit 2):
 * `@/dev/zero` or an endless pipe must not fill the memory.
 */

import { createReadStream } from "node:fs";
import { DEFAULT_MAX_BODY_BYTES } from "../describe/body.ts";
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

/**
 * Reads an argument: `@FILE`, `-` (stdin) or the text itself; a file or standard input longer
 * than `maxBytes` is a {@link CliError} (exit 2).
 */
export async function readValueArgument(argument: string, stdin: () => Promise<Uint8Array> = () => standardInput(process.stdin, maxBytes)(), maxBytes: number = DEFAULT_MAX_BODY_BYTES): Promise<ValueText> {
  if (argument === "-") {
    const bytes = await stdin();
    if (bytes.length > maxBytes) throw tooLong("standard input", maxBytes);
    return { origin: "standard input", bytes, inline: false };
  }
  if (argument.startsWith("@")) {
    const path = argument.slice(1);
    let bytes: Uint8Array;
    try {
      bytes = await readCapped(createReadStream(path), maxBytes, `file ${path}`);
    } catch (error) {
      if (error instanceof CliError) throw error;
      const code = (error as { code?: string }).code;
      throw new CliError(`cannot read ${path}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`, 2);
    }
    return { origin: `file ${path}`, bytes, inline: false };
  }
  return { origin: "argument", bytes: new TextEncoder().encode(argument), inline: true };
}

function tooLong(origin: string, maxBytes: number): CliError {
  return new CliError(`the ${origin} is longer than the limit of ${maxBytes} bytes (--max-size)`, 2);
}

/**
 * Reads standard input (the process's, or the stream an in-process run gives) when called, up to
 * `maxBytes` (then it is no longer read: the command is about to fail).
 */
export function standardInput(stream: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number = DEFAULT_MAX_BODY_BYTES): () => Promise<Uint8Array> {
  return () => readCapped(stream, maxBytes, "standard input");
}

/** The bytes of a stream, stopped and destroyed as soon as they pass `maxBytes`. */
async function readCapped(stream: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number, origin: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > maxBytes) {
      stream.destroy();
      throw tooLong(origin, maxBytes);
    }
    chunks.push(bytes);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
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
