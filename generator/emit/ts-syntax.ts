/**
 * Small pieces of TypeScript syntax the emitters share: type expressions that know how tightly
 * they bind (so `(A | B)[]` gets its parentheses), literal types and TSDoc comments.
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

/** The union of `members`, without repeats; `never` when empty. */
export function unionOf(members: readonly TypeText[]): TypeText {
  const seen = new Set<string>();
  const unique: TypeText[] = [];
  for (const member of members.flatMap((m) => m.members ?? [m])) {
    if (seen.has(member.text)) continue;
    seen.add(member.text);
    unique.push(member);
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

/** `{ a: T; b?: U }`; `Record<string, never>` for no properties. */
export function objectType(properties: readonly PropertyText[]): TypeText {
  if (properties.length === 0) return primary("Record<string, never>");
  const body = properties.map((p) => `${docComment(p.doc)}${propertyKey(p.name)}${p.optional ? "?" : ""}: ${p.type.text};`).join("\n");
  return primary(`{\n${body}\n}`);
}

/** The literal type of a JSON value (`"transaction"`, `0`, `null`, `{ a: true }`). */
export function literalType(value: JsonValue): TypeText {
  if (value === null) return primary("null");
  if (typeof value === "string" || typeof value === "boolean") return primary(JSON.stringify(value));
  if (typeof value === "number") return primary(value < 0 ? `(${JSON.stringify(value)})` : JSON.stringify(value));
  if (Array.isArray(value)) return primary(`[${value.map((v) => literalType(v).text).join(", ")}]`);
  const keys = Object.keys(value).sort();
  return objectType(keys.map((key) => ({ name: key, type: literalType(value[key]!), optional: false })));
}

/** A TSDoc block for `text` (empty string when there is nothing to say). */
export function docComment(text: string | undefined): string {
  if (text === undefined) return "";
  const lines = text
    .replace(/\*\//g, "*\\/")
    .split(/\r?\n/)
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
