/**
 * The codecs file as `write-folder.ts` plugs it in: the emitted decoders and encoders with
 * their imports from the runtime entry and the types module.
 */

import type { CodecsContext } from "../write-folder.ts";
import { RUNTIME_MODULE } from "../modules.ts";
import { emitCodecs } from "./codec-emitter.ts";

export { emitCodecs, type EmittedCodecs } from "./codec-emitter.ts";

/** Source of `codecs.ts` (without the file header). */
export function codecsSource(context: CodecsContext): string {
  const emitted = emitCodecs(context.model, context.names, context.types);
  const typeOnlyRuntime = context.types.runtimeImports;
  const runtime = emitted.runtimeImports.map((name) => (typeOnlyRuntime.has(name) ? `type ${name}` : name));
  const lines: string[] = [];
  if (runtime.length > 0) lines.push(`import { ${runtime.join(", ")} } from ${JSON.stringify(RUNTIME_MODULE)};`);
  if (emitted.typeImports.length > 0) lines.push(`import type { ${emitted.typeImports.join(", ")} } from ${JSON.stringify(context.typesModule)};`);
  return `${lines.join("\n")}\n\n${emitted.code}`;
}
