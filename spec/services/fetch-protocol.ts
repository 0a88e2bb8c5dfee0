/** `GET /fetch_protocol/<Protocol_hash>`. */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";

export const fetchProtocolServices = (): Service[] => [
  get("/fetch_protocol/{Protocol_hash}", {
    description: "Downloads the given protocol from the network, if the node does not have it yet.",
    output: E.unit,
  }),
];
