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
  // An interface whose bodies are all JSON-only (an OpenAPI source) has no codec; the file
  // stays a module, since index.ts re-exports it.
  if (emitted.blocks.length === 0) return "export {};";
  return `${importLines(context, emitted)}\n\n${emitted.blocks.join("\n")}`;
}

function importLines(context: CodecsContext, emitted: EmittedCodecs): string {
  const typeOnlyRuntime = context.types.runtimeImports;
  const runtime = emitted.runtimeImports.map((name) => (typeOnlyRuntime.has(name) ? `type ${name}` : name));
  return (importLine(runtime, RUNTIME_MODULE, false) + importLine(emitted.typeImports, context.typesModule, true)).replace(/\n$/, "");
}
