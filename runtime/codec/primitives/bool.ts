/** `bool`: one byte. The writer emits `ff`/`00`; the reader takes any non-zero byte as true. */
import { fixedKind, type Codec } from "../codec.ts";
import type { BinaryReader } from "../reader.ts";
import type { BinaryWriter } from "../writer.ts";
import { failShort, failValue } from "./fail.ts";

export function readBool(r: BinaryReader): boolean {
  if (r.offset >= r.end) failShort(r, 1, "bool");
  return r.bytes[r.offset++] !== 0;
}

export function writeBool(w: BinaryWriter, v: boolean): void {
  if (typeof v !== "boolean") failValue(w, "a boolean", v);
  const at = w.reserve(1);
  w.target[at] = v ? 0xff : 0x00;
}

export const bool: Codec<boolean> = { decode: readBool, encode: writeBool, dataKind: fixedKind(1) };
