/** The typed error of the block directory's rebuild (`block-directory.ts`). */
import { DescribeError } from "../describe/errors.ts";

/**
 * The protocol's encodings or the document do not give what the rebuild needs. It extends the
 * describe reader's base class, so the CLI reports it as a bad source (exit 2).
 */
export class BlockDirectoryError extends DescribeError {
  override readonly name = "BlockDirectoryError";

  constructor(
    /** What was being rebuilt (a route, or the protocol's hash). */
    readonly where: string,
    readonly problem: string,
  ) {
    super(`cannot type the block's own routes for the protocol (${where}): ${problem}`);
  }
}

