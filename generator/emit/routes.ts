/**
 * The route table of a generated interface: one `RouteDescriptor` constant per service (method,
 * path template, query arguments, streaming rule, and per body its media types and JSON
 * validator), and `routeTable`, the list a server serves.
 *
 * A body offers `application/octet-stream` only when it has a binary form (no `jsonOnly`). The
 * binary codecs themselves are not referenced here but from the binary table (binary-table.ts),
 * so that an application that speaks only JSON does not bundle them.
 */

import type { BodyCodec, CodecModel, ServiceCodecs } from "../reconcile/codec-model.ts";
import type { MediaType, QueryParameterDescriptor, RouteSegmentDescriptor, StreamingRule } from "@tezos-rpcgen/runtime";
import { compareStrings, type InterfaceNames } from "./names.ts";
import { queryValueType } from "./query-args.ts";
import { docComment, docText, literal } from "./ts-syntax.ts";
import { pathArguments, routeLabel } from "./types.ts";
import type { ValidatorPlan } from "./validators/index.ts";
import { importLine, RUNTIME_MODULE, siblingModule } from "./modules.ts";

/** Media types a body can travel in. */
export function bodyMediaTypes(body: BodyCodec): MediaType[] {
  return body.jsonOnly === undefined ? ["application/json", "application/octet-stream"] : ["application/json"];
}

/** Whether a body's JSON schema (its definitions included) has a float, a `number` that is not an `integer`. */
export function hasFloat(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasFloat);
  if (typeof schema !== "object" || schema === null) return false;
  const type = (schema as { type?: unknown }).type;
  if (type === "number" || (Array.isArray(type) && type.includes("number"))) return true;
  return Object.values(schema).some(hasFloat);
}

/** Media types a call to the service can use: those of its output that its input (if any) also supports. */
export function callMediaTypes(entry: ServiceCodecs): MediaType[] {
  const output = bodyMediaTypes(entry.output);
  if (!entry.input) return output;
  const input = new Set(bodyMediaTypes(entry.input));
  return output.filter((m) => input.has(m));
}

/** The path template of a service as descriptors. */
export function pathDescriptor(entry: ServiceCodecs): RouteSegmentDescriptor[] {
  const keys = pathArguments(entry);
  let arg = 0;
  return entry.service.route.map((segment): RouteSegmentDescriptor => {
    if (segment.kind === "static") return { kind: "static", name: segment.name };
    const { key } = keys[arg++]!;
    return { kind: "arg", name: segment.name, key, multiple: segment.multiple };
  });
}

export function queryDescriptor(entry: ServiceCodecs): QueryParameterDescriptor[] {
  return entry.service.query.map((q) => ({
    name: q.name,
    kind: q.kind,
    type: q.type ?? "flag",
    valueType: q.kind === "flag" ? "boolean" : queryValueType(q.type),
  }));
}

/** The routes file (without header). */
export function emitRoutes(model: CodecModel, names: InterfaceNames, validators: ValidatorPlan): string {
  const types = new Set<string>();
  const checks = new Set<string>();
  const blocks: string[] = [];
  model.services.forEach((entry, i) => {
    const service = names.services[i]!;
    const validator = validators.services[i]!;
    const body = (codec: BodyCodec, validate: string): string => {
      checks.add(validate);
      const fields = [`mediaTypes: ${literal(bodyMediaTypes(codec))}`, `validate: ${validate}`];
      if (codec.jsonOnly !== undefined) fields.push(`jsonOnly: ${literal(codec.jsonOnly)}`);
      if (hasFloat(codec.schema)) fields.push("floats: true");
      return `{ ${fields.join(", ")} }`;
    };
    const inputType = service.input ?? "undefined";
    if (service.input) types.add(service.input);
    types.add(service.output);
    types.add(service.error);
    const entries = [
      `operation: ${literal(service.operation)}`,
      `method: ${literal(entry.service.method)}`,
      `path: ${literal(pathDescriptor(entry))}`,
      `query: ${literal(queryDescriptor(entry))}`,
      `streaming: ${literal(entry.streaming satisfies StreamingRule)}`,
    ];
    if (entry.input && service.input && validator.input) entries.push(`input: ${body(entry.input, validator.input)}`);
    entries.push(`output: ${body(entry.output, validator.output)}`);
    entries.push(`error: ${body(entry.error, validator.error)}`);
    const doc = docComment(docText(`\`${entry.service.method} ${routeLabel(entry)}\``, entry.service.description));
    // Written expanded (a line break after `{`), which prettier keeps.
    blocks.push(`${doc}export const ${service.route}: RouteDescriptor<${inputType}, ${service.output}, ${service.error}> = {\n${entries.join(",\n")}\n};\n`);
  });
  const table = `/** Every route of this interface, in the order the node describes them. */\nexport const routeTable: readonly AnyRouteDescriptor[] = [${names.services.map((s) => s.route).join(", ")}];\n`;
  const imports = [
    importLine(["AnyRouteDescriptor", "RouteDescriptor"], RUNTIME_MODULE, true),
    importLine([...types].sort(compareStrings), siblingModule("types"), true),
    importLine([...checks].sort(compareStrings), siblingModule("validators"), false),
  ];
  return [imports.join(""), ...blocks, table].join("\n");
}
