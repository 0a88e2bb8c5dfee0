/** `GET /describe/<path>`: the self-description of the RPC directory. */
import { single, type Service } from "../service.ts";
import { E, boolArg } from "./common.ts";
import * as T from "./types.ts";
import { describeAnswer } from "./describe-encoding.ts";

export const describeServices = (): Service[] => [
  {
    meth: "GET",
    path: ["describe", { arg: { name: "string" }, multiple: true }],
    description: "The description of the RPCs below the given path: their inputs, outputs and errors, as JSON and binary schemas.",
    query: [single("recurse", boolArg, "Describe the whole subtree rather than one directory.")],
    output: describeAnswer,
    error: T.error,
  },
];

void E;
