/**
 * Typed errors of the binary and JSON codecs.
 *
 * Every failure of a decoder or encoder is one of these two classes, never a bare `Error`:
 * the message names the byte offset, the path inside the value (`$.fitness[1]`), what was
 * expected and what was found. Paths are built from the inside out: the innermost reader
 * throws with an empty path, and each enclosing object, list or union decoder prepends its own
 * segment with {@link atPath} while the error travels up.
 */

/** One step of a path inside a value: a property name or a list index. */
export type PathSegment = string | number;

/** Renders path segments the way the error messages show them: `$.fitness[1]`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = "$";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Common shape of {@link DecodeError} and {@link EncodeError}. */
export abstract class CodecError extends Error {
  /**
   * The path, innermost segment first: enclosing decoders add their segment at the end as the
   * error travels up, so a failure deep in a nested value costs one push per level, and the
   * message is only rendered when it is read.
   */
  private readonly innermostFirst: PathSegment[];

  constructor(
    /** What the codec needed at that point, in words (`"4 bytes for int32"`). */
    readonly expected: string,
    /** What it got instead (`"1 byte left in frame"`). */
    readonly found: string,
    /** Byte offset in the input (decoding) or in the output written so far (encoding). */
    readonly offset: number,
    segments: readonly PathSegment[] = [],
  ) {
    super("");
    this.innermostFirst = [];
    for (let i = segments.length - 1; i >= 0; i--) this.innermostFirst.push(segments[i]!);
    Object.defineProperty(this, "message", {
      get: () => `${this.verb} failed at ${this.path} (byte ${this.offset}): expected ${this.expected}, found ${this.found}`,
      enumerable: false,
      configurable: true,
    });
  }

  /** Path segments from the root of the value to the failing part (a copy). */
  get segments(): PathSegment[] {
    const out: PathSegment[] = [];
    for (let i = this.innermostFirst.length - 1; i >= 0; i--) out.push(this.innermostFirst[i]!);
    return out;
  }

  /** The path as text, `$` for the root. */
  get path(): string {
    return formatPath(this.segments);
  }

  /** Prepends a path segment; used by enclosing decoders as the error travels up. */
  prepend(segment: PathSegment): this {
    this.innermostFirst.push(segment);
    return this;
  }

  /** Prepends a whole path at once (`segments` in root-to-leaf order). */
  prependAll(segments: readonly PathSegment[]): this {
    for (let i = segments.length - 1; i >= 0; i--) this.innermostFirst.push(segments[i]!);
    return this;
  }

  protected abstract get verb(): string;
}

/** Raised when bytes (or JSON given to a decoder) do not form a valid value. */
export class DecodeError extends CodecError {
  override readonly name = "DecodeError";
  protected get verb(): string {
    return "decoding";
  }
}

/** Raised when a value cannot be written in the requested form. */
export class EncodeError extends CodecError {
  override readonly name = "EncodeError";
  protected get verb(): string {
    return "encoding";
  }
}

/** What a codec expected where it met a value that exists only in JSON (a JSON-only case or field). */
export const BINARY_FORM_EXPECTED = "a value with a binary form";

/** Whether `error` is an encoder meeting a value with no binary form (a representation it lacks, not a bad value). */
export function lacksBinaryForm(error: unknown): boolean {
  return error instanceof EncodeError && error.expected === BINARY_FORM_EXPECTED;
}

/**
 * Re-throws `error` with `segment` prepended to its path when it is a codec error; any other
 * error is a bug in the codec and is turned into a {@link DecodeError} or {@link EncodeError}
 * so that callers only ever see typed errors.
 */
export function atPath(error: unknown, segment: PathSegment, mode: "decode" | "encode", offset: number): never {
  if (error instanceof CodecError) throw error.prepend(segment);
  const found = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const wrapped = mode === "decode" ? new DecodeError("a valid value", found, offset) : new EncodeError("a valid value", found, offset);
  throw wrapped.prepend(segment);
}

/** Describes a JavaScript value briefly for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (typeof value === "string") return value.length > 40 ? `string ${JSON.stringify(value.slice(0, 40))}…` : `string ${JSON.stringify(value)}`;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return `array of ${value.length}`;
  return "object";
}
