/** Generic traversals of the codec IR. */

import type { IR, ObjectItem, TupleElement, UnionCase } from "./codec-ir.ts";

type Rename = (name: string) => string;

/**
 * `ir` with every `ref` name passed through `rename`, every other property of a node kept (an
 * object's `signatureSplit` and `jsonOnly`…). Only the nodes on the way to a renamed
 * reference are copied; a part without one is returned as it is (so `ir` itself, when nothing
 * is renamed), which spares the copies most renamings would otherwise make.
 */
export function mapRefs(ir: IR, rename: Rename): IR {
  return renameNode(ir, rename);
}

function renameNode(node: IR, rename: Rename): IR {
  switch (node.kind) {
    case "ref": {
      const name = rename(node.name);
      return name === node.name ? node : { kind: "ref", name };
    }
    case "object": {
      const items = renameEach(node.items, renameItem, rename);
      return items === node.items ? node : { ...node, items };
    }
    case "tuple": {
      const elements = renameEach(node.elements, renameElement, rename);
      return elements === node.elements ? node : { ...node, elements };
    }
    case "list": {
      const element = renameNode(node.element, rename);
      return element === node.element ? node : { ...node, element };
    }
    case "union": {
      const cases = renameEach(node.cases, renameCase, rename);
      return cases === node.cases ? node : { ...node, cases };
    }
    case "option": {
      const some = renameNode(node.some, rename);
      return some === node.some ? node : { ...node, some };
    }
    case "dynamic":
    case "padded": {
      const inner = renameNode(node.inner, rename);
      return inner === node.inner ? node : { ...node, inner };
    }
    default:
      return node;
  }
}

function renameItem(entry: ObjectItem, rename: Rename): ObjectItem {
  switch (entry.kind) {
    case "field": {
      const codec = renameNode(entry.codec, rename);
      return codec === entry.codec ? entry : { ...entry, codec };
    }
    case "frame": {
      const items = renameEach(entry.items, renameItem, rename);
      return items === entry.items ? entry : { ...entry, items };
    }
    case "merge": {
      const codec = renameNode(entry.codec, rename);
      return codec === entry.codec ? entry : { kind: "merge", codec };
    }
    default:
      return entry;
  }
}

function renameElement(entry: TupleElement, rename: Rename): TupleElement {
  switch (entry.kind) {
    case "element": {
      const codec = renameNode(entry.codec, rename);
      return codec === entry.codec ? entry : { kind: "element", codec };
    }
    case "frame": {
      const elements = renameEach(entry.elements, renameElement, rename);
      return elements === entry.elements ? entry : { ...entry, elements };
    }
    default:
      return entry;
  }
}

function renameCase(entry: UnionCase, rename: Rename): UnionCase {
  const payload = renameNode(entry.payload, rename);
  return payload === entry.payload ? entry : { ...entry, payload };
}

/** `list` with `renameOne` applied to each entry; `list` itself when no entry changed. */
function renameEach<T>(list: T[], renameOne: (entry: T, rename: Rename) => T, rename: Rename): T[] {
  let copy: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    const renamed = renameOne(entry, rename);
    if (copy === undefined && renamed !== entry) copy = list.slice(0, i);
    if (copy !== undefined) copy.push(renamed);
  }
  return copy ?? list;
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
