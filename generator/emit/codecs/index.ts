/**
 * The codecs file as `write-folder.ts` plugs it in: the emitted decoders and encoders with
 * their imports from the runtime entry and the types module.
 */

import type { CodecsContext } from "../write-folder.ts";
import { importLine, RUNTIME_MODULE } from "../modules.ts";
import { emitCodecs, type EmittedCodecs } from "./codec-emitter.ts";

export { emitCodecs, type EmittedCodecs } from "./codec-emitter.ts";

/** Source of `codecs.ts` (without the file header). */
export function codecsSource(context: CodecsContext): string {
  const emitted = emitCodecs(context.model, context.names, context.types);
  return `${importLines(context, emitted)}\n\n${emitted.blocks.join("\n")}`;
}

/** How many pieces {@link codecsChunks} cuts the declarations into, at most. */
const CHUNKS = 24;

/**
 * The same source in top-level pieces, for write-folder.ts to format concurrently: the imports,
 * then runs of whole declarations of about equal length. Joined with a newline (each ends with
 * one, so a blank line separates them, as in {@link codecsSource}), they are that source.
 */
export function codecsChunks(context: CodecsContext): string[] {
  const emitted = emitCodecs(context.model, context.names, context.types);
  const chunks = [`${importLines(context, emitted)}\n`];
  const total = emitted.blocks.reduce((sum, block) => sum + block.length, 0);
  let run: string[] = [];
  let length = 0;
  for (const block of emitted.blocks) {
    run.push(block);
    length += block.length;
    if (length >= total / CHUNKS) {
      chunks.push(run.join("\n"));
      run = [];
      length = 0;
    }
  }
  if (run.length > 0) chunks.push(run.join("\n"));
  return chunks;
}

function importLines(context: CodecsContext, emitted: EmittedCodecs): string {
  const typeOnlyRuntime = context.types.runtimeImports;
  const runtime = emitted.runtimeImports.map((name) => (typeOnlyRuntime.has(name) ? `type ${name}` : name));
  return (importLine(runtime, RUNTIME_MODULE, false) + importLine(emitted.typeImports, context.typesModule, true)).replace(/\n$/, "");
}
