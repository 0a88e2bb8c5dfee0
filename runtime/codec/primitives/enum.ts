/**
 * Enumerations written as integers, JSON strings:
 *
 * - {@link intEnum}: an `Enum` layout referring to an `Int_enum` definition, or a plain integer
 *   with a known mapping (ballot: `yay` 0, `nay` 1, `pass` 2);
 * - {@link stringEnum}: data-encoding's `string_enum`, the index of the case in definition order,
 *   as uint8 up to 255 cases, uint16 up to 65535, else uint30 (data-encoding.md §3).
 */
import { CodecDefinitionError, fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failDecode, failValue } from "./fail.ts";
import {
  readInt16,
  readInt8,
  readUint16,
  readUint30,
  readUint8,
  writeInt16,
  writeInt8,
  writeUint16,
  writeUint30,
  writeUint8,
} from "./integers.ts";

/** Integer widths an enumeration can use. */
export type EnumSize = "Int8" | "Uint8" | "Int16" | "Uint16" | "Uint30";

function readSized(r: BinaryReader, size: EnumSize): number {
  switch (size) {
    case "Int8":
      return readInt8(r);
    case "Uint8":
      return readUint8(r);
    case "Int16":
      return readInt16(r);
    case "Uint16":
      return readUint16(r);
    case "Uint30":
      return readUint30(r);
  }
}

function writeSized(w: BinaryWriter, size: EnumSize, v: number): void {
  switch (size) {
    case "Int8":
      return writeInt8(w, v);
    case "Uint8":
      return writeUint8(w, v);
    case "Int16":
      return writeInt16(w, v);
    case "Uint16":
      return writeUint16(w, v);
    case "Uint30":
      return writeUint30(w, v);
  }
}

function sizeBytes(size: EnumSize): number {
  return size === "Int8" || size === "Uint8" ? 1 : size === "Uint30" ? 4 : 2;
}

/** An enumeration stored as the integer paired with each name. */
export function intEnum<Name extends string>(size: EnumSize, cases: readonly (readonly [number, Name])[]): Codec<Name> {
  const byNumber = new Map<number, Name>();
  const byName = new Map<string, number>();
  for (const [n, name] of cases) {
    if (byNumber.has(n)) throw new CodecDefinitionError(`enumeration: value ${n} is used twice`);
    if (byName.has(name)) throw new CodecDefinitionError(`enumeration: name "${name}" is used twice`);
    byNumber.set(n, name);
    byName.set(name, n);
  }
  const names = cases.map(([, name]) => JSON.stringify(name)).join(", ");
  return {
    decode(r) {
      const at = r.offset;
      const n = readSized(r, size);
      const name = byNumber.get(n);
      if (name === undefined) failDecode(at, `an enumeration value (${cases.map(([v]) => v).join(", ")})`, String(n));
      return name;
    },
    encode(w, value) {
      const n = typeof value === "string" ? byName.get(value) : undefined;
      if (n === undefined) failValue(w, `one of ${names}`, value);
      writeSized(w, size, n);
    },
    dataKind: fixedKind(sizeBytes(size)),
  };
}

/** The index width data-encoding uses for `count` string-enum cases. */
export function stringEnumSize(count: number): "Uint8" | "Uint16" | "Uint30" {
  return count <= 255 ? "Uint8" : count <= 65535 ? "Uint16" : "Uint30";
}

/** `string_enum`: each name is written as its index in `names`. */
export function stringEnum<Name extends string>(names: readonly Name[]): Codec<Name> {
  return intEnum(
    stringEnumSize(names.length),
    names.map((name, i) => [i, name] as const),
  );
}
