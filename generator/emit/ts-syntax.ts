/**
 * Small pieces of TypeScript syntax the emitters share: type expressions that know how tightly
 * they bind (so `(A | B)[]` gets its parentheses), literal types and TSDoc comments. Emitters
 * write plain TypeScript; prettier lays it out (write-folder.ts).
 */

import type { JsonValue } from "../ir/codec-ir.ts";
import { propertyKey } from "./names.ts";

/**
 * A type expression. `precedence` says how it may be embedded: a union needs parentheses
 * inside an intersection or before `[]`, an intersection before `[]`.
 */
export interface TypeText {
  text: string;
  precedence: "union" | "intersection" | "primary";
  /** The members of a union, so that unions of unions flatten. */
  members?: readonly TypeText[];
}

export const primary = (text: string): TypeText => ({ text, precedence: "primary" });

/** A named type (`Foo`, `Array<Foo>`). */
export const reference = primary;

/** `export type Name = T;`. */
export function typeAlias(name: string, type: TypeText): string {
  return `export type ${name} = ${type.text};`;
}

/** `type Name = T;`: a type alias private to its module. */
export function localTypeAlias(name: string, type: TypeText): string {
  return `type ${name} = ${type.text};`;
}

/** The union of `members`, without repeats; `never` when empty. */
export function unionOf(members: readonly TypeText[]): TypeText {
  const seen = new Set<string>();
  const unique: TypeText[] = [];
  for (const member of members) {
    // A union among the members adds its own members.
    for (const flat of member.members ?? [member]) {
      if (seen.has(flat.text)) continue;
      seen.add(flat.text);
      unique.push(flat);
    }
  }
  if (unique.length === 0) return primary("never");
  if (unique.length === 1) return unique[0]!;
  return { text: unique.map((m) => m.text).join(" | "), precedence: "union", members: unique };
}

/** The intersection of `members`; `unknown` when empty. */
export function intersectionOf(members: readonly TypeText[]): TypeText {
  if (members.length === 0) return primary("unknown");
  if (members.length === 1) return members[0]!;
  return { text: members.map((m) => (m.precedence === "union" ? `(${m.text})` : m.text)).join(" & "), precedence: "intersection" };
}

/** `T[]`, parenthesised when needed. */
export function arrayOf(element: TypeText): TypeText {
  return primary(element.precedence === "primary" ? `${element.text}[]` : `(${element.text})[]`);
}

/** `[A, B]`, or `[A, B, ...R[]]` with a rest type. */
export function tupleOf(elements: readonly TypeText[], rest?: TypeText): TypeText {
  const texts = elements.map((e) => e.text);
  if (rest !== undefined) texts.push(`...${rest.text}`);
  return primary(`[${texts.join(", ")}]`);
}

/** `T | null`. */
export function nullable(inner: TypeText): TypeText {
  return unionOf([inner, primary("null")]);
}

/** One property of an object type. */
export interface PropertyText {
  name: string;
  type: TypeText;
  optional: boolean;
  doc?: string;
}

/** `{ a: T; b?: U }`, one member per line; `Record<string, never>` for no properties. */
export function objectType(properties: readonly PropertyText[]): TypeText {
  if (properties.length === 0) return reference("Record<string, never>");
  return objectTypeLiteral(properties.map((p) => `${docComment(p.doc)}${propertyKey(p.name)}${p.optional ? "?" : ""}: ${p.type.text};`));
}

/** An object type literal written expanded (prettier keeps it so: one member per line). */
export function objectTypeLiteral(members: readonly string[]): TypeText {
  return primary(`{\n${members.join("\n")}\n}`);
}

/** The literal type of a JSON value (`"transaction"`, `0`, `null`, `{ a: true }`). */
export function literalType(value: JsonValue): TypeText {
  if (value === null) return primary("null");
  if (typeof value === "string" || typeof value === "boolean") return primary(JSON.stringify(value));
  if (typeof value === "number") return primary(JSON.stringify(value));
  if (Array.isArray(value)) return tupleOf(value.map((v) => literalType(v)));
  const keys = Object.keys(value).sort();
  return objectType(keys.map((key) => ({ name: key, type: literalType(value[key]!), optional: false })));
}

/** `text` with its control characters (other than tab and line breaks) written `\u0007`: they would be invisible in a comment. */
export function escapeControlCharacters(text: string): string {
  return text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A TSDoc block for `text` (empty string when there is nothing to say). */
export function docComment(text: string | undefined): string {
  if (text === undefined) return "";
  const lines = escapeControlCharacters(text)
    .replace(/\*\//g, "*\\/")
    .split(/\r\n?|\n/)
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  while (lines.length > 0 && lines[0] === "") lines.shift();
  if (lines.length === 0) return "";
  if (lines.length === 1) return `/** ${lines[0]} */\n`;
  return `/**\n${lines.map((line) => (line === "" ? " *" : ` * ${line}`)).join("\n")}\n */\n`;
}

/** TSDoc text from a title and a description, skipping a description that repeats the title. */
export function docText(title: string | undefined, description: string | undefined, extra: readonly string[] = []): string | undefined {
  const parts: string[] = [];
  if (title !== undefined && title.trim() !== "") parts.push(title.trim());
  if (description !== undefined && description.trim() !== "" && description.trim() !== title?.trim()) parts.push(description.trim());
  parts.push(...extra);
  return parts.length === 0 ? undefined : parts.join("\n\n");
}

/** A JSON-like value as a JavaScript literal (`{ kind: "static", name: "chains" }`). */
export function literal(value: unknown): string {
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    // A computed `__proto__` key makes an own property; a plain one would set the prototype.
    return `{ ${Object.entries(value).map(([key, v]) => `${key === "__proto__" ? '["__proto__"]' : propertyKey(key)}: ${literal(v)}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}
