/**
 * Binary bodies for the HTTP client. Imported only by applications that speak
 * `application/octet-stream`, so that JSON-only bundles leave the binary codecs out.
 */
import { BinaryReader } from "../codec/reader.ts";
import { BinaryWriter } from "../codec/writer.ts";
import type { AnyRouteDescriptor } from "../rpc/route.ts";
import type { BinaryBodies, BodyPart } from "./options.ts";

/** A binary codec of one body. */
export interface BodyCodec<T = any> {
  decode(r: BinaryReader): T;
  encode(w: BinaryWriter, value: T): void;
}

/** Binary codecs of one route's bodies. */
export type RouteBodyCodecs = Partial<Record<BodyPart, BodyCodec>>;

/** Binary codecs by route operation name (a generated table). */
export type BinaryCodecTable = Readonly<Record<string, RouteBodyCodecs>>;

/**
 * Binary bodies from `table`, or from the codecs a route descriptor carries itself when the
 * table has none for it.
 */
export function binaryBodies(table: BinaryCodecTable = {}): BinaryBodies {
  const codecOf = (route: AnyRouteDescriptor, part: BodyPart): BodyCodec | undefined => {
    const fromTable = table[route.operation]?.[part];
    if (fromTable) return fromTable;
    const body = route[part];
    return body?.decode && body.encode ? { decode: body.decode, encode: body.encode } : undefined;
  };
  const need = (route: AnyRouteDescriptor, part: BodyPart): BodyCodec => {
    const codec = codecOf(route, part);
    if (!codec) throw new Error(`no binary codec for the ${part} of ${route.operation}`);
    return codec;
  };
  return {
    supports: (route, part) => codecOf(route, part) !== undefined,
    encode(route, part, value) {
      const writer = new BinaryWriter();
      need(route, part).encode(writer, value);
      return writer.finish();
    },
    decode(route, part, payload) {
      const reader = new BinaryReader(payload);
      const value = need(route, part).decode(reader);
      reader.expectEnd(`the end of the ${part} of ${route.operation}`);
      return value;
    },
  };
}
