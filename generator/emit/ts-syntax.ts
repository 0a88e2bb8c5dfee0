/**
 * Small pieces of TypeScript syntax the emitters share: type expressions that know how tightly
 * they bind (so `(A | B)[]` gets its parentheses), literal types and TSDoc comments.
 */

import type { JsonValue } from "../ir/codec-ir.ts";
import { propertyKey } from "./names.ts";
import { flatText, fluidAssignment, group, hardline, indent, line } from "./layout/doc.ts";
import { objectTypeLiteral, tupleType, unionType, type TypePosition } from "./layout/syntax.ts";

export type { TypePosition };

/**
 * A type expression, as marked text (layout/doc.ts). `precedence` says how it may be embedded:
 * a union needs parentheses inside an intersection or before `[]`, an intersection before `[]`.
 * `text` is the layout for a type annotation (`a: T`); the other places a union can stand in
 * lay it out differently, from its `members` ({@link unionIn}).
 */
export interface TypeText {
  text: string;
  precedence: "union" | "intersection" | "primary";
  /** The members of a union, so that unions of unions flatten. */
  members?: readonly TypeText[];
  /** Whether prettier counts it as object-like when deciding to keep `T | null` on one line. */
  objectLike?: boolean;
}

export const primary = (text: string): TypeText => ({ text, precedence: "primary" });

/** A named type (`Foo`, `Array<Foo>`), which prettier treats as object-like. */
export const reference = (text: string): TypeText => ({ text, precedence: "primary", objectLike: true });

/** The marked text of `type` at `position`. */
export function unionIn(type: TypeText, position: TypePosition): string {
  if (type.precedence !== "union" || type.members === undefined || isHuggedUnion(type.members)) return type.text;
  return unionType(type.members.map((m) => m.text), position);
}

/**
 * prettier keeps a union of one object-like type with `null` on one line, whatever its length
 * (`{ … } | null`).
 */
function isHuggedUnion(members: readonly TypeText[]): boolean {
  const objects = members.filter((m) => m.objectLike === true);
  return objects.length === 1 && members.every((m) => m.objectLike === true || m.text === "null" || m.text === "void");
}

/** `export type Name = T;`, laid out as prettier lays out a type alias. */
export function typeAlias(name: string, type: TypeText): string {
  return aliasDeclaration(`export type ${name} =`, type);
}

/** `type Name = T;`: a type alias private to its module. */
export function localTypeAlias(name: string, type: TypeText): string {
  return aliasDeclaration(`type ${name} =`, type);
}

function aliasDeclaration(head: string, type: TypeText): string {
  if (type.precedence === "union" && type.members !== undefined && !isHuggedUnion(type.members)) {
    return `${group(head, group(indent(line, unionIn(type, "alias"))))};`;
  }
  return `${head}${fluidAssignment(type.text)};`;
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
  const text = isHuggedUnion(unique) ? unique.map((m) => m.text).join(" | ") : unionType(unique.map((m) => m.text), "annotation");
  return { text, precedence: "union", members: unique };
}

/** The intersection of `members`; `unknown` when empty. */
export function intersectionOf(members: readonly TypeText[]): TypeText {
  if (members.length === 0) return primary("unknown");
  if (members.length === 1) return members[0]!;
  return { text: members.map((m) => (m.precedence === "union" ? `(${unionIn(m, "parenthesized")})` : m.text)).join(" & "), precedence: "intersection" };
}

/** `T[]`, parenthesised when needed. */
export function arrayOf(element: TypeText): TypeText {
  if (element.precedence === "primary") return primary(`${element.text}[]`);
  return primary(`(${element.precedence === "union" ? unionIn(element, "parenthesized") : element.text})[]`);
}

/** `[A, B]`, or `[A, B, ...R[]]` with a rest type. */
export function tupleOf(elements: readonly TypeText[], rest?: TypeText): TypeText {
  const count = elements.length + (rest === undefined ? 0 : 1);
  const position: TypePosition = count > 1 ? "tupleElement" : "annotation";
  const texts = elements.map((e) => unionIn(e, position));
  if (rest !== undefined) texts.push(`...${rest.text}`);
  return primary(tupleType(texts));
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
  const members = properties.map((p) => `${markedDocComment(p.doc)}${propertyKey(p.name)}${p.optional ? "?" : ""}: ${p.type.text};`);
  return { text: objectTypeLiteral(members), precedence: "primary", objectLike: true };
}

/** {@link docComment} as marked text, its lines joined by hard lines (for use inside a marked line). */
export function markedDocComment(text: string | undefined): string {
  const comment = docComment(text);
  return comment === "" ? "" : comment.slice(0, -1).split("\n").join(hardline) + hardline;
}

/** The text of a type on one line (for prose: comments, messages). */
export function typeOnOneLine(type: TypeText): string {
  return flatText(type.text);
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

/**
 * `text` with its control characters (other than tab and line breaks) written `\u0007`: they
 * would be invisible in a comment, and they are the layout's markers (layout/doc.ts).
 */
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
