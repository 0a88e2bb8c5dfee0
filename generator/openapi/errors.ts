/**
 * The typed error of the OpenAPI reader. It extends the describe reader's base class, so every
 * caller that reports a bad describe source (the CLI's exit code 2) reports a bad OpenAPI
 * document the same way.
 */
import { DescribeError, displayPointer } from "../describe/errors.ts";

/** An OpenAPI document that cannot become a describe tree: what is wrong, and where. */
export class OpenApiFormatError extends DescribeError {
  override readonly name = "OpenApiFormatError";

  constructor(
    /** JSON pointer (RFC 6901) of the offending value in the OpenAPI document. */
    readonly pointer: string,
    /** What is wrong there, in words. */
    readonly problem: string,
  ) {
    super(`unusable OpenAPI document at ${displayPointer(pointer)}: ${problem}`);
  }
}
