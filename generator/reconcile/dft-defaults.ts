/**
 * data-encoding's `dft` fields: a property JSON may leave out while the binary layout always
 * writes it (not behind a presence byte, not a variable value ending its frame). Octez's JSON
 * leaves such a field out exactly when it holds its default, so reading binary back into the
 * node's JSON, and writing JSON that leaves it out, both need the default.
 *
 * The rule (docs/value-model.md, "Fields with a default"):
 * - a `default` the JSON schema states is the default (the shell's `spec/` states them);
 * - otherwise, the value's zero when its type has exactly one: integers and numeric strings
 *   (`0`, or `"0"` for int64 and zarith values: `Z.zero`, mutez, milligas), booleans (`false`),
 *   lists (`[]`), fixed-size bytes (all zero bytes). Octez's describe and OpenAPI state no
 *   default, and in the protocols its `dft` defaults are these zeros almost always;
 * - any other value (text such as an entrypoint whose default is `"default"`, objects, unions,
 *   hashes, floats) gets no assumed default: decoding shows it and encoding needs it. The
 *   generator reports those, and the fields given a zero ({@link defaultedFields}).
 */

import type { CodecDefinition, IR, JsonValue, ObjectItem } from "../ir/codec-ir.ts";

/** Known encodings whose JSON is a decimal string with a zero (`"0"`). */
const DECIMAL_KNOWN = new Set(["zarith_n", "zarith_z"]);

/**
 * The zero of a value's type when it has exactly one, else `undefined`. Named definitions are
 * not followed: what they hold is not settled while reconciling, and a named value is rarely a
 * bare number (such a field is reported without a default instead).
 */
export function zeroOf(codec: IR): JsonValue | undefined {
  switch (codec.kind) {
    case "int":
      return codec.decimal ? "0" : 0;
    case "ranged-int":
      return codec.min <= 0 && codec.max >= 0 ? 0 : undefined;
    case "bool":
      return false;
    case "known":
      return DECIMAL_KNOWN.has(codec.id) ? "0" : undefined;
    case "list":
      return codec.limit?.kind === "exactly" && codec.limit.count > 0 ? undefined : [];
    case "bytes":
      return codec.size.kind === "fixed" ? "00".repeat(codec.size.bytes) : undefined;
    case "dynamic":
    case "padded":
      return zeroOf(codec.inner);
    default:
      return undefined;
  }
}

/**
 * The object item of a `dft` field: its stated default, else its type's zero (marked
 * `zeroDefault`), else none (decoding always shows it; encoding fails when it is absent).
 */
export function dftField(name: string, codec: IR, stated: JsonValue | undefined): Extract<ObjectItem, { kind: "field" }> {
  const field: Extract<ObjectItem, { kind: "field" }> = { kind: "field", name, codec, presence: "required", jsonOptional: true };
  if (stated !== undefined) return { ...field, default: stated };
  const zero = zeroOf(codec);
  return zero === undefined ? field : { ...field, default: zero, zeroDefault: true };
}

/** A `dft` field whose default no schema states: given its type's zero, or none. */
export interface DefaultedField {
  /** `definition.field`, `METHOD /route output.field`; `<Case>` marks a union case, `[]` a list element. */
  where: string;
  /** The zero assumed; absent when the type has none (the field keeps no default). */
  zero?: JsonValue;
}

/**
 * Every `dft` field of an interface whose default no schema states, by definition (or body
 * when not in one): what `generate` reports, so the fields given a zero can be read over.
 */
export function defaultedFields(definitions: ReadonlyMap<string, CodecDefinition>, bodies: Iterable<{ where: string; codec: IR }>): DefaultedField[] {
  const found = new Map<string, DefaultedField>();
  const visit = (ir: IR, where: string): void => {
    switch (ir.kind) {
      case "object":
        visitItems(ir.items, where);
        return;
      case "list":
        return visit(ir.element, `${where}[]`);
      case "tuple":
        ir.elements.forEach((element, index) => {
          if (element.kind === "element") visit(element.codec, `${where}[${index}]`);
        });
        return;
      case "union":
        for (const c of ir.cases) visit(c.payload, `${where}<${c.name}>`);
        return;
      case "option":
        return visit(ir.some, where);
      case "dynamic":
      case "padded":
        return visit(ir.inner, where);
      default:
        return;
    }
  };
  const visitItems = (items: readonly ObjectItem[], where: string): void => {
    for (const item of items) {
      if (item.kind === "frame") visitItems(item.items, where);
      else if (item.kind === "merge") visit(item.codec, where);
      else if (item.kind === "field") {
        const at = `${where}.${item.name}`;
        if (item.zeroDefault) found.set(at, { where: at, zero: item.default! });
        else if (item.jsonOptional && item.default === undefined) found.set(at, { where: at });
        visit(item.codec, at);
      }
    }
  };
  for (const [name, definition] of definitions) visit(definition.codec, name);
  for (const body of bodies) visit(body.codec, body.where);
  return [...found.values()];
}
