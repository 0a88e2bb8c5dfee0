/** How the command line reports failures. */

/** A failure the user can act on: printed as one message, with an exit code, without a stack trace. */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    /** Exit code: 1 for a negative result (drift, stale files), 2 for "could not do it". */
    readonly exitCode: number = 2,
  ) {
    super(message);
  }
}
