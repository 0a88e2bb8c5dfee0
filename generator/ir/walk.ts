/** Generic traversals of the codec IR. */

import type { IR, ObjectItem, TupleElement } from "./codec-ir.ts";

/** A copy of `ir` with every `ref` name passed through `rename`. */
export function mapRefs(ir: IR, rename: (name: string) => string): IR {
  const go = (node: IR): IR => {
    switch (node.kind) {
      case "ref":
        return { kind: "ref", name: rename(node.name) };
      case "object":
        return { kind: "object", items: node.items.map(item) };
      case "tuple":
        return { kind: "tuple", elements: node.elements.map(element) };
      case "list":
        return { ...node, element: go(node.element) };
      case "union":
        return { ...node, cases: node.cases.map((c) => ({ ...c, payload: go(c.payload) })) };
      case "option":
        return { kind: "option", some: go(node.some) };
      case "dynamic":
        return { ...node, inner: go(node.inner) };
      case "padded":
        return { ...node, inner: go(node.inner) };
      default:
        return node;
    }
  };
  const item = (entry: ObjectItem): ObjectItem => {
    switch (entry.kind) {
      case "field":
        return { ...entry, codec: go(entry.codec) };
      case "frame":
        return { ...entry, items: entry.items.map(item) };
      case "merge":
        return { kind: "merge", codec: go(entry.codec) };
      default:
        return entry;
    }
  };
  const element = (entry: TupleElement): TupleElement => {
    switch (entry.kind) {
      case "element":
        return { kind: "element", codec: go(entry.codec) };
      case "frame":
        return { ...entry, elements: entry.elements.map(element) };
      default:
        return entry;
    }
  };
  return go(ir);
}

/** Calls `visit` on every node of `ir` (not following refs). */
export function forEachNode(ir: IR, visit: (node: IR) => void): void {
  const go = (node: IR): void => {
    visit(node);
    switch (node.kind) {
      case "object":
        node.items.forEach(item);
        break;
      case "tuple":
        node.elements.forEach(element);
        break;
      case "list":
        go(node.element);
        break;
      case "union":
        node.cases.forEach((c) => go(c.payload));
        break;
      case "option":
        go(node.some);
        break;
      case "dynamic":
      case "padded":
        go(node.inner);
        break;
      default:
        break;
    }
  };
  const item = (entry: ObjectItem): void => {
    if (entry.kind === "field" || entry.kind === "merge") go(entry.codec);
    else if (entry.kind === "frame") entry.items.forEach(item);
  };
  const element = (entry: TupleElement): void => {
    if (entry.kind === "element") go(entry.codec);
    else if (entry.kind === "frame") entry.elements.forEach(element);
  };
  go(ir);
}
