/**
 * The exit-code policy of `tezos-rpcgen drift`:
 *
 * | code | meaning |
 * |---|---|
 * | 0 | no drift, or no drift at the `--fail-on` level |
 * | 1 | drift at the `--fail-on` level |
 * | 2 | the trees could not be compared (unreachable node, refused `/describe`, malformed snapshot) |
 *
 * `--fail-on breaking` (the default) fails only on breaking changes, `any` on every change, and
 * `none` never fails on drift (a report-only run); a failure to compare is 2 at every level.
 */
import type { DriftFailure, DriftReport } from "./report.ts";

export type FailOn = "breaking" | "any" | "none";

export const FAIL_ON_LEVELS: readonly FailOn[] = ["breaking", "any", "none"];

export function driftExitCode(report: DriftReport | DriftFailure, failOn: FailOn = "breaking"): 0 | 1 | 2 {
  if (report.status === "failed") return 2;
  switch (failOn) {
    case "none":
      return 0;
    case "any":
      return report.summary.total > 0 ? 1 : 0;
    case "breaking":
      return report.summary.breaking > 0 ? 1 : 0;
  }
}
