/** `GET /protocols...`. */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";
import { protocolBody, protocolEnvironmentVersion } from "./injection.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";

export const protocolServices = (l: Layout): Service[] => [
  get("/protocols", { description: "The hashes of the protocols the node knows.", output: E.list(T.protocolHash) }),
  get("/protocols/{Protocol_hash}", { description: "The sources of the given protocol.", output: protocolBody(l) }),
  get("/protocols/{Protocol_hash}/environment", {
    description: "The environment version of the given protocol.",
    output: protocolEnvironmentVersion(l),
  }),
];
