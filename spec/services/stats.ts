/** `GET /stats/...`: memory statistics of the node process. */
import type { Service } from "../service.ts";
import { E, get } from "./common.ts";
import * as T from "./types.ts";
import type { Layout } from "./types.ts";

export function statsServices(l: Layout): Service[] {
  const counter = (n: string) => E.req(n, E.int31);
  return [
    get("/stats/gc", {
      description: "Statistics of the garbage collector of the node process.",
      output: E.obj([
        E.req("minor_words", E.float),
        E.req("promoted_words", E.float),
        E.req("major_words", E.float),
        counter("minor_collections"),
        counter("major_collections"),
        ...(l.legacy ? [] : [counter("forced_major_collections")]),
        counter("heap_words"),
        counter("heap_chunks"),
        counter("live_words"),
        counter("live_blocks"),
        counter("free_words"),
        counter("free_blocks"),
        counter("largest_free"),
        counter("fragments"),
        counter("compactions"),
        counter("top_heap_words"),
        counter("stack_size"),
      ]),
    }),
    get("/stats/memory", {
      description: "Memory use of the node process, as reported by the operating system.",
      output: E.union([
        E.kase(
          0,
          "Linux_proc_statm",
          E.obj([
            E.req("page_size", E.int31),
            ...["size", "resident", "shared", "text", "lib", "data", "dt"].map((n) => E.req(n, T.int64)),
          ]),
        ),
        E.kase(1, "Darwin_ps", E.obj([E.req("page_size", E.int31), E.req("mem", E.float), E.req("resident", T.int64)])),
      ]),
    }),
  ];
}
