/**
 * Objects and tuples: fields concatenated in definition order (data-encoding.md §7), JSON
 * objects and arrays. Errors inside a field get the field name (object) or JSON index (tuple)
 * prepended to their path.
 *
 * Binary-only parts (padding; see {@link Codec.binaryOnly}) are given without a name and have
 * no JSON value. A field whose codec decodes to `undefined` (an absent optional field) is left
 * out of the object, as in the node's JSON.
 */
import { CodecError, atPath } from "../errors.ts";
import type { Codec } from "../codec.ts";
import { failEncode, failValue } from "./fail.ts";
import { decodeReserving, planFields } from "./field-layout.ts";
import { dynamicSize, type LengthHeader } from "./dynamic-size.ts";

/**
 * A named field; an anonymous binary-only part such as padding; or a group of fields from
 * {@link inlineFields} / {@link dynamicFields}, whose properties belong to this object.
 */
export type ObjectField = readonly [name: string, codec: Codec<any>] | Codec<any>;

/** A group of fields whose properties are merged into the enclosing object. */
export interface FieldGroup extends Codec<Record<string, unknown>> {
  readonly spread: true;
}

function isGroup(codec: Codec<unknown>): codec is FieldGroup {
  return (codec as Partial<FieldGroup>).spread === true;
}

/**
 * Sets an own property named `name`, whatever the name: `__proto__` is an ordinary own property
 * in `JSON.parse` output, where plain assignment would replace the prototype instead.
 */
export function setOwnProperty(out: Record<string, unknown>, name: string, value: unknown): void {
  if (name === "__proto__") Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}

/** Copies the own enumerable properties of `part` into `out` with {@link setOwnProperty} (unlike `Object.assign`, `__proto__` stays data). */
export function assignOwnProperties(out: Record<string, unknown>, part: Record<string, unknown>): void {
  for (const key of Object.keys(part)) setOwnProperty(out, key, part[key]);
}

/**
 * The own property `name` of `record`, `undefined` when it has none: a missing `constructor`
 * or `toString` field must read as missing, not as `Object.prototype`'s function. Typed as the
 * property for generated encoders (whose writers fail with a typed error on `undefined`).
 */
export function ownProperty<T extends object, K extends keyof T & string>(record: T, name: K): T[K] {
  return (Object.hasOwn(record, name) ? record[name] : undefined) as T[K];
}

function rethrowAt(error: unknown, name: string | number | undefined, mode: "decode" | "encode", offset: number): never {
  if (name === undefined) {
    if (error instanceof CodecError) throw error;
    atPath(error, "(unnamed part)", mode, offset);
  }
  atPath(error, name, mode, offset);
}

/** An object of the given fields, in binary order. */
export function object<T extends object = Record<string, unknown>>(fields: readonly ObjectField[]): Codec<T> {
  const names: (string | undefined)[] = fields.map((f) => (Array.isArray(f) ? (f[0] as string) : undefined));
  const codecs: Codec<unknown>[] = fields.map((f) => (Array.isArray(f) ? (f[1] as Codec<unknown>) : (f as Codec<unknown>)));
  const { fields: plan, dataKind } = planFields(codecs, (i) => (names[i] !== undefined ? `field "${names[i]}"` : `part ${i}`));
  const groups: boolean[] = codecs.map((c, i) => names[i] === undefined && isGroup(c));
  const count = plan.length;
  return {
    decode(r) {
      const out: Record<string, unknown> = {};
      let i = 0;
      try {
        for (; i < count; i++) {
          const f = plan[i]!;
          const value = f.reserve < 0 ? f.codec.decode(r) : decodeReserving(r, f.codec, f.reserve);
          const name = names[i];
          if (name !== undefined) {
            if (value !== undefined) setOwnProperty(out, name, value);
          } else if (groups[i]) {
            assignOwnProperties(out, value as Record<string, unknown>);
          }
        }
      } catch (error) {
        rethrowAt(error, names[i], "decode", r.offset);
      }
      return out as T;
    },
    encode(w, value) {
      if (typeof value !== "object" || value === null || Array.isArray(value)) failValue(w, "an object", value);
      const record = value as Record<string, unknown>;
      let i = 0;
      try {
        for (; i < count; i++) {
          const name = names[i];
          const v = name !== undefined ? ownProperty(record, name) : groups[i] ? record : undefined;
          plan[i]!.codec.encode(w, v);
        }
      } catch (error) {
        rethrowAt(error, names[i], "encode", w.length);
      }
    },
    dataKind,
  };
}

/**
 * Fields laid out in place but listed apart, their properties merged into the enclosing object.
 * Useful to give a run of fields its own frame planning.
 */
export function inlineFields(fields: readonly ObjectField[]): FieldGroup {
  return { ...object(fields), spread: true };
}

/**
 * Fields covered together by one length header (a `dyn` field with `num_fields` > 1, such as an
 * operation's `contents` and `signature`), their properties merged into the enclosing object.
 * Inside the frame, a Variable field leaves room for the fixed-size fields after it.
 */
export function dynamicFields(header: LengthHeader, fields: readonly ObjectField[]): FieldGroup {
  return { ...dynamicSize(header, object(fields)), spread: true };
}

/**
 * A tuple: its parts concatenated, a JSON array of the parts that have a JSON value
 * (binary-only parts such as padding are skipped in the array).
 */
export function tuple<T extends unknown[] = unknown[]>(parts: readonly Codec<any>[]): Codec<T> {
  const codecs = parts as readonly Codec<unknown>[];
  const { fields: plan, dataKind } = planFields(codecs, (i) => `tuple part ${i}`);
  const jsonIndex: (number | undefined)[] = [];
  let width = 0;
  for (const c of codecs) jsonIndex.push(c.binaryOnly ? undefined : width++);
  const count = plan.length;
  return {
    decode(r) {
      const out: unknown[] = [];
      let i = 0;
      try {
        for (; i < count; i++) {
          const f = plan[i]!;
          const value = f.reserve < 0 ? f.codec.decode(r) : decodeReserving(r, f.codec, f.reserve);
          if (jsonIndex[i] !== undefined) out.push(value);
        }
      } catch (error) {
        rethrowAt(error, jsonIndex[i], "decode", r.offset);
      }
      return out as T;
    },
    encode(w, value) {
      if (!Array.isArray(value)) failValue(w, `an array of ${width}`, value);
      if (value.length !== width) failEncode(w, `an array of ${width}`, `an array of ${value.length}`);
      let i = 0;
      try {
        for (; i < count; i++) {
          const j = jsonIndex[i];
          plan[i]!.codec.encode(w, j === undefined ? undefined : value[j]);
        }
      } catch (error) {
        rethrowAt(error, jsonIndex[i], "encode", w.length);
      }
    },
    dataKind,
  };
}

/**
 * A codec defined later, for recursive definitions (`Ref` cycles): `get` is called at first use
 * and its result kept. Counts as Dynamic.
 */
export function lazy<T>(get: () => Codec<T>): Codec<T> {
  let codec: Codec<T> | undefined;
  return {
    decode: (r) => (codec ??= get()).decode(r),
    encode: (w, v) => (codec ??= get()).encode(w, v),
  };
}
