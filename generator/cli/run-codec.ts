/**
 * Running a resolved encoding with the IR interpreter, for `encode` and `decode`.
 *
 * `--many` reads values one after another until the input ends (and writes a JSON array's
 * elements one after another). A value whose last part runs to the end of its frame (variable
 * bytes or text, a list without a count: `block_header`, `fitness`) cannot be told apart from
 * the next one in a bare concatenation, so such values are framed: each is preceded by its
 * 4-byte big-endian length, as Octez frames binary values in bodies and streams. `--framed`
 * asks for that framing for any encoding.
 */

import { Interpreter } from "../ir/interpret.ts";
import type { CodecDefinition, IR } from "../ir/codec-ir.ts";
import { extendsToFrameEnd } from "../ir/frame-extent.ts";
import { hasBinaryForm } from "../ir/binary-form.ts";
import { BinaryReader, CodecError, decodeBytes, dynamicSize, encodeBytes, type Codec } from "@tezos-rpcgen/runtime";
import { CliError } from "./errors.ts";
import { INVALID_INPUT } from "./value-input.ts";

export interface ManyOptions {
  /** Force a 4-byte length before each value. */
  framed?: boolean;
}

/** A runnable codec for one IR. */
export class CliCodec {
  readonly codec: Codec<unknown>;
  /** True when values of this codec run to the end of their frame (see the module comment). */
  readonly variable: boolean;

  /** Fails with exit code 2 when `ir` has no binary form or no codec can be built for it. */
  constructor(
    readonly ir: IR,
    definitions: ReadonlyMap<string, CodecDefinition>,
    label = "this encoding",
  ) {
    const binary = hasBinaryForm(ir, definitions);
    if (binary !== true) throw new CliError(`${label} has no binary form: ${binary}`, 2);
    try {
      this.codec = new Interpreter(definitions).codec(ir);
    } catch (error) {
      throw new CliError(`cannot build a codec for ${label}: ${(error as Error).message}`, 2);
    }
    this.variable = extendsToFrameEnd(ir, definitions);
  }

  /** Whether `--many` frames each value. */
  framed(options: ManyOptions): boolean {
    return options.framed === true || this.variable;
  }

  decode(bytes: Uint8Array): unknown {
    return asCliError("", () => decodeBytes(this.codec, bytes));
  }

  decodeMany(bytes: Uint8Array, options: ManyOptions = {}): unknown[] {
    const codec = this.framed(options) ? dynamicSize("Uint30", this.codec) : this.codec;
    const hint = this.variable ? "; values of this encoding run to the end of their frame, so with --many each must be preceded by its 4-byte length" : "";
    return asCliError(hint, () => {
      const reader = new BinaryReader(bytes);
      const out: unknown[] = [];
      while (reader.remaining() > 0) {
        const before = reader.offset;
        try {
          out.push(codec.decode(reader));
        } catch (error) {
          if (error instanceof CodecError) throw error.prepend(out.length);
          throw error;
        }
        if (reader.offset === before) throw new CliError(`value ${out.length - 1} of --many took no bytes; this encoding cannot be repeated`, INVALID_INPUT);
      }
      return out;
    });
  }

  encode(value: unknown): Uint8Array {
    return asCliError("", () => encodeBytes(this.codec, value));
  }

  encodeMany(values: unknown, options: ManyOptions = {}): Uint8Array {
    if (!Array.isArray(values)) throw new CliError("with --many, the JSON value must be an array of values", INVALID_INPUT);
    const codec = this.framed(options) ? dynamicSize("Uint30", this.codec) : this.codec;
    const parts = values.map((value, i) =>
      asCliError("", () => {
        try {
          return encodeBytes(codec, value);
        } catch (error) {
          if (error instanceof CodecError) throw error.prepend(i);
          throw error;
        }
      }),
    );
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** Turns a codec error (offset and path in its message) into an exit-code-1 failure. */
function asCliError<T>(hint: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CodecError) {
      const failure = new CliError(error.message + hint, INVALID_INPUT);
      // --debug shows where the codec failed, not where the failure was rewrapped.
      if (error.stack !== undefined) failure.stack = error.stack;
      throw failure;
    }
    throw error;
  }
}
