/**
 * Bodies that several services share get a name of their own, said from what they are rather
 * than from the first route that met them: the error trace nearly every service answers with is
 * `ErrorTrace` (not `PatchChainsByChainIdError`), a hash answered by several routes is named by
 * its schema's title (`OperationHash`), and so on ({@link contentName}). Types, codecs and
 * validators use the same names; each route keeps its own body type (`GetVersionError`), an
 * alias of the shared one.
 */

import type { IR } from "../ir/codec-ir.ts";
import type { BodyCodec, CodecModel } from "../reconcile/codec-model.ts";
import { refName } from "../reconcile/json-view.ts";
import { canonicalJson } from "./validators/canonical-json.ts";
import { pascalCase } from "./names.ts";

/** One body of one service, with its role and the per-route type name it has. */
export interface BodyUse {
  body: BodyCodec;
  role: "Input" | "Output" | "Error";
  typeName: string;
}

/** Every body of every service, in service order (input, output, error). */
export function bodyUses(model: CodecModel, services: ReadonlyArray<{ input?: string; output: string; error: string }>): BodyUse[] {
  return model.services.flatMap((entry, i) => {
    const names = services[i]!;
    const uses: BodyUse[] = [];
    if (entry.input && names.input) uses.push({ body: entry.input, role: "Input", typeName: names.input });
    uses.push({ body: entry.output, role: "Output", typeName: names.output }, { body: entry.error, role: "Error", typeName: names.error });
    return uses;
  });
}

/** The uses whose `key` is equal, in order of first use; only groups of two or more. */
export function sharedGroups<T>(uses: readonly T[], key: (use: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const use of uses) {
    const k = key(use);
    const group = groups.get(k);
    if (group) group.push(use);
    else groups.set(k, [use]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/**
 * Bodies that share a structure (their codec IR, compared as canonical JSON) and so one type
 * and one pair of codec functions; errors apart from the other bodies, whatever their
 * structure. A body that is a named definition already has its name.
 */
export function structureGroups(uses: readonly BodyUse[]): BodyUse[][] {
  return sharedGroups(uses, (use) => `${use.role === "Error"} ${canonicalJson(use.body.codec)}`).filter((group) => group[0]!.body.codec.kind !== "ref");
}

/**
 * A name for bodies several services share, from their content (before collisions are
 * settled); `bySchema` for bodies that share a JSON schema but maybe not a binary form.
 */
export function contentName(uses: readonly BodyUse[], bySchema = false): string {
  if (uses.every((use) => use.role === "Error")) return "ErrorTrace";
  const { schema, codec } = uses[0]!.body;
  const title = schema.title?.replace(/\([^)]*\)/g, "").trim();
  if (title) return pascalCase(title);
  if (schema.$ref !== undefined) return pascalCase(refName(schema.$ref));
  const shape = shapeName(schema, bySchema ? undefined : codec);
  if (shape !== undefined) return shape;
  // Nothing in the body says what it is: the routes that share it are what they have in common
  // (their paths, whatever the method).
  const paths = uses.map((use) => use.typeName.slice(0, -use.role.length).replace(/^[A-Z][a-z]+/, ""));
  return commonPrefix(paths) + (uses.every((use) => use.role === uses[0]!.role) ? uses[0]!.role : "Body");
}

/** A name for a body of a common shape: any value, an empty object, a flag, bytes, a small object by its fields. */
function shapeName(schema: BodyCodec["schema"], codec: IR | undefined): string | undefined {
  const properties = Object.keys(schema.properties ?? {});
  if (codec?.kind === "unit") return "Unit";
  if (codec?.kind === "any-json" || Object.keys(schema).every((key) => key === "$schema" || key === "description" || key === "definitions")) return "AnyJson";
  if (schema.type === "object" && properties.length === 0) return "EmptyObject";
  if (schema.type === "object" && properties.length <= 3) return pascalCase(properties.join(" and "));
  if (schema.type === "boolean") return "BooleanValue";
  if (schema.type === "string" && schema.pattern === "^([a-zA-Z0-9][a-zA-Z0-9])*$") return "HexBytes";
  return undefined;
}

/** The longest common prefix of type names, cut where a word starts. */
function commonPrefix(names: readonly string[]): string {
  let prefix = names[0]!;
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const first = names[0]!;
  while (prefix.length > 0 && prefix.length < first.length && !/[A-Z]/.test(first[prefix.length]!)) prefix = prefix.slice(0, -1);
  return prefix;
}
