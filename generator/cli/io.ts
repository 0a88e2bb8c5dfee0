/**
 * Where a command's output goes and its input comes from. The `tezos-rpcgen` process passes its
 * own streams ({@link processIo}); an in-process run (`runCli`, the command-line tests) passes
 * others, so a command behaves the same without a child process.
 */

/** An output stream as the commands use it: text written, and whether a terminal reads it. */
export interface CliOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliIo {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** Read by `-` value arguments, up to `--max-size`, then destroyed. */
  readonly stdin: NodeJS.ReadableStream & { destroy(): void };
}

/** The process's own streams. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}

/**
 * What a command's action gets besides its arguments: the streams, and the exit code of a
 * command that finished without failing but has a negative result to report (`drift`: 1 on
 * drift). A failure is thrown instead, and mapped to its code by `runCli`.
 */
export interface CliContext {
  readonly io: CliIo;
  exitCode: number;
}
