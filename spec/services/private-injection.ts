/** `POST /private/injection/...` (current layout only). */
import { flag, type Service } from "../service.ts";
import { E, post } from "./common.ts";
import { asyncFlag, chainQuery } from "./injection.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";

export const privateInjectionServices = (l: Layout): Service[] =>
  l.legacy
    ? []
    : [
        post("/private/injection/operation", {
          description:
            "Injects a signed operation without the checks of the public route, and broadcasts it; returns its hash. Unless `async` is set, the operation is pre-validated first.",
          query: [asyncFlag, chainQuery],
          input: E.bytes,
          output: T.operationHash,
        }),
        post("/private/injection/operations", {
          description:
            "Injects a list of signed operations and broadcasts them; returns their hashes in the same order. Unless `async` is set, each is pre-validated first; with `force`, operations that fail are still kept.",
          query: [asyncFlag, flag("force", "Keep operations even when they fail to pre-validate."), chainQuery],
          input: E.list(E.dynamicSize(E.bytes)),
          output: E.list(T.operationHash),
        }),
      ];
