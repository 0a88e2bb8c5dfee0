/**
 * The client file of a generated interface: one function per service, written against the
 * runtime's `RpcTransport`. A function takes the transport, the request (path arguments, query,
 * body) when the service has any, and options (`signal`, and a `mediaType` narrowed to what the
 * service's bodies support). When nothing in the request is required, the request may hold the
 * options too (`getNetworkPeers(node, { signal })`); options given third win. It returns `Promise<Output>`, or `AsyncIterable<Output>` for a
 * streaming service; a service that streams only under a flag gets both, the stream under
 * `<operation>Stream`.
 */

import type { CodecModel, ServiceCodecs } from "../reconcile/codec-model.ts";
import { compareStrings, propertyKey, type InterfaceNames, type ServiceNames } from "./names.ts";
import { importLine, RUNTIME_MODULE, siblingModule } from "./modules.ts";
import { callMediaTypes } from "./routes.ts";
import { docComment, docText } from "./ts-syntax.ts";
import { requestNeed, routeLabel } from "./types.ts";

/** The client file (without header). */
export function emitClient(model: CodecModel, names: InterfaceNames): string {
  const types = new Set<string>();
  const routes = new Set<string>();
  const blocks: string[] = [];
  model.services.forEach((entry, i) => {
    const service = names.services[i]!;
    routes.add(service.route);
    types.add(service.output);
    const need = requestNeed(entry);
    if (need !== "none") types.add(service.request);
    const streaming = entry.streaming;
    if (streaming === "never") blocks.push(clientFunction(entry, service, service.operation, "call"));
    else if (streaming === "always") blocks.push(clientFunction(entry, service, service.operation, "stream"));
    else {
      blocks.push(clientFunction(entry, service, service.operation, "call", { flag: streaming.whenFlag, value: false }));
      blocks.push(clientFunction(entry, service, service.streamOperation!, "stream", { flag: streaming.whenFlag, value: true }));
    }
  });
  const imports = [
    importLine(["CallOptions", "RpcTransport"], RUNTIME_MODULE, true),
    importLine([...routes].sort(compareStrings), siblingModule("routes"), false),
    importLine([...types].sort(compareStrings), siblingModule("types"), true),
  ];
  return [imports.join(""), ...blocks].join("\n");
}

function clientFunction(entry: ServiceCodecs, names: ServiceNames, functionName: string, mode: "call" | "stream", flag?: { flag: string; value: boolean }): string {
  const need = requestNeed(entry);
  const media = callMediaTypes(entry);
  const mediaTypes = media.map((m) => JSON.stringify(m));
  const options = media.includes("application/octet-stream") ? "CallOptions" : `CallOptions<${mediaTypes.join(" | ")}>`;
  const params = ["transport: RpcTransport"];
  if (need === "required") params.push(`request: ${names.request}`);
  // A request with nothing required may carry the options itself: `getNetworkPeers(node, { signal })`
  // (plain JavaScript gives no type error for it, so it must not drop the signal).
  else if (need === "optional") params.push(`request: ${names.request} & ${options} = {}`);
  params.push(`options: ${options} = {}`);
  const fields = need === "optional" ? ["...request", "...options"] : ["...options"];
  fields.push(need !== "none" && entry.service.route.some((s) => s.kind === "arg") ? "path: request.path" : "path: {}");
  if (entry.service.query.length > 0) {
    fields.push(flag ? `query: { ...request.query, ${propertyKey(flag.flag)}: ${flag.value} }` : "query: request.query ?? {}");
  } else {
    fields.push("query: {}");
  }
  if (entry.input) fields.push("body: request.body");
  const result = mode === "call" ? `Promise<${names.output}>` : `AsyncIterable<${names.output}>`;
  const notes: string[] = [];
  if (mode === "stream") notes.push("Streams: each element is one value; abort `options.signal` to stop.");
  if (flag) notes.push(flag.value ? `Sets the \`${flag.flag}\` flag, which makes the node stream.` : `Leaves the \`${flag.flag}\` flag unset (one answer); see \`${names.streamOperation}\` for the stream.`);
  if (!media.includes("application/octet-stream")) {
    const reason = entry.output.jsonOnly ?? entry.input?.jsonOnly;
    notes.push(`JSON only${entry.output.jsonOnly === undefined ? " (input)" : ""}: ${reason ?? "no binary form"}.`);
  }
  const doc = docComment(docText(`\`${entry.service.method} ${routeLabel(entry)}\``, entry.service.description, notes));
  return `${doc}export function ${functionName}(${params.join(", ")}): ${result} {\n  return transport.${mode}(${names.route}, { ${fields.join(", ")} });\n}\n`;
}
