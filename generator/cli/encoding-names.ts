/**
 * How an ENCODING argument of `describe`, `encode` and `decode` names a codec.
 *
 * 1. A route slot: `"GET /chains/<chain_id>/checkpoint" output` (slot `input`, `output` or
 *    `error`; `output` when left out). The path is matched against the routes as printed by
 *    `list routes`, or as a concrete path (`/chains/main/checkpoint`: any segment fills a path
 *    argument).
 * 2. An Octez codec id of a registered encoding (`024-PtTALLiN.operation.unsigned`), when the
 *    source carries them (a snapshot's `encodings`, a Kaitai folder, an encodings dump).
 * 3. A JSON definition name as published in the snapshot (`block_header`, `Chain_id`,
 *    `timestamp.protocol`): the IR found where the name is used (see `named-encodings.ts`).
 *    The codec model's own names are accepted too (`operation_2`, a second, different
 *    definition published under the name `operation`).
 * 4. A small expression over those names, for the encodings no definition carries whole (an
 *    operation is a branch, a list of contents and a signature):
 *      `{branch: block_hash, contents: [alpha.operation.alpha.contents], signature: Signature}`
 *    - `{f: E, …}` an object of required fields laid out in that order;
 *    - `[E]` a list of E filling the rest of its frame;
 *    - `E:Case.field` a union case's payload or an object's field, step by step;
 *    - `E - field` the object E without that field (spaces around `-` required);
 *    - `"a name"` quotes a name with spaces or punctuation;
 *    - builtins when no definition has the name: `bytes`, `string` (to the end of the frame),
 *      `bool`, `int8`, `uint8`, `int16`, `uint16`, `int32`, `int64`, `n`, `z` (zarith).
 */

import type { IR, ObjectItem } from "../ir/codec-ir.ts";
import type { BodyCodec, ServiceCodecs } from "../reconcile/codec-model.ts";
import type { HttpMethod, RouteSegment } from "../model/describe-tree.ts";
import { routeToString } from "../model/describe-tree.ts";
import { CliError } from "./errors.ts";
import { indexNamedEncodings, preferredVariant, type EncodingVariant, type NamedEncoding } from "./named-encodings.ts";
import type { InspectedInterface } from "./spec-source.ts";

export type Slot = "input" | "output" | "error";

/** What an ENCODING argument resolved to. */
export type ResolvedEncoding =
  | { kind: "definition"; label: string; ir: IR; named: NamedEncoding; variant: EncodingVariant }
  | { kind: "model-definition"; label: string; ir: IR; name: string }
  | { kind: "route"; label: string; ir: IR; service: ServiceCodecs; slot: Slot; body: BodyCodec }
  | { kind: "expression"; label: string; ir: IR };

const INDEXES = new WeakMap<object, Map<string, NamedEncoding>>();

const METHODS: readonly HttpMethod[] = ["GET", "POST", "DELETE", "PUT", "PATCH"];
const SLOTS: readonly Slot[] = ["input", "output", "error"];

const BUILTINS: Readonly<Record<string, IR>> = {
  bytes: { kind: "bytes", size: { kind: "variable" } },
  string: { kind: "string", size: { kind: "variable" } },
  bool: { kind: "bool" },
  int8: { kind: "int", size: "Int8", endianness: "Big" },
  uint8: { kind: "int", size: "Uint8", endianness: "Big" },
  int16: { kind: "int", size: "Int16", endianness: "Big" },
  uint16: { kind: "int", size: "Uint16", endianness: "Big" },
  int32: { kind: "int", size: "Int32", endianness: "Big" },
  int64: { kind: "int", size: "Int64", endianness: "Big" },
  n: { kind: "known", id: "zarith_n", size: { kind: "self-delimited" } },
  z: { kind: "known", id: "zarith_z", size: { kind: "self-delimited" } },
};

/**
 * Splits the positional arguments of `encode`/`decode`/`describe` into the ENCODING text and
 * the rest: `GET /path output` may come as one argument or as two or three.
 */
export function splitEncodingArguments(args: readonly string[]): { encoding: string; rest: string[] } {
  const [given, ...others] = args;
  if (given === undefined) throw new CliError("missing ENCODING (a definition name such as block_header, or a route slot such as \"GET /chains/<chain_id>/checkpoint\" output)");
  const first = unquoteRoute(given);
  let words = first.trim().split(/\s+/);
  let rest = others;
  const method = words[0]?.toUpperCase();
  if (method !== undefined && (METHODS as readonly string[]).includes(method) && (words.length > 1 || rest[0]?.startsWith("/"))) {
    if (words.length === 1) {
      words = [...words, rest[0]!];
      rest = rest.slice(1);
    }
    if (words.length === 2 && rest[0] !== undefined && (SLOTS as readonly string[]).includes(rest[0])) {
      words = [...words, rest[0]];
      rest = rest.slice(1);
    }
    return { encoding: words.join(" "), rest };
  }
  return { encoding: first, rest };
}

/**
 * `"GET /chains/<chain_id>/checkpoint" output` reaches us as one argument, quotes included, when
 * the form printed by `--help` is passed through something that does not run a shell (an npm
 * script's arguments, an exec call with an array): the quotes around a route are dropped. A quoted
 * definition name is left as it is (the expression syntax quotes names that way).
 */
function unquoteRoute(argument: string): string {
  const quoted = /^\s*(["'])([^"']*)\1\s*(.*)$/.exec(argument);
  if (quoted === null || !EncodingResolver.isRouteText(quoted[2]!)) return argument;
  return `${quoted[2]!.trim()} ${quoted[3]!}`.trim();
}

/** Resolves ENCODING texts against one interface (the definition index is built on first use). */
export class EncodingResolver {
  private namedIndex: Map<string, NamedEncoding> | undefined;

  constructor(readonly spec: InspectedInterface) {}

  /** Every named definition of the interface (indexed once per loaded interface). */
  get named(): Map<string, NamedEncoding> {
    if (this.namedIndex) return this.namedIndex;
    let index = INDEXES.get(this.spec.model);
    if (!index) {
      index = indexNamedEncodings(this.spec.model);
      INDEXES.set(this.spec.model, index);
    }
    return (this.namedIndex = index);
  }

  /** True for `METHOD /path [slot]`. */
  static isRouteText(text: string): boolean {
    const [method, path] = text.trim().split(/\s+/);
    return method !== undefined && (METHODS as readonly string[]).includes(method.toUpperCase()) && path !== undefined && path.startsWith("/");
  }

  resolve(text: string): ResolvedEncoding {
    const trimmed = text.trim();
    if (EncodingResolver.isRouteText(trimmed)) return this.routeSlot(trimmed);
    const direct = this.name(trimmed, false);
    if (direct) return direct;
    if (!/[{}[\]:"]|\s-\s/.test(trimmed)) throw this.unknownName(trimmed);
    const ir = new ExpressionParser(trimmed, (name) => this.name(name, true)!.ir, this.spec).parse();
    return { kind: "expression", label: trimmed, ir };
  }

  /** A service by method and route (as printed or concrete). */
  service(method: string, path: string): ServiceCodecs {
    const wanted = method.toUpperCase();
    const clean = path.replace(/[?#].*$/, "");
    const services = this.spec.model.services.filter((s) => s.service.method === wanted);
    const exact = services.find((s) => routeToString(s.service.route) === clean || routeToString(s.service.route) === clean.replace(/\/+$/, ""));
    if (exact) return exact;
    const segments = clean.split("/").filter((s) => s !== "");
    const concrete = services.filter((s) => routeMatches(s.service.route, segments));
    if (concrete.length >= 1) return concrete[0]!;
    const samePath = this.spec.model.services.filter((s) => routeToString(s.service.route) === clean).map((s) => s.service.method);
    const hint = samePath.length > 0 ? ` (that route has ${samePath.join(", ")})` : "; `tezos-rpcgen list routes` lists them";
    throw new CliError(`no service ${wanted} ${clean} in ${this.spec.source}${hint}`, 2);
  }

  private routeSlot(text: string): ResolvedEncoding {
    const [method, path, slotText, ...extra] = text.split(/\s+/);
    if (extra.length > 0) throw new CliError(`a route slot is METHOD /path [input|output|error], not ${JSON.stringify(text)}`, 2);
    const slot = (slotText ?? "output") as Slot;
    if (!SLOTS.includes(slot)) throw new CliError(`unknown slot ${JSON.stringify(slotText)}: use input, output or error`, 2);
    const service = this.service(method!, path!);
    const body = service[slot];
    const label = `${service.service.method} ${routeToString(service.service.route)} ${slot}`;
    if (!body) throw new CliError(`${service.service.method} ${routeToString(service.service.route)} takes no input`, 2);
    return { kind: "route", label, ir: body.codec, service, slot, body };
  }

  /** A name: Octez codec id, then JSON definition, then model definition, then (inside expressions) builtin. */
  private name(name: string, allowBuiltin: boolean): ResolvedEncoding | undefined {
    const registered = this.spec.model.encodings?.find((entry) => entry.id === name);
    if (registered) {
      if (registered.definition === undefined) throw new CliError(`${name} has no binary form in ${this.spec.source}: ${registered.jsonOnly ?? "no codec"}`, 2);
      return { kind: "model-definition", label: name, ir: { kind: "ref", name: registered.definition }, name: registered.definition };
    }
    const named = this.named.get(name);
    if (named) {
      const variant = preferredVariant(named, this.spec.model.definitions);
      if (!variant) {
        throw new CliError(
          `${name} has no binary form in ${this.spec.source}: it is published only inside JSON-only bodies or inside another encoding (${named.carriedBy.slice(0, 3).join("; ")})`,
          2,
        );
      }
      if (!variant.binary) throw new CliError(`${name} has no binary form in ${this.spec.source}`, 2);
      return { kind: "definition", label: name, ir: variant.ir, named, variant };
    }
    if (this.spec.model.definitions.has(name)) return { kind: "model-definition", label: name, ir: { kind: "ref", name }, name };
    if (allowBuiltin && Object.hasOwn(BUILTINS, name)) return { kind: "expression", label: name, ir: BUILTINS[name]! };
    if (allowBuiltin) throw this.unknownName(name);
    return undefined;
  }

  private unknownName(name: string): CliError {
    const lower = name.toLowerCase();
    const close = [...this.named.keys()].filter((n) => n.toLowerCase().includes(lower) || lower.includes(n.toLowerCase())).slice(0, 8);
    const hint = close.length > 0 ? `; did you mean ${close.join(", ")}?` : "; `tezos-rpcgen list encodings` lists them";
    return new CliError(`no encoding named ${JSON.stringify(name)} in ${this.spec.source}${hint}`, 2);
  }
}

function routeMatches(route: readonly RouteSegment[], segments: readonly string[]): boolean {
  for (let i = 0; i < route.length; i++) {
    const segment = route[i]!;
    const value = segments[i];
    if (segment.kind === "arg" && segment.multiple) return i === route.length - 1 && segments.length >= i;
    if (value === undefined) return false;
    if (segment.kind === "static" && segment.name !== value) return false;
  }
  return segments.length === route.length;
}

/** Recursive-descent parser of the expression form (see the module comment). */
class ExpressionParser {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly lookup: (name: string) => IR,
    private readonly spec: InspectedInterface,
  ) {}

  parse(): IR {
    const ir = this.expression();
    this.space();
    if (this.at < this.text.length) this.fail(`unexpected ${JSON.stringify(this.text.slice(this.at, this.at + 10))}`);
    return ir;
  }

  private expression(): IR {
    let ir = this.term();
    for (;;) {
      const mark = this.at;
      this.space();
      if (this.text[this.at] === "-" && this.at > mark && /\s/.test(this.text[this.at + 1] ?? "")) {
        this.at++;
        const field = this.word();
        ir = this.without(ir, field);
        continue;
      }
      this.at = mark;
      return ir;
    }
  }

  private term(): IR {
    this.space();
    const c = this.text[this.at];
    let ir: IR;
    if (c === "{") {
      this.at++;
      const items: ObjectItem[] = [];
      for (;;) {
        this.space();
        if (this.text[this.at] === "}" && items.length === 0) break;
        const name = this.word();
        this.expect(":");
        items.push({ kind: "field", name, codec: this.expression(), presence: "required" });
        this.space();
        if (this.text[this.at] === ",") {
          this.at++;
          continue;
        }
        break;
      }
      this.expect("}");
      ir = { kind: "object", items };
    } else if (c === "[") {
      this.at++;
      const element = this.expression();
      this.expect("]");
      ir = { kind: "list", element };
    } else {
      ir = this.lookup(this.word());
    }
    while (this.text[this.at] === ":") {
      this.at++;
      for (const step of this.path()) ir = this.select(ir, step);
    }
    return ir;
  }

  private path(): string[] {
    const start = this.at;
    while (this.at < this.text.length && !/[\s{}[\],:]/.test(this.text[this.at]!)) this.at++;
    const path = this.text.slice(start, this.at);
    if (path === "") this.fail("a case or field name after ':'");
    return path.split(".");
  }

  private word(): string {
    this.space();
    if (this.text[this.at] === '"') {
      const end = this.text.indexOf('"', this.at + 1);
      if (end < 0) this.fail("a closing quote");
      const word = this.text.slice(this.at + 1, end);
      this.at = end + 1;
      return word;
    }
    const start = this.at;
    while (this.at < this.text.length && /[A-Za-z0-9_.$+\-]/.test(this.text[this.at]!)) this.at++;
    if (start === this.at) this.fail("a name");
    return this.text.slice(start, this.at);
  }

  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  private expect(char: string): void {
    this.space();
    if (this.text[this.at] !== char) this.fail(JSON.stringify(char));
    this.at++;
  }

  private fail(expected: string): never {
    throw new CliError(`in ENCODING ${JSON.stringify(this.text)} at character ${this.at + 1}: expected ${expected}`, 2);
  }

  /** Follows references and length headers down to the structure. */
  private bare(ir: IR): IR {
    for (let guard = 0; guard < 100; guard++) {
      if (ir.kind === "ref") {
        const definition = this.spec.model.definitions.get(ir.name);
        if (!definition) return ir;
        ir = definition.codec;
      } else if (ir.kind === "dynamic" || ir.kind === "padded") ir = ir.inner;
      else return ir;
    }
    return ir;
  }

  private select(ir: IR, step: string): IR {
    const bare = this.bare(ir);
    if (bare.kind === "union") {
      const found = bare.cases.find((c) => c.name === step) ?? bare.cases.find((c) => c.name.toLowerCase() === step.toLowerCase());
      if (found) return found.payload;
      return this.fail(`one of the cases ${bare.cases.map((c) => c.name).join(", ")}`);
    }
    if (bare.kind === "option") return this.select(bare.some, step);
    if (bare.kind === "object") {
      const found = findField(bare.items, step, (inner) => this.bare(inner));
      if (found) return found;
      return this.fail(`one of the fields ${fieldNames(bare.items, (inner) => this.bare(inner)).join(", ")}`);
    }
    return this.fail(`a union or an object before :${step} (found ${bare.kind})`);
  }

  private without(ir: IR, field: string): IR {
    const bare = this.bare(ir);
    if (bare.kind !== "object") return this.fail(`an object before - ${field} (found ${bare.kind})`);
    const names = fieldNames(bare.items, (inner) => this.bare(inner));
    if (!names.includes(field)) return this.fail(`one of the fields ${names.join(", ")}`);
    const drop = (items: readonly ObjectItem[]): ObjectItem[] =>
      items.filter((item) => !(item.kind === "field" && item.name === field)).map((item) => (item.kind === "frame" ? { ...item, items: drop(item.items) } : item));
    return { kind: "object", items: drop(bare.items) };
  }
}

function findField(items: readonly ObjectItem[], name: string, bare: (ir: IR) => IR): IR | undefined {
  for (const item of items) {
    if (item.kind === "field" && item.name === name) return item.codec;
    if (item.kind === "frame") {
      const inner = findField(item.items, name, bare);
      if (inner) return inner;
    }
    if (item.kind === "merge") {
      const merged = bare(item.codec);
      if (merged.kind === "object") {
        const inner = findField(merged.items, name, bare);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

function fieldNames(items: readonly ObjectItem[], bare: (ir: IR) => IR): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === "field") out.push(item.name);
    else if (item.kind === "frame") out.push(...fieldNames(item.items, bare));
    else if (item.kind === "merge") {
      const merged = bare(item.codec);
      if (merged.kind === "object") out.push(...fieldNames(merged.items, bare));
    }
  }
  return out;
}
