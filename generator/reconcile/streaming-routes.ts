/**
 * Which services stream. `/describe` does not say (octez-http.md §2.5); the output schema of a
 * streaming service is the schema of one element. This rule table is matched on the route.
 */

import type { HttpMethod, RouteSegment } from "../model/describe-tree.ts";

/** How a service answers. */
export type Streaming =
  | "never"
  | "always"
  /** Streams only when the named flag query argument is set; otherwise one value. */
  | { whenFlag: string };

interface StreamingRule {
  method: HttpMethod;
  /** Route pattern: literal segments, `*` for any one path argument or segment. */
  pattern: string[];
  streaming: Streaming;
}

const RULES: readonly StreamingRule[] = [
  { method: "GET", pattern: ["monitor", "active_chains"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "applied_blocks"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "validated_blocks"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "valid_blocks"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "bootstrapped"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "heads", "*"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "protocols"], streaming: "always" },
  { method: "GET", pattern: ["monitor", "received_blocks", "*"], streaming: "always" },
  { method: "GET", pattern: ["network", "log"], streaming: "always" },
  { method: "GET", pattern: ["network", "peers", "*", "log"], streaming: { whenFlag: "monitor" } },
  { method: "GET", pattern: ["network", "points", "*", "log"], streaming: { whenFlag: "monitor" } },
  { method: "GET", pattern: ["chains", "*", "mempool", "monitor_operations"], streaming: "always" },
];

/** How the service at `route` answers `method`. */
export function streamingOf(method: HttpMethod, route: readonly RouteSegment[]): Streaming {
  for (const rule of RULES) {
    if (rule.method !== method || rule.pattern.length !== route.length) continue;
    const matches = rule.pattern.every((p, i) => {
      const segment = route[i]!;
      return p === "*" || (segment.kind === "static" && segment.name === p);
    });
    if (matches) return rule.streaming;
  }
  return "never";
}
