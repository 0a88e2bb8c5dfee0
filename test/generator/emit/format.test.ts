/**
 * Generated TypeScript is formatted by prettier with the committed configuration
 * (`.prettierrc.json`), so that `prettier --check 'generated/**\/*.ts'` agrees with `generate`.
 * These tests check the committed folders the way the command line does (configuration
 * resolved for the file, parser inferred from its name), and that text from the describe tree
 * cannot break out of comments.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { check, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { renderFolder } from "../../../generator/emit/write-folder.ts";
import { projectRoot, stubCodecs } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

describe("generated TypeScript is in prettier's form", () => {
  for (const folder of ["shell", "shell-legacy"]) {
    it(`for every committed file of generated/${folder}, as prettier --check sees it`, async () => {
      const directory = join(projectRoot, "generated", folder);
      const names = readdirSync(directory).filter((name) => name.endsWith(".ts"));
      expect(names.length).toBe(8);
      for (const name of names) {
        const path = join(directory, name);
        const options = await resolveConfig(path);
        expect(options?.printWidth, "the project's .prettierrc.json is found").toBe(100);
        expect(await check(readFileSync(path, "utf8"), { ...options, filepath: path }), name).toBe(true);
      }
    });
  }
});

describe("text from the describe tree in comments", () => {
  it("control characters and line separators in descriptions are escaped or end the line", async () => {
    const model = syntheticModel();
    const strange = "Bell \u0007, group \u0001, line \u0006 and a private-use \uE000 character.\rA lone carriage return,\u2028a line separator\u2029and a paragraph separator.";
    model.services[0]!.service.description = strange;
    model.definitions.get("shell_header")!.description = strange;
    const files = await renderFolder(model, { source: "synthetic\u0007.json", describeHash: "0".repeat(64), codecs: stubCodecs, version: "0.0.0" });
    const text = files.map((f) => f.contents).join("\n");
    expect(text).toContain("Bell \\u0007, group \\u0001, line \\u0006 and a private-use \uE000 character.");
    expect(text).toContain("// Source: synthetic\\u0007.json");
    expect(text).not.toMatch(/[\x01-\x08\x0E-\x1A]/);
  });
});
