/**
 * Typed errors of the HTTP wire helpers. Each names what was wrong and where (the byte count,
 * the query argument, the path segment), so a server can turn it into a 400 message and a
 * client into a clear failure.
 */

/** What went wrong with a length-prefixed binary body or stream. */
export type FramingProblem =
  /** Fewer than 4 bytes where a length prefix was expected. */
  | "missing-prefix"
  /** The prefix announces more bytes than the body holds. */
  | "truncated"
  /** Bytes follow the payload of a single value. */
  | "trailing-bytes"
  /** The prefix exceeds data-encoding's `uint30` (2^30 − 1). */
  | "length-out-of-range";

/** A binary body whose 4-byte big-endian length prefix does not frame it exactly. */
export class FramingError extends Error {
  override readonly name = "FramingError";
  constructor(
    readonly problem: FramingProblem,
    message: string,
  ) {
    super(message);
  }
}

/** One element of a stream (or one single value) is larger than the receiver's cap. */
export class ElementTooLargeError extends Error {
  override readonly name = "ElementTooLargeError";
  constructor(
    /** The cap in bytes. */
    readonly limit: number,
    /** Bytes seen (or announced by a length prefix) when the cap was passed. */
    readonly size: number,
    /** What was being read: "stream element", "answer"… */
    readonly what: string,
  ) {
    super(`${what} is larger than the cap of ${limit} bytes (${size} bytes${what === "answer" ? " read so far" : ""})`);
  }
}

/** Why a query string was refused (octez-http.md §7). */
export type QueryProblem =
  /** A `single`, `optional` or `flag` argument appears more than once. */
  | "duplicate"
  /** A value does not parse as the argument's type. */
  | "bad-value"
  /** Malformed percent-encoding in a key or value. */
  | "bad-encoding"
  /** Building: an argument that the route does not declare, or a value of the wrong shape. */
  | "bad-argument";

/**
 * A query string that cannot be parsed, or query arguments that cannot be written. `message`
 * is the node's detail text (`Duplicate argument 'recurse' in query string.`), which a server
 * puts after `Failed to parse the query string: `.
 */
export class QueryStringError extends Error {
  override readonly name = "QueryStringError";
  constructor(
    readonly problem: QueryProblem,
    /** The argument's name (or the raw key when it could not be decoded). */
    readonly argument: string,
    message: string,
  ) {
    super(message);
  }
}

/** Why a path could not be built or read. */
export type PathProblem = "missing-argument" | "empty-argument" | "dot-segment" | "bad-encoding";

/** Path arguments that cannot be written, or a path segment that cannot be decoded. */
export class PathError extends Error {
  override readonly name = "PathError";
  constructor(
    readonly problem: PathProblem,
    /** The argument's key, or the raw segment. */
    readonly where: string,
    message: string,
  ) {
    super(message);
  }
}
