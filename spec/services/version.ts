/** `GET /version`. */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";

export function versionServices(l: Layout): Service[] {
  const info = l.legacy
    ? E.union([
        E.kase(0, "Dev", E.constant("dev")),
        E.kase(1, "RC", E.obj([E.req("rc", E.int31)])),
        E.kase(2, "Release", E.constant("release")),
      ])
    : E.union([
        E.kase(0, "Dev", E.constant("dev")),
        E.kase(1, "RC", E.obj([E.req("rc", E.int31)])),
        E.kase(2, "Release", E.constant("release")),
        E.kase(3, "RC_dev", E.obj([E.req("rc_dev", E.int31)])),
        E.kase(4, "Beta", E.obj([E.req("beta", E.int31)])),
        E.kase(5, "Beta_dev", E.obj([E.req("beta_dev", E.int31)])),
      ]);
  return [
    get("/version", {
      description: "The node's version, the network version it speaks, and the commit it was built from.",
      output: E.obj([
        E.req("version", E.obj([E.req("major", E.int31), E.req("minor", E.int31), E.req("additional_info", info)])),
        E.req("network_version", T.networkVersion),
        E.req("commit_info", E.option(E.obj([E.req("commit_hash", E.string), E.req("commit_date", E.string)]))),
      ]),
    }),
  ];
}
