import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { UriResolver } from "ajv/dist/types/index.js";
import { uriMemo } from "../../../generator/emit/uri-memo.ts";

const fastUri = (createRequire(import.meta.url)("ajv/dist/runtime/uri") as { default: UriResolver }).default;

// Identifiers of the kinds the validators module uses, plus relative and odd references.
const URIS = [
  "octez-definition:unistring",
  "octez-definition:Operation_list_list_hash",
  "octez-definition:alpha.operation%2Eunsigned",
  "octez-subschema:06b671b8f4868fcb",
  "http://json-schema.org/draft-04/schema",
  "http://json-schema.org/draft-04/schema#",
  "#/definitions/a~1b",
  "other#frag",
  "../up/./x",
  "",
];

describe("uriMemo", () => {
  it("answers as fast-uri does, the first time and when asked again", () => {
    const memo = uriMemo();
    for (let round = 0; round < 2; round++) {
      for (const uri of URIS) {
        expect(memo.parse(uri)).toEqual(fastUri.parse(uri));
        expect(memo.serialize(memo.parse(uri))).toBe(fastUri.serialize(fastUri.parse(uri)));
        for (const base of URIS) expect(memo.resolve(base, uri)).toBe(fastUri.resolve(base, uri));
      }
    }
  });

  it("hands out one frozen parsed form per URI, and works unbound (as ajv calls resolve)", () => {
    const memo = uriMemo();
    const parsed = memo.parse("octez-definition:unistring");
    expect(memo.parse("octez-definition:unistring")).toBe(parsed);
    expect(Object.isFrozen(parsed)).toBe(true);
    const { resolve } = memo;
    expect(resolve("octez-subschema:1", "octez-definition:x")).toBe(fastUri.resolve("octez-subschema:1", "octez-definition:x"));
  });
});
