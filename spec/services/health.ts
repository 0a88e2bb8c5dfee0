/** `GET /health/ready` (current layout only). */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";
import type { Layout } from "./types.ts";

export const healthServices = (l: Layout): Service[] =>
  l.legacy
    ? []
    : [
        get("/health/ready", {
          description: "Whether the node is ready to answer requests.",
          output: E.obj([E.req("ready", E.bool)]),
        }),
      ];
