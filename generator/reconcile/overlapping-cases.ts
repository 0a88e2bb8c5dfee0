/**
 * Union cases whose JSON shapes overlap at the top level: a value could have the shape of
 * several, and only something deeper tells them apart (block_services' operation without
 * receipts and with them differ only inside `contents`: items without or with `metadata`). The
 * encoder tries such cases in tag order and takes the first whose encoder accepts the value
 * (`first-that-fits`), as data-encoding tries a union's cases in turn. No data is dropped: a
 * case's encoder is strict (its objects refuse a property they do not have, and require their
 * required ones), so a value with receipts never fits the case without them. A value that fits
 * none gets the error of the case that went deepest (`deeperFailure`), which names the path.
 */
import type { CaseMatch, UnionCase } from "../ir/codec-ir.ts";

type ObjectShape = Extract<CaseMatch, { kind: "object" }>;

/**
 * `cases` with those whose closed object shapes overlap chosen by `first-that-fits`. Only closed
 * shapes (data-encoding's objects, as the schema says): an open shape accepts more than its
 * case's encoder does, so its overlap says nothing of the values.
 */
export function withOverlappingCases(cases: UnionCase[]): UnionCase[] {
  const overlapping = new Set<UnionCase>();
  for (const [i, a] of cases.entries()) {
    for (const b of cases.slice(i + 1)) {
      if (a.match.kind !== "object" || b.match.kind !== "object" || !a.match.closed || !b.match.closed) continue;
      if (mayBothFit(a.match, b.match)) overlapping.add(a).add(b);
    }
  }
  return overlapping.size === 0 ? cases : cases.map((c) => (overlapping.has(c) ? { ...c, match: { kind: "first-that-fits" } } : c));
}

/**
 * Whether some JSON object holding a property could have both closed shapes: they share a
 * property, no constant both require differs, and neither lacks a property the other requires.
 * (Shapes of different properties share only `{}`, which the runtime's `selectCase` gives the
 * first, as Octez does: it carries nothing a case could drop.)
 */
function mayBothFit(a: ObjectShape, b: ObjectShape): boolean {
  if (!a.properties.some((p) => b.properties.some((q) => q.name === p.name))) return false;
  for (const p of a.properties) {
    const q = b.properties.find((r) => r.name === p.name);
    if (q === undefined) continue;
    if (p.required && q.required && Object.hasOwn(p, "constant") && Object.hasOwn(q, "constant") && JSON.stringify(p.constant) !== JSON.stringify(q.constant)) return false;
    if (p.required && q.required && p.types !== undefined && q.types !== undefined && !p.types.some((t) => q.types!.includes(t))) return false;
  }
  const lacks = (shape: ObjectShape, other: ObjectShape) => other.properties.some((p) => p.required && !shape.properties.some((q) => q.name === p.name));
  return !lacks(a, b) && !lacks(b, a);
}

/**
 * The shape of a case whose JSON is a `oneOf` of closed objects (a case holding a union of its
 * own): a closed object of every alternative's properties, required where every alternative
 * requires them, constant where they all hold the same. Undefined when an alternative is not a
 * closed object.
 */
export function alternativesMatch(alternatives: readonly CaseMatch[]): ObjectShape | undefined {
  if (alternatives.length === 0 || !alternatives.every((a): a is ObjectShape => a.kind === "object" && a.closed)) return undefined;
  const names = [...new Set(alternatives.flatMap((a) => a.properties.map((p) => p.name)))];
  const properties = names.map((name) => {
    const each = alternatives.map((a) => a.properties.find((p) => p.name === name));
    const required = each.every((p) => p?.required === true);
    const first = each[0];
    if (first !== undefined && Object.hasOwn(first, "constant") && each.every((p) => p !== undefined && Object.hasOwn(p, "constant") && JSON.stringify(p.constant) === JSON.stringify(first.constant))) return { name, required, constant: first.constant };
    const types = each.every((p) => p?.types !== undefined) ? [...new Set(each.flatMap((p) => p!.types!))].sort() : undefined;
    return types === undefined ? { name, required } : { name, required, types };
  });
  return { kind: "object", properties, closed: true };
}
