/**
 * Typed errors of a live capture. They extend the describe reader's `DescribeError`, so a
 * caller that already reports describe failures (the CLI: exit code 2) handles them too; the
 * fields match `DescribeLoadError`'s (`source`, `problem`, `status`), plus a `reason` to branch
 * on without parsing messages.
 */
import { DescribeError } from "../describe/errors.ts";

/**
 * - `acl`: 401 or 403, the node's RPC ACL refuses the request;
 * - `not-found`: 404 (unknown path, or a describe of a directory without services);
 * - `http`: any other non-200 status (5xx after the retries ran out);
 * - `timeout`: no complete answer within the deadline;
 * - `network`: connection refused, reset, DNS failure… (after the retries ran out);
 * - `too-large`: the answer is longer than the size limit (announced or received);
 * - `not-json`: the answer is not JSON;
 * - `invalid-describe`: JSON, but not a describe answer (or the captures do not fit together);
 * - `redirect`: a redirect to another origin, not allowed (`followRedirects`), or a redirect loop;
 * - `aborted`: the caller's own `AbortSignal` fired.
 */
export type LiveCaptureReason = "acl" | "not-found" | "http" | "timeout" | "network" | "too-large" | "not-json" | "invalid-describe" | "redirect" | "aborted";

export class LiveCaptureError extends DescribeError {
  override readonly name = "LiveCaptureError";

  constructor(
    readonly reason: LiveCaptureReason,
    /** The node URL the capture was asked for. */
    readonly source: string,
    /** The exact URL of the failing request. */
    readonly url: string,
    /** What happened, in words (the message without the "cannot capture" preamble). */
    readonly problem: string,
    /** HTTP status when the node answered with an error status. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`cannot capture ${source}: ${problem}`, options);
  }
}

/**
 * The message for a 401/403 on `/describe`: Octez applies the `secure` ACL to every listening
 * address that is not loopback unless configured otherwise, and that policy leaves out
 * `/describe` (octez-http.md §9).
 */
export function aclProblem(url: string, status: number): string {
  return (
    `the node refused ${new URL(url).pathname} with HTTP ${status}: its RPC ACL does not allow /describe on this listening address. ` +
    "Octez allows every RPC only on loopback listeners by default; on any other address the default 'secure' policy leaves /describe out. " +
    "Capture from a loopback RPC address (for example http://127.0.0.1:8732 on the node's host, or through an SSH tunnel), " +
    "or start the node with --allow-all-rpc <addr:port> (or an rpc.acl entry that allows GET /describe/**)"
  );
}
