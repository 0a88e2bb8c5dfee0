/**
 * The committed shell snapshots: rebuilt byte-identically, valid against the describe
 * meta-schema of Octez (component `service_tree`), and shaped as a node serves them.
 */
import { readFileSync } from "node:fs";
import Ajv from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import { renderSnapshot, snapshotPath, SNAPSHOTS } from "../../spec/build.ts";
import { itWithReference, readReference } from "../support/reference.ts";
import { treeDynamicDirs, treeRoutes } from "./conformance.ts";

type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const names = Object.keys(SNAPSHOTS) as (keyof typeof SNAPSHOTS)[];
const committed = (name: string): string => readFileSync(snapshotPath(name), "utf8");

describe("shell snapshots", () => {
  for (const name of names) {
    it(`${name} is rebuilt byte-identically`, () => {
      expect(renderSnapshot(name) === committed(name)).toBe(true);
    });

    it(`${name}: dynamic directories are {"dynamic": null}, services keep the node's key order`, () => {
      const tree = JSON.parse(committed(name));
      expect(treeDynamicDirs(tree)).toEqual(["/chains/{chain_id}/blocks/{block_id}", "/chains/{chain_id}/mempool"]);
      const chains = tree.static.subdirs.suffixes.find((s: J) => s.name === "chains").tree;
      const chain = chains.static.subdirs.dynamic_dispatch.tree.static;
      expect(chain.subdirs.suffixes.find((s: J) => s.name === "mempool").tree).toEqual({ dynamic: null });
      const blocks = chain.subdirs.suffixes.find((s: J) => s.name === "blocks").tree.static;
      expect(blocks.subdirs.dynamic_dispatch.arg.name).toBe("block_id");
      expect(blocks.subdirs.dynamic_dispatch.tree).toEqual({ dynamic: null });
      for (const r of treeRoutes(tree)) {
        const keys = Object.keys(r.service);
        expect(keys.filter((k) => k !== "description" && k !== "input")).toEqual(["meth", "path", "query", "output", "error"]);
        expect(keys.includes("input")).toBe(r.method !== "GET" && r.method !== "DELETE");
        for (const part of ["input", "output", "error"]) {
          if (!r.service[part]) continue;
          expect(Object.keys(r.service[part])).toEqual(["json_schema", "binary_schema"]);
          expect(r.service[part].json_schema.$schema).toBe("http://json-schema.org/draft-04/schema#");
        }
      }
    });

    it(`${name}: every binary Ref and Enum resolves, titles are unique, every JSON $ref resolves`, () => {
      for (const r of treeRoutes(JSON.parse(committed(name)))) {
        for (const part of ["input", "output", "error"]) {
          const body = r.service[part];
          if (!body) continue;
          const titles = body.binary_schema.fields.map((f: J) => f.description.title);
          expect(new Set(titles).size).toBe(titles.length);
          const refs: string[] = [];
          const collect = (x: J): void => {
            if (Array.isArray(x)) x.forEach(collect);
            else if (x && typeof x === "object") {
              if (x.kind === "Ref" && typeof x.name === "string") refs.push(x.name);
              if (x.kind === "Enum") refs.push(x.reference);
              Object.values(x).forEach(collect);
            }
          };
          collect(body.binary_schema);
          for (const ref of refs) expect(titles, `${r.method} ${r.path} ${part}: ${ref}`).toContain(ref);
          const defs = Object.keys(body.json_schema.definitions ?? {});
          const jsonRefs = JSON.stringify(body.json_schema).match(/"\$ref":"#\/definitions\/[^"]+"/g) ?? [];
          for (const j of jsonRefs) expect(defs).toContain(j.slice('"$ref":"#/definitions/'.length, -1));
        }
      }
    });

    it(`${name}: suffixes are sorted by name at every level`, () => {
      const check = (node: J): void => {
        if (!node.static?.subdirs) return;
        const sub = node.static.subdirs;
        if (sub.suffixes) {
          const ns = sub.suffixes.map((s: J) => s.name);
          expect(ns).toEqual([...ns].sort());
          sub.suffixes.forEach((s: J) => check(s.tree));
        } else check(sub.dynamic_dispatch.tree);
      };
      check(JSON.parse(committed(name)));
    });
  }

  it("services declare their path as Octez does: full for root services, relative for chain services", () => {
    const routes = treeRoutes(JSON.parse(committed("shell.json")));
    const declared = (path: string, method = "GET") =>
      routes.find((x) => x.path === path && x.method === method)!.service.path.map((p: J) => (typeof p === "string" ? p : `${p.id}:${p.name}`));
    expect(declared("/monitor/heads/{chain_id}")).toEqual(["monitor", "heads", "single:chain_id"]);
    expect(declared("/workers/chain_validators/{chain_id}/peers_validators/{peer_id}")).toEqual([
      "workers", "chain_validators", "single:chain_id", "peers_validators", "single:peer_id",
    ]);
    expect(declared("/chains/{chain_id}/invalid_blocks/{block_hash}")).toEqual(["invalid_blocks", "single:block_hash"]);
    expect(declared("/chains/{chain_id}/levels/caboose")).toEqual(["levels", "caboose"]);
    expect(declared("/chains/{chain_id}", "PATCH")).toEqual([]);
    const d = treeRoutes(JSON.parse(committed("shell.json"))).find((x) => x.path === "/describe");
    expect(d!.service.path).toEqual(["describe", { id: "multiple", name: "string" }]);
  });

  itWithReference("describe-format-meta-schema-openapi-octez-v25.1.json")("both snapshots validate against the service_tree meta-schema", () => {
    const meta = readReference<J>("describe-format-meta-schema-openapi-octez-v25.1.json");
    const defs: J = {};
    for (const [k, v] of Object.entries(meta.components.schemas)) defs[k] = toDraft04(v);
    const ajv = new Ajv({ strict: false, allErrors: false });
    const validate = ajv.compile({ $ref: "#/definitions/service_tree", definitions: defs });
    for (const name of names) {
      const ok = validate(JSON.parse(committed(name)));
      if (!ok) console.log(name, JSON.stringify(validate.errors?.slice(0, 5)));
      expect(ok).toBe(true);
    }
  });
});

/** OpenAPI 3 schema to draft-04: local references and `nullable`. */
function toDraft04(s: J): J {
  if (Array.isArray(s)) return s.map(toDraft04);
  if (s === null || typeof s !== "object") return s;
  const out: J = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "nullable") continue;
    out[k] = k === "$ref" ? String(v).replace("#/components/schemas/", "#/definitions/") : toDraft04(v);
  }
  return s.nullable === true ? { anyOf: [out, { type: "null" }] } : out;
}

describe("wording", () => {
  itWithReference(["rpc-openapi-v20.3.json", "rpc-openapi-v8.2-2021-03.json", "describe-mempool-alpha-2022-06-09.json"])(
    "no description, title or argument description is copied from Octez (identifiers aside)",
    () => {
      const texts = (x: J, out = new Set<string>()): Set<string> => {
        if (Array.isArray(x)) x.forEach((y) => texts(y, out));
        else if (x && typeof x === "object")
          for (const [k, v] of Object.entries(x)) {
            if ((k === "description" || k === "title" || k === "descr") && typeof v === "string") out.add(v);
            texts(v, out);
          }
        return out;
      };
      const theirs = new Set<string>();
      for (const f of ["rpc-openapi-v20.3.json", "rpc-openapi-v8.2-2021-03.json", "describe-mempool-alpha-2022-06-09.json"])
        texts(readReference(f), theirs);
      for (const name of names) {
        // Case titles are identifiers (they name binary cases, and one has a space); prose has spaces.
        const tree = JSON.parse(committed(name));
        const caseNames = new Set<string>();
        const walkCases = (x: J): void => {
          if (Array.isArray(x)) x.forEach(walkCases);
          else if (x && typeof x === "object") {
            if (Array.isArray(x.cases)) for (const c of x.cases) if (typeof c?.name === "string") caseNames.add(c.name);
            Object.values(x).forEach(walkCases);
          }
        };
        walkCases(tree);
        const copied = [...texts(tree)].filter((t) => t.includes(" ") && !caseNames.has(t) && theirs.has(t));
        expect(copied).toEqual([]);
      }
    },
  );
});
