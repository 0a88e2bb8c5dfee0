/**
 * `scripts/fixtures/openapi-facts.ts` and the fixtures it wrote: Octez's prose goes (every
 * `description` and `summary`, `info.title`), the facts stay (a property that is called
 * `description`, titles, paths, schemas), and no committed fixture holds a prose key.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NAME_MAPS, openApiFacts, PROSE } from "../../scripts/fixtures/openapi-facts.ts";
import { readOctezOpenApi } from "../support/octez-openapi.ts";

/** JSON pointers of every prose key of `value` (keys of name maps are names, not prose). */
function proseKeys(value: unknown, at = "", parentKey = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => proseKeys(item, `${at}/${i}`));
  if (typeof value !== "object" || value === null) return [];
  const names = NAME_MAPS.has(parentKey);
  return Object.entries(value).flatMap(([key, item]) => [
    ...(!names && PROSE.has(key) ? [`${at}/${key}`] : []),
    ...proseKeys(item, `${at}/${key}`, names ? "" : key),
  ]);
}

describe("openapi-facts", () => {
  it("drops prose and info.title, keeps names, titles and schemas", () => {
    const document = {
      openapi: "3.0.0",
      info: { title: "Tezos RPC", description: "about the node", version: "Octez 24.3 (8f64dace)" },
      paths: {
        "/levels/{int32}": {
          description: "a path item",
          get: {
            description: "what the route does",
            parameters: [{ name: "int32", in: "path", description: "a level", required: true, schema: { type: "string" } }],
            responses: {
              "200": {
                description: "",
                content: { "application/json": { schema: { title: "level", description: "a schema", type: "object", properties: { description: { type: "string", description: "a property called description" } }, required: ["description"] } } },
              },
            },
          },
        },
      },
      components: { schemas: { description: { title: "A component named description", description: "prose", type: "string" } } },
    };
    expect(openApiFacts(document)).toEqual({
      openapi: "3.0.0",
      info: { version: "Octez 24.3 (8f64dace)" },
      paths: {
        "/levels/{int32}": {
          get: {
            parameters: [{ name: "int32", in: "path", required: true, schema: { type: "string" } }],
            responses: {
              "200": { content: { "application/json": { schema: { title: "level", type: "object", properties: { description: { type: "string" } }, required: ["description"] } } } },
            },
          },
        },
      },
      components: { schemas: { description: { title: "A component named description", type: "string" } } },
    });
  });

  it("no committed fixture holds a prose key", () => {
    const fixtures = readdirSync(new URL("../fixtures/octez-openapi/", import.meta.url)).filter((f) => f.endsWith(".json.gz"));
    expect(fixtures).toHaveLength(6);
    for (const file of fixtures) {
      const document = readOctezOpenApi<{ info: Record<string, unknown> }>(file.replace(/\.gz$/, ""));
      expect(proseKeys(document), file).toEqual([]);
      expect(Object.keys(document.info), file).toEqual(["version"]);
    }
  });
});
