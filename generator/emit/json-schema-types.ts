/**
 * TypeScript types from JSON schemas, for values the codec IR types only by their schema:
 * `json-only` nodes and the JSON-only cases of unions. Only the draft-04 keywords Octez uses
 * shape the type; the rest (bounds, patterns) is left to the validators.
 *
 * A `$ref` names a definition of some body schema. It becomes, in order of preference: the
 * value-model type of a known encoding, `Unistring`, the type of the model definition of that
 * name, or a type derived here from the first body schema that defines it (declared once,
 * under its own name, so recursive schemas work).
 */

import type { JsonSchema } from "../model/json-schema.ts";
import { refName } from "../reconcile/json-view.ts";
import { knownByJsonName } from "../reconcile/known-encodings.ts";
import { compareStrings, pascalCase } from "./names.ts";
import { arrayOf, docComment, docText, literalType, objectType, objectTypeLiteral, primary, reference, tupleOf, typeAlias, unionOf, type PropertyText, type TypeText } from "./ts-syntax.ts";
import type { JsonValue } from "../ir/codec-ir.ts";

/** What the converter needs from the rest of the type emitter. */
export interface JsonTypeHost {
  /** The type of a model definition named `name`, if the model has one. */
  definitionType(name: string): string | undefined;
  /** The TypeScript type of a known encoding (records any runtime import). */
  knownType(id: string): TypeText;
  /** A runtime type by name (records the import). */
  runtimeType(name: "Unistring" | "JsonValue"): TypeText;
  /** A fresh exported identifier. */
  claim(wanted: string): string;
}

export class JsonSchemaTypes {
  /** Definition name → declared type name, for definitions typed from their schema. */
  private readonly declared = new Map<string, string>();
  private readonly declarations = new Map<string, string>();

  constructor(
    /** Every definition of every body schema, first occurrence kept. */
    private readonly pool: ReadonlyMap<string, JsonSchema>,
    private readonly host: JsonTypeHost,
  ) {}

  /** The type of values matching `schema`. */
  typeOf(schema: JsonSchema): TypeText {
    if (schema.$ref !== undefined) return this.reference(schema.$ref);
    if (Array.isArray(schema.enum)) return unionOf(schema.enum.map((v) => literalType(v as JsonValue)));
    if (Array.isArray(schema.oneOf)) return unionOf(schema.oneOf.map((s) => this.typeOf(s)));
    const anyOf = schema["anyOf"];
    if (Array.isArray(anyOf)) return unionOf((anyOf as JsonSchema[]).map((s) => this.typeOf(s)));
    if (Array.isArray(schema.type)) return unionOf(schema.type.map((type) => this.typeOf({ ...schema, type })));
    switch (schema.type) {
      case "string":
        return primary("string");
      case "number":
      case "integer":
        return primary("number");
      case "boolean":
        return primary("boolean");
      case "null":
        return primary("null");
      case "array":
        return this.array(schema);
      case "object":
        return this.object(schema);
      default:
        return this.host.runtimeType("JsonValue");
    }
  }

  /** Declarations of the definitions typed from their schema, sorted by type name. */
  emitDeclarations(): string[] {
    return [...this.declarations.entries()].sort(([a], [b]) => compareStrings(a, b)).map(([, code]) => code);
  }

  private reference(ref: string): TypeText {
    const name = refName(ref);
    const known = knownByJsonName(name);
    if (known) return this.host.knownType(known.id);
    if (name === "unistring") return this.host.runtimeType("Unistring");
    const definition = this.host.definitionType(name);
    if (definition !== undefined) return reference(definition);
    const declared = this.declared.get(name);
    if (declared !== undefined) return reference(declared);
    const schema = this.pool.get(name);
    if (!schema) return this.host.runtimeType("JsonValue");
    const typeName = this.host.claim(pascalCase(name));
    this.declared.set(name, typeName);
    const type = this.typeOf(schema);
    const doc = docComment(docText(schema.title, schema.description, [`Typed from the JSON schema of \`${name}\` (met only where the value has no binary form).`]));
    this.declarations.set(typeName, `${doc}${typeAlias(typeName, type)}\n`);
    return reference(typeName);
  }

  private array(schema: JsonSchema): TypeText {
    const items = schema.items;
    if (Array.isArray(items)) {
      const elements = items.map((s) => this.typeOf(s));
      const rest = schema.additionalItems;
      if (rest === undefined || rest === false) return tupleOf(elements);
      const more = rest === true ? this.host.runtimeType("JsonValue") : this.typeOf(rest);
      return tupleOf(elements, arrayOf(more));
    }
    return arrayOf(items === undefined ? this.host.runtimeType("JsonValue") : this.typeOf(items));
  }

  private object(schema: JsonSchema): TypeText {
    const properties = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const extra = schema.additionalProperties;
    if (properties.length === 0 && extra !== false) {
      const value = extra === undefined || extra === true ? this.host.runtimeType("JsonValue") : this.typeOf(extra);
      return objectTypeLiteral([`[key: string]: ${value.text};`]);
    }
    const props = properties.map(([name, s]): PropertyText => {
      const prop: PropertyText = { name, type: this.typeOf(s), optional: !required.has(name) };
      const doc = docText(undefined, s.description);
      if (doc !== undefined) prop.doc = doc;
      return prop;
    });
    return objectType(props);
  }
}
