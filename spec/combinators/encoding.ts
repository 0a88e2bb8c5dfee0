/**
 * Description-only encodings, modelled on the OCaml data-encoding library.
 *
 * An `Encoding` value carries no codec: it only knows how to describe itself as a draft-04 JSON
 * schema (`json-schema.ts`) and as a data-encoding binary schema (`binary-schema.ts`), exactly as
 * an Octez 20.3 node prints them in `/describe`. The node shapes mirror data-encoding's internal
 * description tree closely, because the printed schemas depend on that tree (where a `def`
 * sits, whether a list is wrapped in a length prefix, whether an object has one field or more).
 */

export type IntSize = "Int8" | "Uint8" | "Int16" | "Uint16" | "Int32" | "Int64";
export type LengthKind = "Uint30" | "Uint16" | "Uint8" | "N";
export type TagSize = "Uint8" | "Uint16";
/** Size class of an encoding: fixed number of bytes, self-delimiting, or "rest of the frame". */
export type Kind = { fixed: number } | "dynamic" | "variable";
export type LengthLimit = { kind: "at-most"; n: number } | { kind: "exactly"; n: number };
/** A JSON value (used for defaults, enum values and custom JSON schemas). */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface Field {
  readonly presence: "req" | "opt" | "dft";
  readonly name: string;
  readonly encoding: Encoding;
  readonly title?: string;
  readonly description?: string;
  /** JSON form of the default value of a `dft` field. */
  readonly default?: Json;
}

export interface Case {
  /** Binary tag, or `null` for a case that exists only in JSON. */
  readonly tag: number | null;
  readonly title: string;
  readonly description?: string;
  readonly encoding: Encoding;
}

export type Encoding =
  | { readonly t: "null" }
  | { readonly t: "empty" }
  | { readonly t: "ignore" }
  | { readonly t: "constant"; readonly value: string }
  | { readonly t: "bool" }
  | { readonly t: "int"; readonly size: IntSize; readonly little?: boolean }
  | { readonly t: "int31"; readonly little?: boolean }
  | { readonly t: "n" }
  | { readonly t: "z" }
  | { readonly t: "ranged_int"; readonly min: number; readonly max: number }
  | { readonly t: "float" }
  | { readonly t: "ranged_float"; readonly min: number; readonly max: number }
  | { readonly t: "bytes"; readonly size: number | "variable" }
  | { readonly t: "string"; readonly size: number | "variable" }
  /**
   * String enumeration: binary value = index in `cases`; JSON `enum` lists `jsonOrder` (Octez
   * prints the cases in the iteration order of a hash table, not in definition order).
   */
  | { readonly t: "string_enum"; readonly cases: readonly string[]; readonly jsonOrder: readonly string[] }
  | {
      readonly t: "list";
      readonly elts: Encoding;
      readonly limit?: LengthLimit;
      readonly lengthEncoding?: Encoding;
    }
  | { readonly t: "obj"; readonly field: Field }
  | { readonly t: "objs"; readonly left: Encoding; readonly right: Encoding }
  | { readonly t: "tup"; readonly e: Encoding }
  | { readonly t: "tups"; readonly left: Encoding; readonly right: Encoding }
  | { readonly t: "union"; readonly tagSize: TagSize; readonly cases: readonly Case[] }
  | {
      readonly t: "describe";
      readonly id: string;
      readonly title?: string;
      readonly description?: string;
      readonly e: Encoding;
    }
  | { readonly t: "splitted"; readonly json: Encoding; readonly binary: Encoding }
  | { readonly t: "dynamic_size"; readonly kind: LengthKind; readonly e: Encoding }
  | { readonly t: "check_size"; readonly limit: number; readonly e: Encoding }
  | { readonly t: "padded"; readonly e: Encoding; readonly n: number }
  /**
   * A recursive encoding (data-encoding `mu`): `body` receives this very node to refer to
   * itself. It is always a named definition, on both sides.
   */
  | {
      readonly t: "mu";
      readonly name: string;
      readonly title?: string;
      readonly description?: string;
      readonly kind: Kind;
      readonly body: (self: Encoding) => Encoding;
    }
  /** JSON side given by an explicit schema (data-encoding `conv ~schema`); binary side `e`. */
  | { readonly t: "custom_json"; readonly schema: { [k: string]: Json }; readonly e: Encoding };
