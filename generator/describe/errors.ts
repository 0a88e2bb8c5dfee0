/**
 * Typed errors of the describe reader.
 *
 * Three failure families, each its own class so callers (the CLI, CI drift checks) can react
 * differently: the describe JSON itself is malformed ({@link DescribeFormatError}, carrying the
 * JSON pointer of the offending place), a rich snapshot cannot be assembled
 * ({@link DescribeSnapshotError}), or the source could not be obtained at all
 * ({@link DescribeLoadError}: missing file, HTTP refusal, timeout).
 */

/** Base class of every error thrown by `generator/describe/`. */
export abstract class DescribeError extends Error {}

/** Renders a JSON pointer for messages; the empty pointer (the whole document) reads as `/`. */
export function displayPointer(pointer: string): string {
  return pointer === "" ? "/" : pointer;
}

/** Builds a JSON pointer (RFC 6901) from path segments. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** The describe answer (or snapshot) does not have the shape of any known format generation. */
export class DescribeFormatError extends DescribeError {
  override readonly name = "DescribeFormatError";

  constructor(
    /** JSON pointer (RFC 6901) of the offending value inside the document that was read. */
    readonly pointer: string,
    /** What is wrong there, in words. */
    readonly problem: string,
  ) {
    super(`malformed describe tree at ${displayPointer(pointer)}: ${problem}`);
  }
}

/** A rich snapshot is well-formed JSON but its parts do not fit together (bad graft point…). */
export class DescribeSnapshotError extends DescribeError {
  override readonly name = "DescribeSnapshotError";

  constructor(
    /** JSON pointer of the snapshot part at fault. */
    readonly pointer: string,
    readonly problem: string,
  ) {
    super(`invalid describe snapshot at ${displayPointer(pointer)}: ${problem}`);
  }
}

/** The describe source could not be read (file, HTTP status, timeout, invalid JSON). */
export class DescribeLoadError extends DescribeError {
  override readonly name = "DescribeLoadError";

  constructor(
    /** The file path or URL that was being read. */
    readonly source: string,
    readonly problem: string,
    /** HTTP status when the node answered with an error status. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`cannot load describe tree from ${source}: ${problem}`, options);
  }
}
