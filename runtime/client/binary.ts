/**
 * Binary bodies for the HTTP client (and any server that wants them). Imported only by
 * applications that speak `application/octet-stream`, so that JSON-only bundles leave out the
 * binary codecs and the binary framing.
 */
import { BinaryReader } from "../codec/reader.ts";
import { BinaryWriter } from "../codec/writer.ts";
import { frameBinary, unframeBinary } from "../http/framing.ts";
import { BinaryFrameSplitter } from "../http/stream-split.ts";
import type { AnyRouteDescriptor } from "../rpc/route.ts";
import type { BinaryBodies, BodyPart } from "./options.ts";

/** A binary codec of one body. */
export interface BodyCodec<T = any> {
  decode(r: BinaryReader): T;
  encode(w: BinaryWriter, value: T): void;
}

/** Binary codecs of one route's bodies. */
export type RouteBodyCodecs = Partial<Record<BodyPart, BodyCodec>>;

/** Binary codecs by route operation name (a generated interface's `binaryCodecs`). */
export type BinaryCodecTable = Readonly<Record<string, RouteBodyCodecs>>;

/**
 * Binary bodies from a generated interface's table (`binaryCodecs` of its `binary.ts`), for a
 * client's `binary` option.
 */
export function binaryBodies(table: BinaryCodecTable): BinaryBodies {
  // Plain JavaScript callers get no compiler check: say what is missing rather than fail at the first call.
  if (typeof table !== "object" || table === null) throw new TypeError("binaryBodies needs a generated interface's binary codec table (its `binaryCodecs` export)");
  return binaryBodiesOf((route, part) => table[route.operation]?.[part]);
}

/** Binary bodies from any lookup of codecs (the command line runs interpreted ones). */
export function binaryBodiesOf(codecOf: (route: AnyRouteDescriptor, part: BodyPart) => BodyCodec | undefined): BinaryBodies {
  const need = (route: AnyRouteDescriptor, part: BodyPart): BodyCodec => {
    const codec = codecOf(route, part);
    if (!codec) throw new Error(`no binary codec for the ${part} of ${route.operation}`);
    return codec;
  };
  const decodePayload = (route: AnyRouteDescriptor, part: BodyPart, payload: Uint8Array): unknown => {
    const reader = new BinaryReader(payload);
    const value = need(route, part).decode(reader);
    reader.expectEnd(`the end of the ${part} of ${route.operation}`);
    return value;
  };
  return {
    supports: (route, part) => codecOf(route, part) !== undefined,
    encodeBody(route, part, value) {
      const writer = new BinaryWriter();
      need(route, part).encode(writer, value);
      return frameBinary(writer.finish());
    },
    decodeBody: (route, part, body) => decodePayload(route, part, unframeBinary(body)),
    decodePayload,
    streamSplitter: (limit) => new BinaryFrameSplitter(limit),
  };
}
