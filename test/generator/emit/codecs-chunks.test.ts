/**
 * The codecs file in pieces (codecsChunks), as the pipeline takes it: joined with newlines,
 * the pieces are the whole source.
 */
import { describe, expect, it } from "vitest";
import { codecsChunks, codecsSource } from "../../../generator/emit/codecs/index.ts";
import { siblingModule } from "../../../generator/emit/modules.ts";
import { nameInterface } from "../../../generator/emit/names.ts";
import { emitTypes } from "../../../generator/emit/types.ts";
import { loadInterface } from "../../../generator/pipeline.ts";
import { projectRoot } from "./support.ts";

describe("codecsChunks", () => {
  it("cuts the codecs source of the shell-legacy snapshot into pieces that join into the whole", async () => {
    const { model } = await loadInterface(`${projectRoot}spec/snapshots/shell-legacy.json`);
    const context = () => {
      const names = nameInterface(model);
      return { model, names, typesModule: siblingModule("types"), types: emitTypes(model, names).emitter };
    };
    const whole = codecsSource(context());
    const chunks = codecsChunks(context());
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join("\n")).toBe(whole);
  });
});
