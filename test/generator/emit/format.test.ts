/**
 * The formatter of generated files (generator/emit/format.ts) parses TypeScript with prettier's
 * `babel-ts` parser, and without looking for embedded languages, for speed; what it writes
 * must be what the `typescript` parser gives with prettier's defaults there. (The real
 * codecs files were checked when the parser changed: generated/, formatted until then with the
 * `typescript` parser, came out byte for byte the same.)
 */
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/client.ts";
import { formatSource, PRETTIER_OPTIONS } from "../../../generator/emit/format.ts";
import { siblingModule } from "../../../generator/emit/modules.ts";
import { nameInterface } from "../../../generator/emit/names.ts";
import { emitRoutes } from "../../../generator/emit/routes.ts";
import { emitServer } from "../../../generator/emit/server.ts";
import { emitTypes } from "../../../generator/emit/types.ts";
import { emitValidators, planValidators } from "../../../generator/emit/validators.ts";
import { stubCodecs } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

describe("formatSource", () => {
  it("formats the emitted TypeScript exactly as prettier's typescript parser does", async () => {
    const model = syntheticModel();
    const names = nameInterface(model);
    const types = emitTypes(model, names);
    const plan = planValidators(model, names);
    const sources = {
      types: types.code,
      codecs: stubCodecs({ model, names, typesModule: siblingModule("types"), types: types.emitter }),
      validatorDeclarations: emitValidators(plan).dts,
      routes: emitRoutes(model, names, plan),
      client: emitClient(model, names),
      server: emitServer(model, names),
    };
    for (const [name, code] of Object.entries(sources)) {
      const expected = await format(code, { ...PRETTIER_OPTIONS, embeddedLanguageFormatting: "auto", parser: "typescript" });
      expect(await formatSource(code, "typescript"), name).toBe(expected);
    }
  });
});
