/** `tezos-rpcgen list routes|encodings`: what a snapshot offers. */

import type { Command } from "commander";
import { routeToString } from "../../model/describe-tree.ts";
import type { CodecModel, ServiceCodecs } from "../../reconcile/codec-model.ts";
import type { Streaming } from "../../reconcile/streaming-routes.ts";
import { CliError } from "../errors.ts";
import { EncodingResolver } from "../encoding-names.ts";
import { preferredVariant } from "../named-encodings.ts";
import { summarizeBody, summarizeIr } from "../encoding-summary.ts";
import { loadSpec, withSpecOptions, withSpecTimeout, type InspectedInterface, type InspectIo } from "../spec-source.ts";
import type { CliContext } from "../io.ts";

interface ListOptions {
  spec?: string;
  prefix?: string;
  followRedirects?: boolean;
  json?: boolean;
}

export function streamingWords(streaming: Streaming): string | undefined {
  if (streaming === "never") return undefined;
  if (streaming === "always") return "streams";
  return `streams with ?${streaming.whenFlag}`;
}

/** `list routes`, as printed (or as JSON). */
export function listRoutes(spec: InspectedInterface, json: boolean): string {
  const rows = spec.model.services.map((s) => routeRow(s, spec.model));
  if (json) return JSON.stringify({ routes: rows, dynamic_directories: spec.tree.dynamicDirectories.map((d) => routeToString(d.route)) }, null, 2) + "\n";
  const width = Math.max(...rows.map((r) => r.route.length));
  const lines = rows.map((r) => {
    const marks = [r.streaming, ...r.notes].filter((m) => m !== undefined);
    return marks.length === 0 ? r.route : `${r.route.padEnd(width)}  ${marks.join("; ")}`;
  });
  for (const directory of spec.tree.dynamicDirectories) lines.push(`${routeToString(directory.route)}/…  (dynamic directory, not expanded in this snapshot)`);
  return lines.join("\n") + "\n";
}

function routeRow(s: ServiceCodecs, model: CodecModel): { route: string; streaming?: string; notes: string[] } {
  const route = `${s.service.method} ${routeToString(s.service.route)}`;
  const notes: string[] = [];
  for (const [slot, body] of [["input", s.input], ["output", s.output]] as const) {
    if (body?.jsonOnly !== undefined) notes.push(`${slot} JSON only`);
  }
  void model;
  const streaming = streamingWords(s.streaming);
  return streaming === undefined ? { route, notes } : { route, streaming, notes };
}

/** `list encodings`, as printed (or as JSON). */
export function listEncodings(spec: InspectedInterface, json: boolean): string {
  const resolver = new EncodingResolver(spec);
  const definitions = spec.model.definitions;
  const named = [...resolver.named.values()].map((n) => {
    const variant = preferredVariant(n, definitions);
    const what = variant ? summarizeIr(variant.ir, definitions) : "no binary form of its own (used only inside JSON-only bodies or other encodings)";
    const others = n.variants.length - (variant ? 1 : 0);
    return { name: n.name, what, variants: n.variants.length, uses: variant?.uses.length ?? 0, ...(others > 0 ? { note: `${others} other variant${others === 1 ? "" : "s"}` } : {}) };
  });
  const renamed = [...definitions.keys()].filter((name) => !resolver.named.has(name)).map((name) => ({ name, what: summarizeIr({ kind: "ref", name }, definitions) }));
  const slots = spec.model.services.flatMap((s) => {
    const route = `${s.service.method} ${routeToString(s.service.route)}`;
    const out = [];
    if (s.input) out.push({ slot: `"${route}" input`, what: summarizeBody(s.input, definitions) });
    out.push({ slot: `"${route}" output`, what: summarizeBody(s.output, definitions) });
    out.push({ slot: `"${route}" error`, what: summarizeBody(s.error, definitions) });
    return out;
  });
  const codecIds = (spec.model.encodings ?? []).map((e) => ({
    id: e.id,
    what: e.definition === undefined ? `no binary form: ${e.jsonOnly ?? "unknown"}` : summarizeIr({ kind: "ref", name: e.definition }, definitions),
  }));
  if (json) return JSON.stringify({ ...(codecIds.length > 0 ? { codec_ids: codecIds } : {}), definitions: named, model_definitions: renamed, route_slots: slots }, null, 2) + "\n";
  const width = Math.max(...named.map((n) => n.name.length), ...renamed.map((n) => n.name.length));
  const lines: string[] = [];
  if (codecIds.length > 0) {
    const idWidth = Math.max(...codecIds.map((c) => c.id.length));
    lines.push("Octez codec ids (registered encodings):");
    for (const c of codecIds) lines.push(`  ${c.id.padEnd(idWidth)}  ${c.what}`);
    lines.push("");
  }
  lines.push("Named definitions (JSON definition names as published):");
  for (const n of named) lines.push(`  ${n.name.padEnd(width)}  ${n.what}${n.note ? ` [${n.note}; see describe]` : ""}`);
  if (renamed.length > 0) {
    lines.push("", "Further definitions of the codec model (a second, different shape published under the same name):");
    for (const n of renamed) lines.push(`  ${n.name.padEnd(width)}  ${n.what}`);
  }
  if (slots.length > 0) {
    lines.push("", "Route slots:");
    const slotWidth = Math.max(...slots.map((s) => s.slot.length));
    for (const s of slots) lines.push(`  ${s.slot.padEnd(slotWidth)}  ${s.what}`);
  }
  return lines.join("\n") + "\n";
}

export async function runList(what: string, options: ListOptions, io: InspectIo = {}): Promise<string> {
  if (what !== "routes" && what !== "encodings") throw new CliError(`list what? "routes" or "encodings", not ${JSON.stringify(what)}`, 2);
  const spec = io.spec ?? (await loadSpec(options));
  return what === "routes" ? listRoutes(spec, options.json === true) : listEncodings(spec, options.json === true);
}

export function registerList(program: Command, { io }: CliContext): void {
  withSpecTimeout(withSpecOptions(
    program
      .command("list")
      .argument("<what>", "routes or encodings")
      .description("list the routes of a snapshot (with streaming and JSON-only marks) or its encodings (named definitions and route slots)"),
  ))
    .option("--json", "print JSON instead of text")
    .addHelpText(
      "after",
      `
Routes print as METHOD /path/<arg>, then "streams" for streaming services (or "streams with
?flag") and "input JSON only"/"output JSON only" for bodies without a binary form. Encodings
are the snapshot's JSON definition names with what each is (a known encoding such as a hash or
timestamp, a scalar, or a structure) and every route slot usable as ENCODING.

Exit codes: 0 listed; 2 usage error or the snapshot could not be read.

Examples:
  $ tezos-rpcgen list routes
  $ tezos-rpcgen list encodings --spec http://127.0.0.1:8732
  $ tezos-rpcgen list routes --spec mempool-dump.json --prefix '/chains/<chain_id>/mempool'`,
    )
    .action(async (what: string, options: ListOptions) => {
      io.stdout.write(await runList(what, options));
    });
}
