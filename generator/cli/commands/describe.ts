/** `tezos-rpcgen describe ENCODING|ROUTE`: layout tables, sizes and JSON schemas. */

import type { Command } from "commander";
import { formatBinaryLayout } from "../../describe/index.ts";
import { routeToString } from "../../model/describe-tree.ts";
import type { BinarySchema } from "../../model/binary-schema.ts";
import type { BodyCodec, ServiceCodecs } from "../../reconcile/codec-model.ts";
import { CliError } from "../errors.ts";
import { EncodingResolver, splitEncodingArguments, type ResolvedEncoding } from "../encoding-names.ts";
import { formatIrLayout } from "../ir-layout.ts";
import { standaloneSchema } from "../named-encodings.ts";
import { summarizeBody, summarizeIr } from "../encoding-summary.ts";
import { loadSpec, withSpecOptions, withSpecTimeout, type InspectedInterface, type InspectIo } from "../spec-source.ts";
import { streamingWords } from "./list.ts";
import { ENCODING_HELP } from "./inspect-help.ts";
import type { CliContext } from "../io.ts";

interface DescribeOptions {
  spec?: string;
  prefix?: string;
  followRedirects?: boolean;
}

export async function runDescribe(args: readonly string[], options: DescribeOptions, io: InspectIo = {}): Promise<string> {
  const { encoding, rest } = splitEncodingArguments(args);
  if (rest.length > 0) throw new CliError(`too many arguments: ${rest.join(" ")}`, 2);
  const spec = io.spec ?? (await loadSpec(options));
  const resolver = new EncodingResolver(spec);
  const words = encoding.trim().split(/\s+/);
  if (EncodingResolver.isRouteText(encoding) && words.length === 2) return describeRoute(resolver.service(words[0]!, words[1]!), spec);
  return describeEncoding(resolver.resolve(encoding), spec);
}

function section(title: string, body: string): string {
  return `${title}\n${"-".repeat(title.length)}\n${body.replace(/\s+$/, "")}\n`;
}

/** A route: method, arguments, bodies, streaming, then each body's layout and schema. */
export function describeRoute(s: ServiceCodecs, spec: InspectedInterface): string {
  const definitions = spec.model.definitions;
  const service = s.service;
  const out: string[] = [];
  const head = [`${service.method} ${routeToString(service.route)}`];
  if (service.description !== undefined) head.push("", service.description);
  out.push(head.join("\n") + "\n");
  const args = service.route.filter((r) => r.kind === "arg");
  const lines = [`Method:     ${service.method}`, `Streaming:  ${streamingWords(s.streaming) ?? "no"}`];
  lines.push(`Path args:  ${args.length === 0 ? "none" : ""}`);
  for (const a of args) if (a.kind === "arg") lines.push(`  <${a.name}>${a.multiple ? "* (the rest of the path)" : ""}${a.description ? `: ${a.description}` : ""}`);
  lines.push(`Query args: ${service.query.length === 0 ? "none" : ""}`);
  for (const q of service.query) lines.push(`  ${q.name} (${q.kind}${q.type ? ` ${q.type}` : ""})${q.description ? `: ${q.description}` : ""}`);
  lines.push(`Input:      ${s.input ? summarizeBody(s.input, definitions) : "none"}`);
  lines.push(`Output:     ${summarizeBody(s.output, definitions)}`);
  lines.push(`Error:      ${summarizeBody(s.error, definitions)}`);
  out.push(lines.map((l) => l.trimEnd()).join("\n") + "\n");
  const bodies: Array<[string, BodyCodec | undefined, typeof service.output | undefined]> = [
    ["input", s.input, service.input],
    ["output", s.output, service.output],
    ["error", s.error, service.error],
  ];
  for (const [slot, body, published] of bodies) {
    if (!body || !published) continue;
    out.push(section(`${slot}: binary layout (as published)`, publishedLayout(published.binary)));
    out.push(section(`${slot}: JSON schema`, JSON.stringify(published.json, null, 2)));
  }
  return out.join("\n");
}

/** A published binary layout as a table; a source with JSON schemas only (OpenAPI) has none. */
function publishedLayout(schema: BinarySchema | undefined): string {
  return schema === undefined ? "(none published: the source gives JSON schemas only; the body is JSON-only)\n" : formatBinaryLayout(schema);
}

/** A definition, route slot or expression: what it is, its layout from the IR, its JSON schema. */
export function describeEncoding(resolved: ResolvedEncoding, spec: InspectedInterface): string {
  const definitions = spec.model.definitions;
  const out: string[] = [];
  const lines = [resolved.label, "", `What: ${summarizeIr(resolved.ir, definitions)}`];
  if (resolved.kind === "definition") {
    const { named, variant } = resolved;
    lines.push(`Used by: ${variant.uses.slice(0, 5).join("; ")}${variant.uses.length > 5 ? `; … (${variant.uses.length} in all)` : ""}`);
    const others = named.variants.filter((v) => v !== variant);
    for (const other of others) {
      lines.push(`Other variant: ${summarizeIr(other.ir, definitions)}, in ${other.uses.slice(0, 3).join("; ")}${other.uses.length > 3 ? "; …" : ""} (name it by one of these route slots)`);
    }
  }
  out.push(lines.join("\n") + "\n");
  if (resolved.kind === "route") {
    out.push(section("Binary layout (as published)", publishedLayout(resolved.service.service[resolved.slot]!.binary)));
    out.push(section("JSON schema", JSON.stringify(resolved.body.schema, null, 2)));
    return out.join("\n");
  }
  out.push(section("Binary layout", formatIrLayout(resolved.ir, definitions, resolved.kind === "expression" ? "value" : resolved.label)));
  if (resolved.kind === "definition") out.push(section("JSON schema", JSON.stringify(resolved.named.schema, null, 2)));
  else if (resolved.kind === "model-definition") {
    const named = [...new EncodingResolver(spec).named.values()].find((n) => n.variants.some((v) => v.ir.kind === "ref" && v.ir.name === resolved.name));
    if (named) out.push(section(`JSON schema (published as ${named.name})`, JSON.stringify(standaloneSchema(named.name, bodySchemaOf(spec, resolved.name) ?? named.schema), null, 2)));
  } else out.push(section("JSON schema", "(an expression has no published JSON schema; see the schemas of the names it uses)"));
  return out.join("\n");
}

/** The JSON schema of a body that uses the model definition `name`, for its published form. */
function bodySchemaOf(spec: InspectedInterface, name: string) {
  for (const s of spec.model.services) {
    for (const body of [s.input, s.output, s.error]) {
      if (body && JSON.stringify(body.codec).includes(JSON.stringify({ kind: "ref", name }))) return body.schema;
    }
  }
  return undefined;
}

export function registerDescribe(program: Command, { io }: CliContext): void {
  withSpecTimeout(withSpecOptions(
    program
      .command("describe")
      .argument("<encoding-or-route...>", "ENCODING, or a route METHOD /path")
      .usage("ENCODING|ROUTE [options]")
      .description("show an encoding's binary layout (with sizes) and JSON schema, or a route's arguments, bodies and streaming"),
  ))
    .addHelpText(
      "after",
      `
${ENCODING_HELP}  - a route without slot: "GET /chains/<chain_id>/checkpoint" describes the whole service:
    method, path and query arguments, input/output/error summaries, streaming, then each
    body's binary layout (data-encoding tables of the published binary schema) and JSON schema.

The layout table of a definition or expression is built from its codec IR (a name like
Chain_id has no binary definition of its own); a route slot's table is data-encoding's table of
the published binary schema.

Exit codes: 0 described; 2 usage error, unknown encoding or route, or the snapshot could not be read.

Examples:
  $ tezos-rpcgen describe block_header
  $ tezos-rpcgen describe timestamp.protocol
  $ tezos-rpcgen describe "GET /chains/<chain_id>/checkpoint"
  $ tezos-rpcgen describe "GET /chains/<chain_id>/checkpoint" output`,
    )
    .action(async (args: string[], options: DescribeOptions) => {
      io.stdout.write(await runDescribe(args, options));
    });
}
