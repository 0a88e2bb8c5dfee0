/**
 * The server file of a generated interface: `Handlers`, one method per service, which a server
 * implementation provides. A handler receives the parsed request (path arguments, query, body)
 * and a context, and answers one value, or an `AsyncIterable` for a streaming service (either,
 * for a service that streams only under a flag).
 */

import type { CodecModel } from "../reconcile/codec-model.ts";
import { compareStrings, type InterfaceNames } from "./names.ts";
import { importLine, RUNTIME_MODULE, siblingModule } from "./modules.ts";
import { docComment, docText } from "./ts-syntax.ts";
import { routeLabel } from "./types.ts";
import { indent } from "./source-text.ts";

/** The server file (without header). */
export function emitServer(model: CodecModel, names: InterfaceNames): string {
  const types = new Set<string>();
  const methods = model.services.map((entry, i) => {
    const service = names.services[i]!;
    types.add(service.request);
    types.add(service.output);
    const one = `HandlerResult<${service.output}>`;
    const many = `AsyncIterable<${service.output}>`;
    const streaming = entry.streaming;
    const result = streaming === "never" ? one : streaming === "always" ? many : `${one} | ${many}`;
    const note =
      typeof streaming === "object" ? [`Streams when the \`${streaming.whenFlag}\` flag is set; answers one value otherwise.`] : streaming === "always" ? ["Streams."] : [];
    const doc = docComment(docText(`\`${entry.service.method} ${routeLabel(entry)}\``, entry.service.description, note));
    return `${doc}${service.operation}(request: ${service.request}, context: HandlerContext): ${result};\n`;
  });
  const imports = [importLine(["HandlerContext", "HandlerResult"], RUNTIME_MODULE, true), importLine([...types].sort(compareStrings), siblingModule("types"), true)];
  const doc = docComment("The handlers of every service of this interface (see `routeTable` for the routes).");
  return `${imports.join("")}\n${doc}export interface Handlers {\n${indent(methods.flatMap((m, i) => (i === 0 ? [m.trimEnd()] : ["", m.trimEnd()])))}\n}\n`;
}
