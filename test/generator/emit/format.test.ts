/**
 * Generation does not run prettier: the layout engine (generator/emit/layout/) writes each
 * TypeScript file the way prettier would with format.ts's configuration. These tests format
 * generated files with prettier and require them unchanged: the synthetic model's folder, and
 * the committed `generated/` folders. (reference.test.ts does the same for the real mempool
 * dumps.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { formatSource, PRETTIER_OPTIONS } from "../../support/prettier.ts";
import { renderFolder } from "../../../generator/emit/write-folder.ts";
import { projectRoot, stubCodecs } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

describe("generated TypeScript is in prettier's form", () => {
  it("for every file of the synthetic model's folder, with both TypeScript parsers", async () => {
    const files = await renderFolder(syntheticModel(), { source: "synthetic.json", describeHash: "0".repeat(64), codecs: stubCodecs, version: "0.0.0" });
    const typescript = files.filter((f) => f.name.endsWith(".ts"));
    expect(typescript.length).toBe(7);
    for (const { name, contents } of typescript) {
      expect(await formatSource(contents, "typescript"), name).toBe(contents);
      expect(await format(contents, { ...PRETTIER_OPTIONS, embeddedLanguageFormatting: "auto", parser: "typescript" }), name).toBe(contents);
    }
  });

  for (const folder of ["shell", "shell-legacy"]) {
    it(`for every committed file of generated/${folder}`, async () => {
      const directory = join(projectRoot, "generated", folder);
      const names = readdirSync(directory).filter((name) => name.endsWith(".ts"));
      expect(names.length).toBe(7);
      for (const name of names) {
        const text = readFileSync(join(directory, name), "utf8");
        expect(await formatSource(text, "typescript"), name).toBe(text);
      }
    });
  }
});

describe("text from the describe tree next to the layout's markers", () => {
  it("control characters in descriptions are escaped, so they cannot act as markers, and the files stay in prettier's form", async () => {
    const model = syntheticModel();
    const strange = "Bell \u0007, group \u0001, line \u0006 and a private-use \uE000 character.\rA lone carriage return,\u2028a line separator\u2029and a paragraph separator.";
    model.services[0]!.service.description = strange;
    model.definitions.get("shell_header")!.description = strange;
    const files = await renderFolder(model, { source: "synthetic\u0007.json", describeHash: "0".repeat(64), codecs: stubCodecs, version: "0.0.0" });
    const text = files.map((f) => f.contents).join("\n");
    expect(text).toContain("Bell \\u0007, group \\u0001, line \\u0006 and a private-use \uE000 character.");
    expect(text).not.toMatch(/[\x01-\x08\x0E-\x1A]/);
    for (const { name, contents } of files.filter((f) => f.name.endsWith(".ts"))) {
      expect(await formatSource(contents, "typescript"), name).toBe(contents);
    }
  });
});
