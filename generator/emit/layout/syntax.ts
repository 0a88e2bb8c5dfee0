/**
 * The layouts of the TypeScript constructs the emitters write, built from doc.ts's markers the
 * way prettier builds them (trailing commas everywhere a list breaks, `{ a }` with spaces, a
 * broken union with a leading `|` on each member), so that laid-out files are prettier's
 * fixed point. Every function returns marked text for one line of an emitter.
 */

import { propertyKey } from "../names.ts";
import { align2, brokenGroup, conditionalGroup, fill, flatText, fluidAssignment, group, hardline, ifBreak, indent, line, MARK, softline } from "./doc.ts";

/** A comma-separated list between `open` and `close` that breaks one item per line. */
function delimitedList(open: string, items: readonly string[], close: string, trailingComma: boolean, spaced: boolean): string {
  const edge = spaced ? line : softline;
  return group(open, indent(edge, items.join(`,${line}`)), trailingComma ? ifBreak(",") : "", edge, close);
}

/** `(a, b)`: the arguments of a call, or the parameters of a function or method. */
export function argumentList(items: readonly string[]): string {
  if (items.length === 0) return "()";
  return delimitedList("(", items, ")", true, false);
}

/**
 * `(a, b, { … })` where the last argument is an object literal: prettier keeps the other
 * arguments on the call's line and breaks the object when the whole does not fit.
 * `lastFlat` and `lastBroken` are the object's two layouts ({@link objectLiteral} without and
 * with `expanded`).
 */
export function argumentListHuggingLast(items: readonly string[], lastFlat: string, lastBroken: string): string {
  const leading = items.map((item) => `${item},${line}`).join("");
  return conditionalGroup([
    `(${leading}${lastFlat})`,
    `(${leading}${group(lastBroken)})`,
    argumentList([...items, lastFlat]),
  ]);
}

/**
 * `<A, B>`: type arguments (no trailing comma when broken, as prettier prints them). A single
 * plain name or object type stays inside the brackets whatever the width, as prettier keeps it.
 */
export function typeArgumentList(items: readonly string[]): string {
  if (items.length === 0) return "";
  if (items.length === 1 && (PLAIN_TYPE_NAME.test(items[0]!) || items[0]!.startsWith(`${MARK.brokenGroupOpen}{`))) return `<${items[0]}>`;
  return delimitedList("<", items, ">", false, false);
}

/** A type named without type arguments (`Thing`, `Module.Thing`). */
const PLAIN_TYPE_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** `{ a, b: c }`; `expanded` keeps it broken, as prettier does for objects written that way. */
export function objectLiteral(entries: readonly string[], expanded = false): string {
  if (entries.length === 0) return "{}";
  const body = indent(line, entries.join(`,${line}`));
  return expanded ? brokenGroup("{", body, ifBreak(","), line, "}") : group("{", body, ifBreak(","), line, "}");
}

/**
 * `[a, b]`. As prettier does, a list of two or more object (or array) literals with more than
 * one entry each always breaks, and a list of numbers fills its lines.
 */
export function arrayLiteral(items: readonly string[], options: { elementsAreLargeObjects?: boolean; numbers?: boolean } = {}): string {
  if (items.length === 0) return "[]";
  if (options.numbers) {
    return group("[", indent(softline, fill(items.map((item, i) => (i < items.length - 1 ? `${item},` : item)))), ifBreak(","), softline, "]");
  }
  const body = indent(softline, items.map((item) => group(item)).join(`,${line}`));
  const broken = options.elementsAreLargeObjects === true && items.length > 1;
  return (broken ? brokenGroup : group)("[", body, ifBreak(","), softline, "]");
}

/** `import { a, b } from "m";` (or `import type`). */
export function importDeclaration(names: readonly string[], from: string, typeOnly = false): string {
  return `import ${typeOnly ? "type " : ""}${delimitedList("{", names, "}", true, true)} from ${JSON.stringify(from)};`;
}

/** `a && b && c` as a condition (of `if`, `while`): each operand on its line when broken. */
export function logicalChain(operator: "&&" | "||", operands: readonly string[]): string {
  return operands.join(` ${operator}${line}`);
}

/** `if (condition) {`: a long condition goes between the parentheses, indented. */
export function ifHead(condition: string): string {
  return `if (${group(indent(softline, condition), softline)}) {`;
}

/** `test ? yes : no` as the value of a declaration or return: branches on their lines when broken. */
export function conditionalExpression(test: string, yes: string, no: string): string {
  return group(test, indent(line, "? ", yes, line, ": ", no));
}

/**
 * `if (condition) statement;` without braces: prettier puts the statement on the next line,
 * indented, when the whole does not fit.
 */
export function ifWithoutBraces(condition: string, statement: string): string {
  return group(`if (${condition})`, indent(line, statement));
}

/**
 * Where a union type stands, which decides its layout:
 * - `annotation`: after `:` (properties, parameters, return types): indented on the next line when broken;
 * - `alias`: the right side of `type X =` (the alias breaks after `=` itself);
 * - `argument`: a type argument (`Array<A | B>`);
 * - `tupleElement`: an element of a tuple of several elements: parenthesised when broken;
 * - `parenthesized`: inside parentheses the caller writes (before `[]`, inside an intersection).
 */
export type TypePosition = "annotation" | "alias" | "argument" | "tupleElement" | "parenthesized";

/** A union of (marked) member types. Broken, each member goes on its own line after `| `. */
export function unionType(members: readonly string[], position: TypePosition): string {
  const printed = group(ifBreak("| "), members.map((m) => align2(m)).join(`${line}| `));
  switch (position) {
    case "alias":
    case "argument":
      return printed;
    case "tupleElement":
      return group(indent(ifBreak(`(${softline}`), printed), softline, ifBreak(")"));
    case "parenthesized":
      return group(indent(softline, printed), softline);
    case "annotation":
      return group(indent(softline, printed));
  }
}

/** `[A, B]`: a tuple type (its elements laid out for their position by the caller). */
export function tupleType(elements: readonly string[]): string {
  if (elements.length === 0) return "[]";
  return delimitedList("[", elements.map((e) => group(e)), "]", true, false);
}

/** An object type literal; written expanded (one member per line), as the emitters write them. */
export function objectTypeLiteral(members: readonly string[]): string {
  if (members.length === 0) return "{}";
  return brokenGroup("{", indent(hardline, members.join(hardline)), hardline, "}");
}

/** A parameter of a function signature: its text, and whether its type is an object type literal. */
export interface Parameter {
  text: string;
  objectType?: boolean;
}

/**
 * `(a: A, b: B): R`: the parameters and return type of a function or method, laid out as
 * prettier lays them out: parameters and return type break together, except that a single
 * parameter is kept apart from a return type that is an object type literal (or breaks
 * anyway), and a single parameter of an object type literal hugs the parentheses.
 */
export function signature(parameters: readonly Parameter[], returnType: string, returnShape: { objectType?: boolean; breaks?: boolean } = {}): string {
  const returnPart = returnType === "" ? "" : `: ${returnType}`;
  if (parameters.length === 0) return group(`()${returnPart}`);
  if (parameters.length === 1 && parameters[0]!.objectType === true) return group(`(${parameters[0]!.text})${returnPart}`);
  const list = ["(", indent(softline, parameters.map((p) => p.text).join(`,${line}`)), ifBreak(","), softline, ")"].join("");
  const groupApart = parameters.length === 1 && (returnShape.objectType === true || returnShape.breaks === true);
  return group(groupApart ? group(list) : list, returnPart);
}

/**
 * `key: value` in an object literal, with prettier's choice of where it may break: never after
 * a short key, after the colon before a string, and otherwise only when the value cannot
 * start on the key's line.
 */
export function property(key: string, value: string, valueIsString = false): string {
  // Breaking after a key shorter than this gains too little room to be worth a line.
  if (key.length < 5) return `${key}: ${value}`;
  if (valueIsString) return group(`${key}:`, group(indent(line, value)));
  return `${key}:${fluidAssignment(value)}`;
}

/** A JSON-like value as a JavaScript literal (`{ kind: "static", name: "chains" }`), laid out. */
export function literal(value: unknown): string {
  if (Array.isArray(value)) {
    const largeObjects = value.length > 1 && value.every((v) => isPlainObject(v) && Object.keys(v).length > 1);
    const numbers = value.length > 0 && value.every((v) => typeof v === "number");
    return arrayLiteral(value.map((v) => literal(v)), { elementsAreLargeObjects: largeObjects, numbers });
  }
  if (isPlainObject(value)) {
    return objectLiteral(Object.entries(value).map(([key, v]) => property(propertyKey(key), literal(v), typeof v === "string")));
  }
  if (value === undefined) return "undefined";
  if (typeof value === "string") return stringLiteral(value);
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A string literal as prettier writes it: in double quotes, unless the text holds more double
 * quotes than single ones.
 */
export function stringLiteral(text: string): string {
  if (occurrences(text, '"') <= occurrences(text, "'")) return JSON.stringify(text);
  const body = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${body}'`;
}

/** How many times `char` occurs in `text`. */
function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/**
 * `left = right` (the caller adds `const`/`let` and the `;`). prettier breaks after `=` first
 * when the right side is a call that could only break around a lone short argument
 * (`decodeThing(r)`), or when the caller says so (`breakAfterOperator`: a conditional whose
 * test is a comparison); otherwise the right side stays on the line as long as it can start there.
 */
export function assignment(left: string, right: string, options: { breakAfterOperator?: boolean } = {}): string {
  const breakFirst = options.breakAfterOperator === true || POORLY_BREAKABLE_CALL.test(flatText(right));
  return breakFirst ? `${left} =${group(indent(line, right))}` : `${left} =${fluidAssignment(right)}`;
}

/** A call of a name or of a chain of names, with no argument or one short name or number. */
const POORLY_BREAKABLE_CALL = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\((?:[A-Za-z_$][\w$]{0,19}|\d{1,20})?\)$/;
